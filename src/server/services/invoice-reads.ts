import { todayInTimeZone } from "#domain/dates";
import { now } from "../clock";
import type { Db } from "../db/client";
import { findInvoice, type InvoiceFilter, type InvoiceSort, listInvoices } from "../db/queries/invoices";
import type { PageParams } from "../db/queries/paging";
import { cachedSettings } from "../db/queries/settings";
import { notFound } from "../errors";
import type { SavedInvoice } from "./invoices";

// Reading invoices: each read takes the user's settings once (kept a few seconds per process), for
// the date that decides "overdue".

export async function userToday(db: Db, businessId: string): Promise<string> {
  const settings = await cachedSettings(db, businessId);
  return todayInTimeZone(now(), settings.timeZone);
}

/** One of the user's invoices with the user's today; not found for anyone else's. */
export async function readInvoice(db: Db, businessId: string, id: string): Promise<SavedInvoice> {
  const [row, today] = await Promise.all([findInvoice(db, businessId, id), userToday(db, businessId)]);
  if (!row) throw notFound("Invoice");
  return { ...row, today };
}

/** A page of the user's invoices, filtered and sorted, with the user's today. */
export async function listUserInvoices(
  db: Db,
  businessId: string,
  query: InvoiceFilter & PageParams & { sort: InvoiceSort },
) {
  const today = await userToday(db, businessId);
  return { ...(await listInvoices(db, businessId, { ...query, today })), today };
}
