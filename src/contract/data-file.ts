import { z } from "zod";
import { formatScaled } from "#domain/decimal";
import type { InvoiceInput } from "#domain/invoice";
import type { PaymentMethod } from "#domain/payments";
import { INVALID_GSTIN_MESSAGE, isValidGstin, normalizeGstin } from "#domain/validation";
import { clientFields } from "./clients";
import type { InvoiceSharingRecord } from "./data-file-links";
import { paymentBody } from "./invoice-payments";
import { decimal, MAX_QUANTITY_UNITS, productFields } from "./products";

// The records of the export file (spec §3) as the import reads them: clients and products keep the
// snake_case column names of the spec's tables. The import's whole-file check
// (server/services/data-file.ts) parses with these; the database's import writes what they give.

const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    z.string().trim().max(max, `Must be at most ${max} characters.`),
  );

/** The contract's own field, with null and a missing value read as "" (the spec's nullable columns). */
const orEmpty = <T extends z.ZodType>(field: T) =>
  z.preprocess((v) => (v === null || v === undefined ? "" : v), field);

const isBlank = (v: unknown) => v === null || v === undefined || v === "";

/** The contract's decimal field as exact text ("650.50"); blank is 0, or null where the column is. */
const decimalText = (field: z.ZodType<number | null | undefined>, scale: number, blank: 0 | null) =>
  z
    .preprocess((v) => (isBlank(v) ? blank : v), field)
    .transform((units) => (units === null || units === undefined ? null : formatScaled(units, scale)));
const amountText = (field: z.ZodType<number | null | undefined>) =>
  decimalText(field, 2, 0).transform((v) => v ?? "0.00");

export const timestamp = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), "Must be a date and time.")
  .transform((s) => new Date(s))
  .optional();

/** A record's id from an earlier export; the import keeps it so that invoices still point at it. */
export const recordId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "Must be a simple id.")
  .optional();

// Clients and products are checked with the routes' own fields (#contract), so a value the API
// refuses is refused here with the same message and limit; only the names are the file's.
export const clientRecordSchema = z.object({
  id: recordId,
  name: orEmpty(clientFields.name),
  company: orEmpty(clientFields.company),
  email: orEmpty(clientFields.email),
  phone: orEmpty(clientFields.phone),
  gstin: orEmpty(clientFields.gstin),
  billing_address: z.preprocess((v) => v ?? {}, clientFields.billingAddress),
  shipping_address: clientFields.shippingAddress.default(null),
  notes: orEmpty(clientFields.notes),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ClientRecord = z.output<typeof clientRecordSchema>;

export const productRecordSchema = z.object({
  id: recordId,
  name: orEmpty(productFields.name),
  kind: productFields.kind.default("product"),
  hsn_sac: orEmpty(productFields.hsnSac),
  unit: orEmpty(productFields.unit),
  rate: amountText(productFields.rate),
  cost_price: amountText(productFields.costPrice),
  // The quantity on hand, which sales may have taken below zero (the route takes an opening one).
  available_quantity: decimalText(
    decimal("Available quantity", 3, MAX_QUANTITY_UNITS, { nullable: true, signed: true }),
    3,
    null,
  ),
  low_stock_level: decimalText(productFields.lowStockLevel, 3, null),
  default_tax_percent: amountText(productFields.defaultTaxPercent),
  default_discount_percent: amountText(productFields.defaultDiscountPercent),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProductRecord = z.output<typeof productRecordSchema>;

const imageIdOrNull = z.string().max(200).nullable().catch(null);

/**
 * The GST registration in an invoice's company snapshot (CompanyGstSnapshot), so a tax invoice
 * exported and imported again stays one; anything unreadable makes the invoice retail (null).
 */
const companyGstSchema = z
  .object({
    registrationType: z.enum(["regular", "composition"]),
    gstin: z.string().transform(normalizeGstin).refine(isValidGstin, INVALID_GSTIN_MESSAGE),
    legalName: z.string().trim().min(1).max(200),
    tradeName: text(200),
    stateCode: z.string().regex(/^\d{2}$/),
    turnoverAbove5Crore: z.boolean().default(false),
  })
  .nullable()
  .catch(null);

/** The company snapshot of an invoice; image ids are checked against the user's images later. */
export const invoiceCompanySchema = z.object({
  name: text(200),
  email: text(254),
  address: text(1000),
  phone: text(40),
  gstin: text(15),
  logoImageId: imageIdOrNull.default(null),
  signatureImageId: imageIdOrNull.default(null),
  upiQrImageId: imageIdOrNull.default(null),
  gst: companyGstSchema.optional(),
});
export type InvoiceCompanyRecord = z.output<typeof invoiceCompanySchema>;

export interface InvoiceRecord {
  input: InvoiceInput;
  company: InvoiceCompanyRecord | null;
  /** The payments received that the file carries (none for files made before payments were exported). */
  payments: InvoicePaymentRecord[];
  /** Its public link and the reminders already sent (decision 0087); absent in older files. */
  sharing?: InvoiceSharingRecord;
}

/**
 * A payment received as an invoice's `payments` carry it. The amount is decimal text in the
 * invoice currency's minor-unit exponent ("600.00"), read against that currency by the whole-file
 * check; the other fields are the payments route's own.
 */
export const invoicePaymentRecordSchema = z.object({
  amount: z.union([z.string(), z.number()], "Amount must be a decimal, like 600.00."),
  paidOn: paymentBody.shape.paidOn,
  method: paymentBody.shape.method,
  reference: orEmpty(paymentBody.shape.reference),
  note: orEmpty(paymentBody.shape.note),
  /**
   * "status": made by marking the invoice paid; "credit_note": a credit note's share of the balance,
   * named by `creditNoteNumber`; any other is imported as a payment the user recorded.
   */
  source: z.string().optional().catch(undefined),
  creditNoteNumber: z.string().max(60).optional().catch(undefined),
  /** TDS the client deducted (decision 0088): decimal text in rupees, with its section and rate. */
  tds: z.union([z.string(), z.number()], "TDS must be a decimal, like 1000.00.").optional(),
  tdsSection: paymentBody.shape.tdsSection,
  tdsRateBp: paymentBody.shape.tdsRateBp,
  tdsSeenIn26as: z.boolean("Must be true or false.").optional().default(false),
  /** A realisation (decision 0089): the rupees credited as decimal text ("82500.00"), and the FIRC / e-BRC number. */
  inrCredited: z
    .union([z.string(), z.number()], "Rupees credited must be a decimal, like 82500.00.")
    .optional(),
  realisationRef: orEmpty(paymentBody.shape.realisationRef),
  /** Applied from this advance of the file's `clientAdvances` (decision 0092). */
  advanceId: z.string().max(64).optional().catch(undefined),
});

export interface InvoicePaymentRecord {
  amountMinor: number;
  paidOn: string;
  method: PaymentMethod;
  reference: string;
  note: string;
  source: "manual" | "status" | "credit_note";
  /** Only on source "credit_note": the note (of the file's `creditNotes`) this share belongs to. */
  creditNoteNumber?: string;
  /** TDS the client deducted (decision 0088); absent when none. */
  tdsMinor?: number;
  tdsSection?: string | null;
  tdsRateBp?: number | null;
  tdsSeenIn26as?: boolean;
  /** A realisation of an invoice in another currency (decision 0089). */
  inrCreditedMinor?: number | null;
  realisationRef?: string;
  /** The file's id of the client advance it was applied from (decision 0092). */
  advanceId?: string;
}

/** A client advance of the export file (decision 0092), checked; its id and client are the file's. */
export interface AdvanceRecord {
  id: string;
  clientId: string;
  currency: string;
  amountMinor: number;
  receivedOn: string;
  method: PaymentMethod;
  reference: string;
  note: string;
  source: "manual" | "bank_statement";
  /** GST due on receipt (decision 0098): all four set for an advance for a service, else null. */
  gstRatePercent: number | null;
  placeOfSupply: string | null;
  taxSplit: "cgst_sgst" | "cgst_utgst" | "igst" | null;
  voucherNumber: string | null;
}
