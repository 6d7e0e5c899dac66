import { randomUUID } from "node:crypto";
import { and, eq, getTableColumns, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Address } from "#contract/clients";
import type { PageCount } from "#contract/common";
import type { Db } from "../client";
import { isoTimestampOf } from "../iso-timestamp";
import { clients } from "../schema";
import { deleteNamedRow, findOwnedRow, ownedRowIs } from "./owned";
import { byName, containsPattern, newestFirst, type PageParams, pageOf } from "./paging";

export type { Address };

/** A client's details as a document copies them (its snapshot) and as the export file lists them. */
export const clientDetailColumns = {
  name: clients.name,
  company: clients.company,
  email: clients.email,
  phone: clients.phone,
  gstin: clients.gstin,
  billingAddress: clients.billingAddress,
  shippingAddress: clients.shippingAddress,
};

export interface ClientFields {
  name: string;
  company: string;
  email: string;
  phone: string;
  gstin: string;
  billingAddress: Address;
  shippingAddress: Address | null;
  notes: string;
}

export type ClientRow = typeof clients.$inferSelect;
/** A client as a list page reads it: what the API answers, its times already ISO text. */
export type ClientListRow = Omit<ClientRow, "businessId" | "createdAt" | "updatedAt"> & {
  createdAt: string;
  updatedAt: string;
};

/**
 * The columns a page answers (not the owner: the request's own user), the times read as ISO text:
 * a page of 20 clients made and formatted 40 Dates (decision 0070).
 */
const { businessId: _owner, ...answered } = getTableColumns(clients);
const listColumns = {
  ...answered,
  createdAt: isoTimestampOf(clients.createdAt),
  updatedAt: isoTimestampOf(clients.updatedAt),
};
export type ClientSort = "name" | "newest";

export interface ListParams extends PageParams {
  businessId: string;
  search?: string;
  sort: ClientSort;
}

const userIs = eq(clients.businessId, sql.placeholder("businessId"));

function listWhere(search: boolean): SQL {
  if (!search) return userIs;
  const pattern = sql.placeholder("pattern");
  return and(
    userIs,
    or(
      ilike(clients.name, pattern),
      ilike(clients.company, pattern),
      ilike(clients.email, pattern),
      ilike(clients.phone, pattern),
    ),
  )!;
}

/**
 * One page of the user's clients and how many match (counted up to COUNT_LIMIT). Offset paging
 * over the (business_id, lower(name), id) and (business_id, created_at) indexes, one prepared statement
 * per sort and with or without a search (paging.ts).
 */
export async function listClients(
  db: Db,
  p: ListParams,
): Promise<{ rows: ClientListRow[]; nextCursor: string | null } & PageCount> {
  const search = Boolean(p.search);
  return pageOf<ClientListRow>(
    db,
    `clients:${p.sort}:${search}`,
    () => ({
      table: clients,
      columns: listColumns,
      where: listWhere(search),
      countedIn: search ? undefined : "clients",
      ...(p.sort === "newest" ? newestFirst(clients) : byName(clients)),
    }),
    { businessId: p.businessId, pattern: p.search ? containsPattern(p.search) : undefined },
    p,
    search,
  );
}

export function getClient(db: Db, p: { businessId: string; id: string }): Promise<ClientRow | undefined> {
  return findOwnedRow(db, clients, p.businessId, p.id);
}

export async function createClient(
  db: Db,
  p: { businessId: string; fields: ClientFields },
): Promise<ClientRow> {
  const [row] = await db
    .insert(clients)
    .values({ id: randomUUID(), businessId: p.businessId, ...p.fields })
    .returning();
  return row!;
}

/** Changes only the given fields of the user's client; undefined when it is not theirs. */
export async function updateClient(
  db: Db,
  p: { businessId: string; id: string; fields: Partial<ClientFields> },
): Promise<ClientRow | undefined> {
  const [row] = await db
    .update(clients)
    .set({ ...p.fields, updatedAt: new Date() })
    .where(ownedRowIs(clients, p.businessId, p.id))
    .returning();
  return row;
}

/** Invoices keep their own copy of the client, so nothing else changes. Answers what was deleted. */
export const deleteClient = (db: Db, p: { businessId: string; id: string }) => deleteNamedRow(db, clients, p);
