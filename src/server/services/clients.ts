import type { Db } from "../db/client";
import type { ClientFields, ClientRow, ListParams } from "../db/queries/clients";
import * as rows from "../db/queries/clients";
import { notFound, orNotFound } from "../errors";

// The client book: each function is one operation of the user's own clients; a client that is
// not theirs (or not there) is "Client not found.".

export function listClients(db: Db, params: ListParams) {
  return rows.listClients(db, { ...params, search: params.search || undefined });
}

export function createClient(db: Db, businessId: string, fields: ClientFields): Promise<ClientRow> {
  return rows.createClient(db, { businessId, fields });
}

export async function getClient(db: Db, businessId: string, id: string): Promise<ClientRow> {
  return orNotFound(await rows.getClient(db, { businessId, id }), "Client");
}

export async function updateClient(
  db: Db,
  businessId: string,
  id: string,
  fields: Partial<ClientFields>,
): Promise<ClientRow> {
  return orNotFound(await rows.updateClient(db, { businessId, id, fields }), "Client");
}

/** Invoices keep their own copy of the client, so nothing else changes. */
export async function deleteClient(db: Db, businessId: string, id: string): Promise<void> {
  if (!(await rows.deleteClient(db, { businessId, id }))) throw notFound("Client");
}
