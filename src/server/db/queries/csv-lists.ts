import { asc, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client";
import { clients, productServices } from "../schema";
import type { ClientRow } from "./clients";
import { rowsOfBusiness } from "./owned";
import type { ProductRow } from "./products";

// Every client or product of the user, by name, for the CSV export.

type NamedTable = PgTable & { businessId: PgColumn; name: PgColumn };

/** Every row of the business's `table`, by name whatever its case. */
async function allByName<T extends NamedTable>(
  db: Db,
  table: T,
  businessId: string,
): Promise<T["$inferSelect"][]> {
  return rowsOfBusiness(db, table, businessId, [asc(sql`lower(${table.name})`)]);
}

export function listAllClientsForExport(db: Db, businessId: string): Promise<ClientRow[]> {
  return allByName(db, clients, businessId);
}

export function listAllProductsForExport(db: Db, businessId: string): Promise<ProductRow[]> {
  return allByName(db, productServices, businessId);
}
