import type { DocumentSeries } from "./document-number";
import { QUOTE_STATUS_LABELS } from "./quote-status";
import { type StockLine, stockDelta } from "./stock";

// The pre-invoice documents as one kind each: the quote (estimate), the proforma invoice and the
// delivery challan (CGST Rule 55). All three are invoice documents stored in the `quotes` table
// with a `kind`; none is in receivables or in GSTR-1's sales sections, and each converts into an
// invoice. What differs is this configuration, read by the service, the routes, the PDF and the
// GST return alike (docs/decisions/0061-challans-and-proformas.md).

export const PRE_INVOICE_KINDS = ["quote", "proforma", "challan"] as const;
export type PreInvoiceKind = (typeof PRE_INVOICE_KINDS)[number];

/**
 * Every kind of document Bahi makes. A credit ledger row, a queued mail and an event name the
 * document they are about by its kind and id (decision 0057), never by a column named for one kind.
 */
export const ALL_DOCUMENT_KINDS = [
  "invoice",
  ...PRE_INVOICE_KINDS,
  "credit_note",
  "debit_note",
  // A client's statement of account for a period (decision 0081).
  "statement",
] as const;
export type DocumentKind = (typeof ALL_DOCUMENT_KINDS)[number];

/** Which document a row or a job is about. */
export interface DocumentRef {
  kind: DocumentKind;
  id: string;
}

/** Why goods leave on a delivery challan (Rule 55(1)); each is its own row of GSTR-1 Table 13. */
export const CHALLAN_REASONS = ["supply_on_approval", "job_work", "liquid_gas", "other"] as const;
export type ChallanReason = (typeof CHALLAN_REASONS)[number];

export const CHALLAN_REASON_LABELS: Record<ChallanReason, string> = {
  supply_on_approval: "Supply on approval",
  job_work: "Job work",
  liquid_gas: "Supply of liquid gas",
  other: "Other than by way of supply",
};

/** GSTR-1 Table 13's nature of document for each reason (9 to 12). */
export const CHALLAN_GSTR1_NATURE: Record<ChallanReason, 9 | 10 | 11 | 12> = {
  job_work: 9,
  supply_on_approval: 10,
  liquid_gas: 11,
  other: 12,
};

/** The three copies of a challan printed in triplicate (Rule 55(2)). */
export const CHALLAN_COPIES = [
  "Original for consignee",
  "Duplicate for transporter",
  "Triplicate for consignor",
] as const;

/** The statuses a person's action stores, per kind (a quote's "expired" is shown, never stored). */
export const KIND_STATUSES = {
  quote: ["draft", "sent", "accepted", "declined", "converted"],
  proforma: ["draft", "sent", "converted"],
  challan: ["draft", "issued", "returned", "cancelled", "converted"],
} as const satisfies Record<PreInvoiceKind, readonly string[]>;
export type KindStatus<K extends PreInvoiceKind> = (typeof KIND_STATUSES)[K][number];
export type PreInvoiceStatus = KindStatus<PreInvoiceKind>;

/** Every stored status of any kind: the `quotes.status` column's values. */
export const ALL_PRE_INVOICE_STATUSES = [
  ...new Set(PRE_INVOICE_KINDS.flatMap((kind) => KIND_STATUSES[kind])),
] as PreInvoiceStatus[];

export const PRE_INVOICE_STATUS_LABELS: Record<PreInvoiceStatus | "expired", string> = {
  ...QUOTE_STATUS_LABELS,
  issued: "Issued",
  returned: "Returned",
  cancelled: "Cancelled",
};

/** Each kind's owner API (literal, so the routes' contracts are named by their paths). */
export const KIND_API_PATHS = {
  quote: "/api/quotes",
  proforma: "/api/proforma-invoices",
  challan: "/api/delivery-challans",
} as const;

export interface DocumentKindConfig {
  kind: PreInvoiceKind;
  /** In sentences: "delivery challan". */
  noun: string;
  /** The number series (at most 16 characters with the year and count: DC/2026-27/0001). */
  series: Extract<DocumentSeries, "QT" | "PF" | "DC">;
  /**
   * Whether a draft waits for its series number until it is issued (a challan: Rule 55's series is
   * consecutive, so an abandoned draft must leave no gap); else it takes it when created.
   */
  numberedWhenIssued: boolean;
  /** The public page's path, before "/<token>" (one page for every pre-invoice kind). */
  publicPath: "/q";
  statuses: readonly PreInvoiceStatus[];
  /** The owner's status moves: from -> the statuses it may go to (conversion is its own command). */
  moves: Partial<Record<PreInvoiceStatus, readonly PreInvoiceStatus[]>>;
  /** The statuses in which the document holds its items out of stock. */
  holdsStockIn: readonly PreInvoiceStatus[];
  /** The statuses from which it converts into an invoice. */
  convertsFrom: readonly PreInvoiceStatus[];
  convertsInto: "invoice";
  /** Whether several of the same client's documents convert into one invoice. */
  convertsTogether: boolean;
  /** Never counted in receivables, the dashboard or payments. */
  countsInReceivables: false;
  /** GSTR-1: none at all, or only Table 13 "documents issued" (never a sales section). */
  gstr1: "none" | "documents_issued";
  /** Whether the owner may delete it: drafts only once it is part of a numbered GST series. */
  deletableIn: readonly PreInvoiceStatus[] | "any";
  pdf: {
    title: string;
    numberLabel: string;
    dateLabel: string;
    /** The due-date field's label (a quote's valid-until date); null: not printed. */
    dueLabel: string | null;
    /** Printed in triplicate on request. */
    copies: readonly string[] | null;
    /** Default terms are rewritten to the quote's ("This quote…"). */
    quoteTerms: boolean;
  };
}

/** What every kind shares: the public page, conversion into an invoice, never in receivables. */
const EVERY_KIND = { publicPath: "/q", convertsInto: "invoice", countsInReceivables: false } as const;

/**
 * The quote and the proforma, offers made before the sale: numbered when created, holding no stock,
 * converted one at a time, deletable in any status and never in GSTR-1.
 */
const OFFER = {
  ...EVERY_KIND,
  numberedWhenIssued: false,
  holdsStockIn: [],
  convertsTogether: false,
  gstr1: "none",
  deletableIn: "any",
} as const;
const OFFER_PDF = { dueLabel: "Valid Until", copies: null } as const;

export const DOCUMENT_KINDS: Record<PreInvoiceKind, DocumentKindConfig> = {
  quote: {
    ...OFFER,
    kind: "quote",
    noun: "quote",
    series: "QT",
    statuses: KIND_STATUSES.quote,
    moves: { draft: ["sent"], sent: ["accepted", "declined"] },
    convertsFrom: ["accepted"],
    pdf: {
      ...OFFER_PDF,
      title: "QUOTATION",
      numberLabel: "Quote No.",
      dateLabel: "Quote Date",
      quoteTerms: true,
    },
  },
  proforma: {
    ...OFFER,
    kind: "proforma",
    noun: "proforma invoice",
    series: "PF",
    statuses: KIND_STATUSES.proforma,
    moves: { draft: ["sent"] },
    convertsFrom: ["draft", "sent"],
    pdf: {
      ...OFFER_PDF,
      title: "PROFORMA INVOICE",
      numberLabel: "Proforma No.",
      dateLabel: "Proforma Date",
      quoteTerms: false,
    },
  },
  challan: {
    ...EVERY_KIND,
    kind: "challan",
    numberedWhenIssued: true,
    noun: "delivery challan",
    series: "DC",
    statuses: KIND_STATUSES.challan,
    moves: { draft: ["issued"], issued: ["returned", "cancelled"] },
    holdsStockIn: ["issued"],
    convertsFrom: ["issued"],
    convertsTogether: true,
    gstr1: "documents_issued",
    deletableIn: ["draft"],
    pdf: {
      title: "DELIVERY CHALLAN",
      numberLabel: "Challan No.",
      dateLabel: "Challan Date",
      dueLabel: null,
      copies: CHALLAN_COPIES,
      quoteTerms: false,
    },
  },
};

export function isPreInvoiceKind(value: unknown): value is PreInvoiceKind {
  return typeof value === "string" && (PRE_INVOICE_KINDS as readonly string[]).includes(value);
}

/** "Delivery challan": the kind's noun at the start of a sentence. */
export function kindTitle(kind: PreInvoiceKind): string {
  const noun = DOCUMENT_KINDS[kind].noun;
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}

export type KindCheck = { ok: true } | { ok: false; code: string; message: string };

const article = (noun: string) => (/^[aeiou]/.test(noun) ? "An" : "A");

/** Whether the owner may move a document of `kind` from `from` to `to` (not conversion). */
export function canMove(kind: PreInvoiceKind, from: PreInvoiceStatus, to: PreInvoiceStatus): KindCheck {
  const config = DOCUMENT_KINDS[kind];
  if (config.moves[from]?.includes(to)) return { ok: true };
  const label = PRE_INVOICE_STATUS_LABELS[to].toLowerCase();
  return {
    ok: false,
    code: "STATUS_MOVE_REFUSED",
    message: `This ${config.noun} is ${from}, so it cannot be marked ${label}.`,
  };
}

/** Whether a document of `kind` in `status` may be converted into an invoice. */
export function canConvertKind(kind: PreInvoiceKind, status: PreInvoiceStatus): KindCheck {
  const config = DOCUMENT_KINDS[kind];
  if (config.convertsFrom.includes(status)) return { ok: true };
  if (status === "converted")
    return {
      ok: false,
      code: "ALREADY_CONVERTED",
      message: `This ${config.noun} has already been converted to an invoice.`,
    };
  const from = config.convertsFrom.join(" or ");
  return {
    ok: false,
    code: "NOT_CONVERTIBLE",
    message: `${article(config.noun)} ${config.noun} can be converted to an invoice only when it is ${from}; this one is ${status}.`,
  };
}

/** Whether a document of `kind` in `status` may be deleted (an issued challan is cancelled instead). */
export function canDeleteKind(kind: PreInvoiceKind, status: PreInvoiceStatus): KindCheck {
  const config = DOCUMENT_KINDS[kind];
  if (config.deletableIn === "any" || config.deletableIn.includes(status)) return { ok: true };
  return {
    ok: false,
    code: "NOT_DELETABLE",
    message: `This ${config.noun} is ${status} and keeps its number in the series, so it cannot be deleted. Cancel it instead.`,
  };
}

/** Whether a document can still be edited: while draft, or sent (a quote or proforma not yet answered). */
export function canEditKind(kind: PreInvoiceKind, status: PreInvoiceStatus): KindCheck {
  if (status === "draft" || (status === "sent" && kind !== "challan")) return { ok: true };
  return {
    ok: false,
    code: "CLOSED",
    message: `This ${DOCUMENT_KINDS[kind].noun} is ${status}, so it can no longer be changed.`,
  };
}

export function holdsStockAs(kind: PreInvoiceKind, status: PreInvoiceStatus): boolean {
  return DOCUMENT_KINDS[kind].holdsStockIn.includes(status);
}

/**
 * The change to stock when a document of `kind` goes from `before` to `after`, per product
 * (negative takes out): one holding stock counts as an issued invoice would, one that does not as
 * a draft, so a challan moves stock by the invoice's rule (DECISIONS §6).
 */
export function kindStockDelta(
  kind: PreInvoiceKind,
  lines: StockLine[],
  before: PreInvoiceStatus,
  after: PreInvoiceStatus,
): Map<string, number> {
  const state = (status: PreInvoiceStatus) => ({
    status: holdsStockAs(kind, status) ? ("due" as const) : ("draft" as const),
    lines,
  });
  return stockDelta(state(before), state(after));
}
