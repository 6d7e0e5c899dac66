import { type DisplayStatus, displayStatus, invoiceBalanceDueMinor } from "#domain/status";
import type { InvoiceRow, InvoiceSummaryRow } from "../db/queries/invoices";

// Invoices as the API shows them (src/contract/invoices.ts): every field listed, nothing else
// leaves. `today` is the user's date, which decides "overdue".

export function presentInvoiceSummary(row: InvoiceSummaryRow, today: string) {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    status: row.status,
    displayStatus: displayStatus(
      row.status,
      row.dueDate,
      today,
      Number(row.amountPaidMinor),
    ) as DisplayStatus,
    clientId: row.clientId,
    clientName: row.clientName,
    currency: row.currency,
    totalMinor: Number(row.totalMinor),
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    paymentDate: row.paymentDate,
    amountPaidMinor: Number(row.amountPaidMinor),
    balanceDueMinor: invoiceBalanceDueMinor(row.status, Number(row.totalMinor), Number(row.amountPaidMinor)),
    paymentReported: Number(row.openReports ?? 0) > 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentInvoice(row: InvoiceRow, today: string) {
  return { ...presentInvoiceSummary(row, today), document: row.invoiceData };
}
