import { csvText } from "#domain/csv";
import { currencyOf } from "#domain/currencies";
import { todayInTimeZone } from "#domain/dates";
import { formatScaled } from "#domain/decimal";
import { displayStatus } from "#domain/status";
import { now } from "../clock";
import type { Db } from "../db/client";
import {
  type InvoiceExportRow,
  type InvoiceFilter,
  type InvoiceSort,
  listInvoicesForExport,
} from "../db/queries/invoices";
import { readSettings } from "../db/queries/settings";

// The invoices as CSV for accountants: one line per invoice of the list's filter, in its order.

const CSV_HEADER = [
  "Invoice number",
  "Client",
  "Invoice date",
  "Due date",
  "Status",
  "Currency",
  "Subtotal",
  "Discount",
  "Tax",
  "Round off",
  "Total",
  "Payment date",
];

function invoicesCsv(rows: InvoiceExportRow[], today: string): string {
  return csvText([
    CSV_HEADER,
    ...rows.map((row) => {
      const { exponent } = currencyOf(row.currency);
      const money = (minor: number) => formatScaled(Number(minor), exponent);
      return [
        row.invoiceNumber,
        row.clientName,
        row.invoiceDate,
        row.dueDate ?? "",
        displayStatus(row.status, row.dueDate, today, Number(row.amountPaidMinor)),
        row.currency,
        money(row.subtotalMinor),
        money(row.discountMinor),
        money(row.taxMinor),
        money(row.roundOffMinor),
        money(row.totalMinor),
        row.paymentDate ?? "",
      ];
    }),
  ]);
}

/** The user's invoices matching the list's filter, as a CSV file named after their today. */
export async function exportInvoicesCsv(
  db: Db,
  businessId: string,
  filter: InvoiceFilter & { sort: InvoiceSort },
): Promise<{ fileName: string; csv: string }> {
  const settings = await readSettings(db, businessId);
  const today = todayInTimeZone(now(), settings.timeZone);
  const rows = await listInvoicesForExport(db, businessId, { ...filter, today });
  return { fileName: `bahi-invoices-${today}.csv`, csv: invoicesCsv(rows, today) };
}
