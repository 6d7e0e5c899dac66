import type { NoteDocument } from "#domain/credit-notes";
import type { DocumentKind, DocumentRef } from "#domain/document-kinds";
import type { InvoiceDocument } from "#domain/invoice";
import type { SendFacts } from "#domain/send";
import { invoiceBalanceDueMinor } from "#domain/status";
import type { Db } from "../../db/client";
import { findCreditNote } from "../../db/queries/credit-notes";
import type { EventTable } from "../../db/queries/document-events";
import { findInvoice } from "../../db/queries/invoices";
import { findQuote } from "../../db/queries/quotes";
import { AppError } from "../../errors";
import { toNotePdfView } from "../../pdf/note-view";
import { toQuotePdfView } from "../../pdf/quote-view";
import { type PdfImages, type PdfView, toPdfView } from "../../pdf/view";
import { shareLink } from "../public-invoices";
import { shareQuoteLink } from "../quote-sharing";
import { shownQuoteStatus } from "../quote-status";

// Each kind of document is one entry here: what the services around every document (paid PDF,
// send, share link, public page, events) need to know of it. A new kind kept in the quotes table
// (a delivery challan, a proforma invoice) is one entry: its title, where its events go, its
// public path and how its page is drawn.

/** A document ready to be drawn as a PDF. */
export interface Printable {
  /** The document the ledger names (a note says whether it is a credit or a debit note). */
  document: DocumentRef;
  number: string;
  company: InvoiceDocument["company"];
  /** Which of the company's images the page shows. */
  shows: { signature: boolean; upiQr: boolean };
  view(images: PdfImages): PdfView;
}

/** What a mail about the document says of it, and why it may not be sent now. */
export interface Sendable {
  company: InvoiceDocument["company"];
  facts: Omit<SendFacts, "link">;
  /** Why it cannot be sent (a draft invoice, a closed quote); null when it can. */
  refusal: AppError | null;
}

export interface KindConfig {
  /** How a message names it: "Invoice not found", "Quote not found". */
  title: string;
  /** Where its activity list is kept; null for a kind without one (a note tells its invoice's). */
  events: EventTable | null;
  /** The path of its public page (`/i/<token>`), or null for a kind that has none. */
  publicPath: string | null;
  /** The user's document of this kind as a PDF page, or undefined when they have none by that id. */
  printable(db: Db, userId: string, id: string): Promise<Printable | undefined>;
  /** How it is sent by e-mail with its public link; undefined for a kind that is not sent. */
  sending?: {
    load(db: Db, userId: string, id: string): Promise<Sendable | undefined>;
    /** Its public link, made on first use. */
    share(db: Db, publicUrl: string, userId: string, id: string): Promise<{ url: string | null }>;
  };
}

async function printableInvoice(db: Db, userId: string, id: string): Promise<Printable | undefined> {
  const row = await findInvoice(db, userId, id);
  if (!row) return undefined;
  const doc = row.invoiceData;
  return {
    document: { kind: "invoice", id: row.id },
    number: row.invoiceNumber,
    company: doc.company,
    shows: { signature: doc.includeSignature, upiQr: doc.includeUpiQrCode },
    view: (images) => toPdfView(doc, images, Number(row.amountPaidMinor)),
  };
}

async function printableQuote(db: Db, userId: string, id: string): Promise<Printable | undefined> {
  const row = await findQuote(db, userId, id);
  if (!row) return undefined;
  const status = await shownQuoteStatus(db, row);
  const doc = row.quoteData;
  return {
    document: { kind: "quote", id: row.id },
    number: row.quoteNumber,
    company: doc.company,
    // A quote asks for no payment: its page has no UPI code.
    shows: { signature: doc.includeSignature, upiQr: false },
    view: (images) => toQuotePdfView(doc, status, images),
  };
}

/** A credit or a debit note, whichever kind the route asked for: the stored note says which. */
async function printableNote(db: Db, userId: string, id: string): Promise<Printable | undefined> {
  const note = await findCreditNote(db, userId, id);
  if (!note) return undefined;
  const doc = note.noteData as NoteDocument;
  return {
    document: { kind: note.kind === "debit" ? "debit_note" : "credit_note", id: note.id },
    number: note.noteNumber,
    company: doc.company,
    shows: { signature: doc.includeSignature, upiQr: false },
    view: (images) => toNotePdfView(doc, images, note.status === "cancelled"),
  };
}

async function sendableInvoice(db: Db, userId: string, id: string): Promise<Sendable | undefined> {
  const row = await findInvoice(db, userId, id);
  if (!row) return undefined;
  const doc = row.invoiceData;
  const balance = invoiceBalanceDueMinor(row.status, Number(row.totalMinor), Number(row.amountPaidMinor));
  return {
    company: doc.company,
    facts: {
      clientName: doc.client.name,
      number: row.invoiceNumber,
      amountMinor: balance || Number(row.totalMinor),
      currency: row.currency,
      dueDate: row.dueDate,
      businessName: doc.company.name,
    },
    refusal:
      row.status === "draft"
        ? new AppError("invoice_not_payable", "Issue the invoice before sending it.")
        : null,
  };
}

async function sendableQuote(db: Db, userId: string, id: string): Promise<Sendable | undefined> {
  const row = await findQuote(db, userId, id);
  if (!row) return undefined;
  const doc = row.quoteData;
  const open = row.status === "draft" || row.status === "sent";
  return {
    company: doc.company,
    facts: {
      clientName: doc.client.name,
      number: row.quoteNumber,
      amountMinor: Number(row.totalMinor),
      currency: row.currency,
      dueDate: row.validUntil,
      businessName: doc.company.name,
    },
    refusal: open
      ? null
      : new AppError("quote_closed", `This quote is ${row.status}, so it cannot be sent again.`),
  };
}

export const DOCUMENT_KIND_CONFIG: Record<DocumentKind, KindConfig> = {
  invoice: {
    title: "Invoice",
    events: "invoice_events",
    publicPath: "/i",
    printable: printableInvoice,
    sending: { load: sendableInvoice, share: (db, url, userId, id) => shareLink(db, url, userId, id) },
  },
  quote: {
    title: "Quote",
    events: "quote_events",
    publicPath: "/q",
    printable: printableQuote,
    sending: { load: sendableQuote, share: (db, url, userId, id) => shareQuoteLink(db, url, userId, id) },
  },
  credit_note: { title: "Credit note", events: null, publicPath: null, printable: printableNote },
  debit_note: { title: "Debit note", events: null, publicPath: null, printable: printableNote },
};
