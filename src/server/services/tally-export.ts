import type { NoteDocument } from "#domain/credit-notes";
import { currentStateOfGstin } from "#domain/gst-states";
import type { InvoiceDocument } from "#domain/invoice";
import { gstRegistrationOf } from "#domain/settings";
import { buildTallyExport, type TallyExport } from "#domain/tally/build";
import { type TallyDocument, tallyDocumentOfInvoice, tallyDocumentOfNote } from "#domain/tally/documents";
import type { TallyMapping } from "#domain/tally/mapping";
import type { Db } from "../db/client";
import { notesWithOriginalsBetween } from "../db/queries/credit-notes";
import { listIssuedInvoicesBetween } from "../db/queries/gst-returns";
import { readSettings } from "../db/queries/settings";
import { readTallyMappingRow, receiptsBetween, saveTallyMapping } from "../db/queries/tally";
import { AppError } from "../errors";
import { recordActivity } from "./activity-log";
import { recordSettingsChanged } from "./settings-activity";

// Export to Tally (issue 32 part 1, decision 0080): the business's GST documents and money received
// in a date range, as TallyPrime's masters and vouchers files, built by the pure domain builder.

export const TALLY_NOT_OFFERED_MESSAGE =
  "Export to Tally needs your GST registration (regular) in Settings: its vouchers carry your GSTIN.";

export async function tallyExportOf(
  db: Db,
  businessId: string,
  range: { from: string; to: string },
): Promise<TallyExport & { gstin: string }> {
  const settings = await readSettings(db, businessId);
  const registration = gstRegistrationOf(settings);
  if (registration.type !== "regular") throw new AppError("tally_not_offered", TALLY_NOT_OFFERED_MESSAGE);
  const gstin = registration.gstin;
  const [invoiceRows, noteRows, receiptRows, mapping] = await Promise.all([
    listIssuedInvoicesBetween(db, businessId, range),
    notesWithOriginalsBetween(db, businessId, range.from, range.to),
    receiptsBetween(db, businessId, range),
    readTallyMappingRow(db, businessId),
  ]);
  const documents: TallyDocument[] = [];
  for (const row of invoiceRows) {
    const doc = tallyDocumentOfInvoice({ ...row, document: row.invoiceData }, gstin);
    if (doc) documents.push(doc);
  }
  for (const { note, originalData } of noteRows) {
    const doc = tallyDocumentOfNote(
      { id: note.id, status: note.status, currency: note.currency, document: note.noteData as NoteDocument },
      originalData as InvoiceDocument,
      gstin,
    );
    if (doc) documents.push(doc);
  }
  // Money received for the invoices the export carries (GST invoices in rupees under this GSTIN).
  const receipts = receiptRows.flatMap((r) => {
    const invoice = r.invoiceData as InvoiceDocument;
    if (r.currency !== "INR" || invoice.company?.gst?.gstin !== gstin || !invoice.gstDetails) return [];
    return [
      {
        id: r.id,
        invoiceNumber: r.invoiceNumber,
        client: invoice.client,
        date: r.paidOn,
        amountMinor: r.amountMinor,
        method: r.method,
        reference: r.reference,
        sequence: r.sequence,
      },
    ];
  });
  const built = buildTallyExport({
    businessId,
    company: {
      name: settings.companyName || registration.tradeName || registration.legalName,
      gstin,
      stateCode: currentStateOfGstin(gstin) ?? "",
    },
    mapping,
    from: range.from,
    to: range.to,
    documents,
    receipts,
  });
  return { ...built, gstin };
}

/** One of the two files as a download; the activity log names who took it (decision 0077). */
export async function downloadTallyFile(
  db: Db,
  businessId: string,
  query: { from: string; to: string; part: "masters" | "vouchers" },
): Promise<{ fileName: string; xml: string }> {
  const built = await tallyExportOf(db, businessId, query);
  const label = `Tally ${query.part} ${query.from} to ${query.to}`;
  await recordActivity(db, {
    businessId,
    action: "data_exported",
    record: { kind: "data", id: null, label },
    detail: { report: "tally", part: query.part, from: query.from, to: query.to },
  });
  return {
    fileName: `bahi-${query.part}-${query.from}-${query.to}.xml`,
    xml: query.part === "masters" ? built.masters : built.vouchers,
  };
}

export const readTallyMapping = readTallyMappingRow;

/** Saves the ledger names; the activity log records the change (names, not values). */
export async function updateTallyMapping(
  db: Db,
  businessId: string,
  mapping: TallyMapping,
): Promise<TallyMapping> {
  await db.transaction(async (tx) => {
    await saveTallyMapping(tx, businessId, mapping);
    await recordSettingsChanged(tx, businessId, ["tallyLedgers"], "Tally ledger names");
  });
  return mapping;
}
