import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { clients, productServices } from "../schema";
import type { ClientRow } from "./clients";
import type { ProductRow } from "./products";

// Every client or product of the user, by name, for the CSV export.

export async function listAllClientsForExport(db: Db, businessId: string): Promise<ClientRow[]> {
  return db
    .select()
    .from(clients)
    .where(eq(clients.businessId, businessId))
    .orderBy(asc(sql`lower(${clients.name})`));
}

export async function listAllProductsForExport(db: Db, businessId: string): Promise<ProductRow[]> {
  return db
    .select()
    .from(productServices)
    .where(eq(productServices.businessId, businessId))
    .orderBy(asc(sql`lower(${productServices.name})`));
}
