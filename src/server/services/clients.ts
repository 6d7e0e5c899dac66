import type { Db } from "../db/client";
import type { ClientFields, ClientRow, ListParams } from "../db/queries/clients";
import * as rows from "../db/queries/clients";
import { notFound, orNotFound } from "../errors";
import { recordActivity } from "./activity-log";

// The client book: each function is one operation of the business's own clients; a client that is
// not theirs (or not there) is "Client not found.". Each change and its activity log entry (decision
// 0077) are one transaction.

export function listClients(db: Db, params: ListParams) {
  return rows.listClients(db, { ...params, search: params.search || undefined });
}

const recordOf = (row: { id: string; name: string }) => ({
  kind: "client" as const,
  id: row.id,
  label: row.name,
});

export function createClient(db: Db, businessId: string, fields: ClientFields): Promise<ClientRow> {
  return db.transaction(async (tx) => {
    const row = await rows.createClient(tx, { businessId, fields });
    await recordActivity(tx, { businessId, action: "created", record: recordOf(row) });
    return row;
  });
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
  return db.transaction(async (tx) => {
    const row = orNotFound(await rows.updateClient(tx, { businessId, id, fields }), "Client");
    // The names of the fields sent, never their values (an address, a GSTIN).
    const detail = {
      fields: Object.keys(fields).filter((k) => fields[k as keyof ClientFields] !== undefined),
    };
    await recordActivity(tx, { businessId, action: "edited", record: recordOf(row), detail });
    return row;
  });
}

/** Invoices keep their own copy of the client, so nothing else changes. */
export async function deleteClient(db: Db, businessId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await rows.deleteClient(tx, { businessId, id });
    if (!deleted) throw notFound("Client");
    await recordActivity(tx, { businessId, action: "deleted", record: recordOf(deleted) });
  });
}
