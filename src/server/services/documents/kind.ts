import type { DocumentKind, DocumentRef } from "#domain/document-kinds";
import type { InvoiceDocument } from "#domain/invoice";
import type { SendFacts } from "#domain/send";
import type { Db } from "#server/db/client";
import type { EventTable } from "#server/db/queries/document-events";
import type { AppError } from "#server/errors";
import type { PdfImages, PdfView } from "#server/pdf/view";
import type { BusinessGateways } from "../business-gateway";

// What the services around every document (paid PDF, send, share link, public page, events) need
// to know of one kind. Each kind is one such entry (kinds.ts); a kind that is not sent or has no
// public page leaves those parts out.

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

/** How the PDF is asked for: a challan prints in triplicate on request (one file, one credit). */
export interface PrintOptions {
  triplicate?: boolean;
}

/** What a mail about the document says of it, and why it may not be sent now. */
export interface Sendable {
  company: InvoiceDocument["company"];
  facts: Omit<SendFacts, "link">;
  /** Why it cannot be sent (a draft invoice, a closed quote); null when it can. */
  refusal: AppError | null;
}

/** The public link's state as a kind keeps it (its token, and what its owner is shown of it). */
export interface LinkState {
  status: string;
  token: string | null;
}

export interface Sharing {
  read(
    db: Db,
    businessId: string,
    id: string,
    opts?: { forUpdate?: boolean },
  ): Promise<LinkState | undefined>;
  /** Why it cannot be shared now (a draft invoice has no page); undefined when it can. */
  refusal?(current: LinkState): AppError | undefined;
  /** What making a link does to the document, in the same transaction (a draft quote is sent). */
  onShare?(tx: Db, businessId: string, current: LinkState): Promise<void>;
  setToken(tx: Db, businessId: string, id: string, token: string): Promise<LinkState | undefined>;
  /** The link as its owner sees it (the API's answer). */
  present(url: string | null, state: LinkState): { url: string | null };
}

/** The document behind a public link, as the page needs it. */
export interface PublicRow {
  id: string;
  businessId: string;
  status: string;
  /** The row's own kind when a page serves several (a challan's page is /q/ as a quote's). */
  kind?: DocumentKind;
}

export interface PublicPage {
  /** How the "link does not work" page names it. */
  noun: string;
  /** The small script the page loads from `<public path>/page.js`. */
  script: string;
  find(db: Db, token: string): Promise<PublicRow | undefined>;
  /** Besides the activity's "viewed" event (an invoice counts its views). */
  countView?(db: Db, row: PublicRow): Promise<void>;
  render(
    deps: { db: Db; gateways: BusinessGateways },
    row: PublicRow,
    token: string,
    /** `paid`: the payment id the page was sent back with after paying online (its thank-you). */
    query?: { paid?: string },
  ): Promise<string>;
  /** The ids of the company images the page may show, by the name in their URL. */
  imageIds(row: PublicRow): Record<string, string | null>;
}

/**
 * The company images a document's public page may show: the logo, the signature when the document
 * prints it, and (for a kind that can be paid) the UPI QR code when it prints that.
 */
export function pageImageIds(
  document: Pick<InvoiceDocument, "company" | "includeSignature" | "includeUpiQrCode">,
  opts: { upi: boolean },
): Record<string, string | null> {
  const { company } = document;
  return {
    logo: company.logoImageId,
    signature: document.includeSignature ? company.signatureImageId : null,
    ...(opts.upi ? { "upi-qr": document.includeUpiQrCode ? company.upiQrImageId : null } : {}),
  };
}

export interface KindConfig {
  /** How a message names it: "Invoice not found", "Quote not found". */
  title: string;
  /** Where its activity list is kept; null for a kind without one (a note tells its invoice's). */
  events: EventTable | null;
  /** The user's document of this kind as a PDF page, or undefined when they have none by that id. */
  printable(db: Db, businessId: string, id: string, opts?: PrintOptions): Promise<Printable | undefined>;
  /** How it is sent by e-mail with its public link. */
  sendable?(db: Db, businessId: string, id: string): Promise<Sendable | undefined>;
  /** Its public link and page, at `<publicPath>/<token>`. */
  publicPath?: string;
  sharing?: Sharing;
  publicPage?: PublicPage;
}
