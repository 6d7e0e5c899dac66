import { z } from "zod";
import type { CompanyAddressParts } from "./company-address";
import { CURRENCY_CODES, currencyOf } from "./currencies";
import { formatScaled } from "./decimal";
import { validateInvoiceNumber } from "./document-number";
import { transportSchema } from "./eway-bill";
import { computeInrTotals, exchangeRateSchema, type InrTotals } from "./export-fx";
import { type CompanyGstSnapshot, gstDocumentPart, type InvoiceGstDetails } from "./gst-document";
import { addressStateCodeSchema, invoiceGstSchema } from "./gst-supply";
import { isUqc } from "./gst-uqc";
import { isoDate } from "./iso-date";
import { ADDRESS_LIMITS, CLIENT_LIMITS, PRODUCT_LIMITS } from "./limits";
import { bankDetailsSchema, FONT_FAMILIES, INVOICE_TEMPLATES } from "./settings";
import { STORED_STATUSES } from "./status";
import { computeInvoiceTotals, type InvoiceTotals, type LineInput, validateLine } from "./totals";
import { INVALID_GSTIN_MESSAGE, isValidEmail, isValidGstin, normalizeGstin } from "./validation";
import { amountInWords } from "./words";

// The invoice document (DECISIONS §5): what the editor sends, what the server stores in
// invoice_data (plus the computed parts), what the preview and the PDF draw. One schema for all.

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters.`).default("");
/** A decimal as typed or sent (text or a JSON number), as trimmed text; totals.ts checks it. */
export const decimalText = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

/** A line's GST Unit Quantity Code (gst-uqc.ts), upper-cased; "" means "derive from the unit". */
export const uqcText = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === "" || isUqc(v), "Choose a unit quantity code (UQC) from the list.");

export const addressSchema = z.object({
  line1: text(ADDRESS_LIMITS.line1),
  line2: text(ADDRESS_LIMITS.line2),
  city: text(ADDRESS_LIMITS.city),
  state: text(ADDRESS_LIMITS.state),
  postalCode: text(ADDRESS_LIMITS.postalCode),
  country: text(ADDRESS_LIMITS.country),
  /**
   * The state or UT chosen from the list (its GST code, "29"); "" or absent: only `state`'s text,
   * read by stateCodeFromName (decision 0082). Optional so addresses saved before keep their shape.
   */
  stateCode: addressStateCodeSchema,
});
export type Address = z.output<typeof addressSchema>;

/** An address with every line blank: where a new client's address and a new shipping address start. */
export const emptyAddress = (): Address => ({
  line1: "",
  line2: "",
  city: "",
  state: "",
  postalCode: "",
  country: "",
});

export const invoiceClientSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Client name is required.")
    .max(CLIENT_LIMITS.name, `Must be at most ${CLIENT_LIMITS.name} characters.`),
  company: text(CLIENT_LIMITS.company),
  // One address: reminders and recurring invoices mail it (decision 0044).
  email: text(CLIENT_LIMITS.email).refine(
    (v) => v === "" || isValidEmail(v),
    "Enter a valid e-mail address.",
  ),
  phone: text(CLIENT_LIMITS.phone),
  // Typed into the invoice or copied from a saved client: checked the same way (spec §6).
  gstin: z
    .string()
    .transform(normalizeGstin)
    .refine((v) => v === "" || isValidGstin(v), INVALID_GSTIN_MESSAGE)
    .default(""),
  billingAddress: addressSchema.prefault({}),
  shippingAddress: addressSchema.nullable().default(null),
});
export type InvoiceClient = z.output<typeof invoiceClientSchema>;

/** A client with every field blank: where a new invoice's client and a new saved client start. */
export function emptyClient(): InvoiceClient {
  return {
    name: "",
    company: "",
    email: "",
    phone: "",
    gstin: "",
    billingAddress: emptyAddress(),
    shippingAddress: null,
  };
}

/** The kinds of 0 % supply GSTR-1 Table 8 tells apart. */
export const GST_ZERO_TREATMENTS = ["nil_rated", "exempt", "non_gst"] as const;

export const invoiceItemSchema = z.object({
  /** Stable id of the line within the invoice (for editing and reordering). */
  id: z.string().min(1).max(64),
  productId: z.string().max(64).nullable().default(null),
  // A line is often a saved product: the same limits (the product's own checks stay with products).
  name: z
    .string()
    .trim()
    .min(1, "Item name is required.")
    .max(PRODUCT_LIMITS.name, `Must be at most ${PRODUCT_LIMITS.name} characters.`),
  hsnSac: text(PRODUCT_LIMITS.hsnSac),
  unit: text(PRODUCT_LIMITS.unit),
  quantity: decimalText,
  rate: decimalText,
  discountPercent: decimalText.default("0"),
  taxPercent: decimalText.default("0"),
  /**
   * GST Unit Quantity Code (gst-uqc.ts). Absent or "" means "derive from unit" (uqcForUnit);
   * optional rather than defaulted so lines built or stored before GST keep their exact shape.
   */
  uqc: uqcText.optional(),
  /**
   * A line at 0 % on a bill of supply: nil-rated, exempt or non-GST, the column of GSTR-1 Table 8
   * it counts in (decision 0082). Absent means nil-rated; optional so stored lines keep their shape.
   */
  gstTreatment: z.enum(GST_ZERO_TREATMENTS).optional(),
});
export type InvoiceItem = z.output<typeof invoiceItemSchema>;

/** What the editor sends to POST/PUT /api/invoices. Totals are never taken from here. */
export const invoiceInputSchema = z
  .object({
    invoiceNumber: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        const problem = validateInvoiceNumber(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    status: z.enum(STORED_STATUSES).default("draft"),
    invoiceDate: isoDate,
    dueDate: isoDate.nullable().default(null),
    paymentDate: isoDate.nullable().default(null),
    currency: z.enum(CURRENCY_CODES),
    /** A saved client of this user, or null for a client typed in. */
    clientId: z.string().max(64).nullable().default(null),
    client: invoiceClientSchema,
    items: z.array(invoiceItemSchema).min(1, "Add at least one item.").max(500, "At most 500 items."),
    roundOff: z.boolean().default(false),
    notes: text(5000),
    terms: text(5000),
    includeBankDetails: z.boolean().default(false),
    bankDetails: bankDetailsSchema.prefault({}),
    includeSignature: z.boolean().default(false),
    includeUpiQrCode: z.boolean().default(false),
    template: z.enum(INVOICE_TEMPLATES).default("classic"),
    primaryColor: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/)
      .default("#1E3A8A"),
    accentColor: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/)
      .default("#2DD4BF"),
    fontFamily: z.enum(FONT_FAMILIES).default("Roboto"),
    /**
     * GST choices (place of supply, reverse charge, export). Absent on invoices saved before GST
     * and on retail drafts: read it through invoiceGstOf(), which gives DEFAULT_INVOICE_GST.
     * Optional rather than defaulted so a retail document keeps exactly its old shape.
     */
    gst: invoiceGstSchema.optional(),
    /**
     * The Transport section (e-way bill Part B, dispatch-from and ship-to; decision 0085). Absent
     * until the user fills it; optional so documents saved before keep their exact shape.
     */
    transport: transportSchema.optional(),
    /**
     * The exchange rate of an invoice in a foreign currency: its date and named source (Rule 34;
     * decision 0089). Absent on INR invoices and on those saved before; optional for their shape.
     */
    exchangeRate: exchangeRateSchema.optional(),
  })
  .superRefine(documentChecks("invoiceDate", "dueDate", "Due date cannot be before the invoice date."));
export type InvoiceInput = z.output<typeof invoiceInputSchema>;

/** Each line of a document (invoice, quote, proforma, challan) checked as its totals need it. */
export function checkLines(doc: { items: LineInput[]; currency: string }, ctx: z.RefinementCtx): void {
  doc.items.forEach((item, index) => {
    const problem = validateLine(item, doc.currency);
    if (problem)
      ctx.addIssue({ code: "custom", path: ["items", index, problem.field], message: problem.message });
  });
}

/**
 * A document's checks: each line as its totals need it, and its closing day (due date, valid
 * until) never before its own date. `date` and `closing` name the document's two fields.
 */
export function documentChecks<D extends string, C extends string>(date: D, closing: C, message: string) {
  return (
    doc: { items: LineInput[]; currency: string } & Record<D, string> & Record<C, string | null>,
    ctx: z.RefinementCtx,
  ): void => {
    checkLines(doc, ctx);
    const until = doc[closing] as string | null;
    if (until && until < (doc[date] as string)) ctx.addIssue({ code: "custom", path: [closing], message });
  };
}

/** The company block as it was when the invoice was saved (a snapshot of Settings). */
export interface InvoiceCompany {
  name: string;
  email: string;
  address: string;
  /** The address in fields, when Settings has them (the e-invoice's seller address; decision 0082). */
  addressParts?: CompanyAddressParts;
  phone: string;
  gstin: string;
  logoImageId: string | null;
  signatureImageId: string | null;
  upiQrImageId: string | null;
  /**
   * The GST registration when the invoice was saved; absent or null for an unregistered
   * company (and every invoice saved before GST), which makes a retail invoice.
   */
  gst?: CompanyGstSnapshot | null;
}

/** The stored document: the input, the snapshots and everything computed from them. */
export interface InvoiceDocument extends InvoiceInput {
  clientName: string;
  company: InvoiceCompany;
  totals: InvoiceTotals;
  /** Grand total in major units as exact decimal text, e.g. "1234.50" (the spec's totalAmount). */
  totalAmount: string;
  amountInWords: string;
  /**
   * What GST makes of this invoice (document type and title, place of supply, split, reverse
   * charge, export, declarations), present only when the company is GST-registered; `totals`
   * then are GstInvoiceTotals (check with isGstTotals). Absent on retail and old documents.
   */
  gstDetails?: InvoiceGstDetails;
  /**
   * The invoice in rupees, when its currency is not INR and it has an exchange rate: each line
   * converted once, the sums of the lines (decision 0089). GSTR-1 and the e-invoice read these.
   */
  inrTotals?: InrTotals;
}

/**
 * Computes the document's totals from its lines; used by the editor, the server and the PDF.
 * A GST-registered company (company.gst) gets the GST totals and `gstDetails`; otherwise the
 * output is the retail document, exactly as before GST.
 */
export function buildInvoiceDocument(input: InvoiceInput, company: InvoiceCompany): InvoiceDocument {
  const gst = gstDocumentPart(input, company.gst);
  const totals = computeInvoiceTotals({
    currency: input.currency,
    lines: input.items,
    roundOff: input.roundOff,
    ...(gst ? { gst: gst.totalsOption } : {}),
  });
  const inrTotals =
    input.currency !== "INR" && input.exchangeRate
      ? computeInrTotals(totals, input.items, input.currency, input.exchangeRate, gst?.totalsOption ?? null)
      : null;
  return {
    ...input,
    clientName: input.client.name,
    company,
    ...(gst ? { gstDetails: gst.gst } : {}),
    totals,
    ...(inrTotals ? { inrTotals } : {}),
    totalAmount: formatScaled(totals.totalMinor, currencyOf(input.currency).exponent),
    amountInWords: amountInWords(totals.totalMinor, input.currency),
  };
}
