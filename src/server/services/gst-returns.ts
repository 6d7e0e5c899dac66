import type { NoteDocument } from "#domain/credit-notes";
import { daysInMonth } from "#domain/dates";
import { buildEInvoice, EInvoiceInputError, type EInvoicePayload } from "#domain/gst-einvoice";
import {
  type EInvoiceInputResult,
  eInvoiceInputOfInvoice,
  eInvoiceInputOfNote,
} from "#domain/gst-einvoice-input";
import { buildGstr1, GSTR1_NOT_OFFERED_MESSAGE, type Gstr1Document, type Gstr1Json } from "#domain/gst-gstr1";
import { gstr1ReceiverNames } from "#domain/gst-gstr1-csv";
import { gstr1DocumentOfInvoice } from "#domain/gst-return-documents";
import { gstRegistrationOf } from "#domain/settings";
import type { Db } from "../db/client";
import { advancesForGstr1 } from "../db/queries/client-advances";
import { findCreditNote } from "../db/queries/credit-notes";
import { listIssuedInvoicesBetween } from "../db/queries/gst-returns";
import { findInvoice } from "../db/queries/invoices";
import { listIssuedChallansBetween } from "../db/queries/quotes";
import { readSettings } from "../db/queries/settings";
import { AppError, orNotFound } from "../errors";
import { recordActivity } from "./activity-log";
import { gstr1NoteDocuments } from "./credit-notes";

// GSTR-1 and e-invoice files (decisions 0034, 0035). Nothing here costs a credit: DECISIONS §10,
// credits pay for PDF files only.

export interface LeftOut {
  invoiceNumber: string;
  reason: string;
}

export interface UserGstr1 {
  gstin: string;
  report: Gstr1Json;
  /** Receiver names by GSTIN, for the CSV files (the JSON has none). */
  receiverNames: Record<string, string>;
  leftOut: LeftOut[];
}

/** "2026-11" -> the first and last day of that month. */
export function monthRange(period: string): { from: string; to: string } {
  const [year, month] = period.split("-").map(Number);
  const mm = String(month).padStart(2, "0");
  return {
    from: `${year}-${mm}-01`,
    to: `${year}-${mm}-${String(daysInMonth(year, month)).padStart(2, "0")}`,
  };
}

/**
 * Every GSTR-1 document of the month under `gstin`, and the invoices left out with why. The one
 * place a month's documents are gathered: credit and debit notes join the list here.
 */
export async function gstr1DocumentsForMonth(
  db: Db,
  businessId: string,
  period: string,
  gstin: string,
): Promise<{ documents: Gstr1Document[]; leftOut: LeftOut[] }> {
  const range = monthRange(period);
  const rows = await listIssuedInvoicesBetween(db, businessId, range);
  const documents: Gstr1Document[] = [];
  const leftOut: LeftOut[] = [];
  for (const row of rows) {
    const result = gstr1DocumentOfInvoice(
      {
        invoiceNumber: row.invoiceNumber,
        status: row.status,
        invoiceDate: row.invoiceDate,
        currency: row.currency,
        document: row.invoiceData,
      },
      gstin,
    );
    if (result.included) documents.push(result.document);
    else leftOut.push({ invoiceNumber: row.invoiceNumber, reason: result.reason });
  }
  // Credit and debit notes of the month, each with its original invoice (CDNR, CDNUR, or a change
  // to the B2CS rows); retail notes have no GST part and are not in the return.
  // Notes of invoices made under another GSTIN are left out, as those invoices are.
  documents.push(...(await gstr1NoteDocuments(db, businessId, range.from, range.to, gstin)));
  return { documents, leftOut };
}

/** The user's GSTR-1 for a month; refused for composition and unregistered accounts. */
export async function userGstr1(db: Db, businessId: string, period: string): Promise<UserGstr1> {
  const registration = gstRegistrationOf(await readSettings(db, businessId));
  if (registration.type !== "regular") throw new AppError("gstr1_not_offered", GSTR1_NOT_OFFERED_MESSAGE);
  const { documents, leftOut } = await gstr1DocumentsForMonth(db, businessId, period, registration.gstin);
  // Delivery challans count only in Table 13 "documents issued" (decision 0061), each in the
  // return of the GSTIN it was made under, as invoices are.
  const made = await listIssuedChallansBetween(db, businessId, monthRange(period));
  const challans = made
    .filter((c) => c.gstin === registration.gstin)
    .map((c) => ({
      number: c.number,
      date: c.date,
      reason: c.reason ?? "other",
      cancelled: c.status === "cancelled",
    }));
  // Advances for services (decision 0098): Table 11A when received, 11B when applied later.
  const advances = (await advancesForGstr1(db, businessId, monthRange(period))).map(
    ({ advance, applied }) => ({
      voucherNumber: advance.voucherNumber,
      receivedOn: advance.receivedOn,
      amountMinor: Number(advance.amountMinor),
      ratePercent: advance.gstRatePercent!,
      placeOfSupply: advance.placeOfSupply!,
      split: advance.taxSplit!,
      applied,
    }),
  );
  const report = buildGstr1({
    gstin: registration.gstin,
    period,
    registrationType: "regular",
    documents,
    challans,
    advances,
  });
  return { gstin: registration.gstin, report, receiverNames: gstr1ReceiverNames(documents), leftOut };
}

/**
 * The month's GSTR-1 as a download (JSON, or one section's CSV): a copy of the business's figures
 * leaving Bahi, so the activity log names who took it (decision 0077), as it does the data export.
 */
export async function downloadGstr1(
  db: Db,
  businessId: string,
  query: { period: string; format?: string; section?: string },
): Promise<UserGstr1> {
  const gstr1 = await userGstr1(db, businessId, query.period);
  const format = query.format === "csv" && query.section ? `CSV ${query.section}` : "JSON";
  await recordActivity(db, {
    businessId,
    action: "data_exported",
    record: { kind: "data", id: null, label: `GSTR-1 ${query.period} (${format})` },
    detail: { report: "gstr1", period: query.period, format },
  });
  return gstr1;
}

/** An e-invoice JSON file to download: its name and what it holds. */
export interface EInvoiceFile {
  fileName: string;
  payload: EInvoicePayload;
}

/** One invoice's e-invoice JSON, or the reason it has none (409 einvoice_not_available). */
export async function invoiceEInvoice(db: Db, businessId: string, invoiceId: string): Promise<EInvoiceFile> {
  const row = orNotFound(await findInvoice(db, businessId, invoiceId), "Invoice");
  const result = eInvoiceInputOfInvoice({
    invoiceNumber: row.invoiceNumber,
    status: row.status,
    invoiceDate: row.invoiceDate,
    currency: row.currency,
    document: row.invoiceData,
  });
  return eInvoiceFile(result, row.invoiceNumber);
}

/** A credit or debit note's e-invoice JSON (Typ CRN or DBN, its invoice as the preceding document). */
export async function noteEInvoice(db: Db, businessId: string, noteId: string): Promise<EInvoiceFile> {
  const note = orNotFound(await findCreditNote(db, businessId, noteId), "Credit note");
  const document = note.noteData as NoteDocument;
  const result = eInvoiceInputOfNote({
    kind: note.kind,
    noteNumber: note.noteNumber,
    status: note.status,
    noteDate: note.noteDate,
    currency: note.currency,
    document,
    original: document.note.original,
  });
  return eInvoiceFile(result, note.noteNumber);
}

function eInvoiceFile(result: EInvoiceInputResult, number: string): EInvoiceFile {
  if (!result.ok) throw new AppError("einvoice_not_available", result.reason);
  try {
    const payload = buildEInvoice(result.input);
    return { fileName: `einvoice_${number.replace(/[^A-Za-z0-9-]/g, "_")}.json`, payload };
  } catch (error) {
    if (error instanceof EInvoiceInputError) {
      throw new AppError(
        "einvoice_not_available",
        `The e-invoice JSON cannot carry this invoice: ${error.message}`,
      );
    }
    throw error;
  }
}
