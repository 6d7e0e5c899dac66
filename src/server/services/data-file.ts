import { z } from "zod";
import { clientFields } from "#contract/clients";
import { decimal, MAX_QUANTITY_UNITS, productFields } from "#contract/products";
import { formatScaled } from "#domain/decimal";
import { type InvoiceInput, invoiceInputSchema } from "#domain/invoice";
import { IMPORT_MESSAGES } from "#domain/messages";
import { AppError } from "../errors";

// The export file of spec §3 ("invoices", "clients", "settings", "productServices") and the whole-file
// check that import runs before it touches anything (DECISIONS §7). Clients and products keep the
// snake_case column names of the spec's tables; invoices are the camelCase invoice_data documents.

export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
const MAX_DEPTH = 24;
const MAX_RECORDS = 100_000;
const MAX_ERRORS_LISTED = 20;

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

const timestamp = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), "Must be a date and time.")
  .transform((s) => new Date(s))
  .optional();

/** A record's id from an earlier export; the import keeps it so that invoices still point at it. */
const recordId = z
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
});
export type InvoiceCompanyRecord = z.output<typeof invoiceCompanySchema>;

export interface InvoiceRecord {
  input: InvoiceInput;
  company: InvoiceCompanyRecord | null;
}

export interface ParsedDataFile {
  clients: ClientRecord[];
  productServices: ProductRecord[];
  invoices: InvoiceRecord[];
  /** The settings object as it is in the file; image data URLs are handled by the caller. */
  settings: Record<string, unknown>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Deepest nesting of a parsed JSON value, counted without recursion. */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(v))
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

const describeIssues = (issues: z.core.$ZodIssue[]) =>
  issues.map((i) => `${i.path.join(".") || "record"}: ${i.message}`);

/**
 * Validates the whole file. Every bad record is reported with the spec's prefix and its index;
 * nothing is written unless this answers.
 */
export function parseDataFile(body: unknown): ParsedDataFile {
  if (
    !isRecord(body) ||
    !Array.isArray(body.invoices) ||
    !Array.isArray(body.clients) ||
    !Array.isArray(body.productServices) ||
    !isRecord(body.settings)
  ) {
    throw new AppError("bad_request", IMPORT_MESSAGES.invalidFileFormat);
  }
  if (jsonDepthExceeds(body, MAX_DEPTH)) {
    throw new AppError("bad_request", "This file is nested too deeply to be a Bahi export.");
  }
  const total = body.invoices.length + body.clients.length + body.productServices.length;
  if (total > MAX_RECORDS) {
    throw new AppError("bad_request", `This file has more than ${MAX_RECORDS} records.`);
  }

  const errors: string[] = [];
  const fields: Record<string, string> = {};
  const fail = (section: string, prefix: string, index: number, problems: string[]) => {
    fields[`${section}.${index}`] = problems.join("; ");
    errors.push(`${prefix} at index ${index}: ${problems.join("; ")}`);
  };

  const clients: ClientRecord[] = [];
  const clientIds = new Set<string>();
  for (const [index, raw] of body.clients.entries()) {
    const parsed = clientRecordSchema.safeParse(raw);
    if (!parsed.success) {
      fail("clients", IMPORT_MESSAGES.clientImportErrorPrefix, index, describeIssues(parsed.error.issues));
      continue;
    }
    if (parsed.data.id && clientIds.has(parsed.data.id)) {
      fail("clients", IMPORT_MESSAGES.clientImportErrorPrefix, index, [
        `id: ${parsed.data.id} appears twice.`,
      ]);
      continue;
    }
    if (parsed.data.id) clientIds.add(parsed.data.id);
    clients.push(parsed.data);
  }

  const productServices: ProductRecord[] = [];
  const productIds = new Set<string>();
  for (const [index, raw] of body.productServices.entries()) {
    const parsed = productRecordSchema.safeParse(raw);
    if (!parsed.success) {
      fail(
        "productServices",
        IMPORT_MESSAGES.productImportErrorPrefix,
        index,
        describeIssues(parsed.error.issues),
      );
      continue;
    }
    if (parsed.data.id && productIds.has(parsed.data.id)) {
      fail("productServices", IMPORT_MESSAGES.productImportErrorPrefix, index, [
        `id: ${parsed.data.id} appears twice.`,
      ]);
      continue;
    }
    if (parsed.data.id) productIds.add(parsed.data.id);
    productServices.push(parsed.data);
  }

  const invoices: InvoiceRecord[] = [];
  const numbers = new Map<string, number>();
  for (const [index, raw] of body.invoices.entries()) {
    const parsed = invoiceInputSchema.safeParse(raw);
    if (!parsed.success) {
      fail("invoices", IMPORT_MESSAGES.invoiceImportErrorPrefix, index, describeIssues(parsed.error.issues));
      continue;
    }
    const key = parsed.data.invoiceNumber.toLowerCase();
    const earlier = numbers.get(key);
    if (earlier !== undefined) {
      fail("invoices", IMPORT_MESSAGES.invoiceImportErrorPrefix, index, [
        `invoiceNumber: ${parsed.data.invoiceNumber} is also used by the invoice at index ${earlier}.`,
      ]);
      continue;
    }
    numbers.set(key, index);
    const company = invoiceCompanySchema.safeParse(isRecord(raw) ? raw.company : undefined);
    invoices.push({
      input: parsed.data,
      company: company.success && isRecord((raw as Record<string, unknown>).company) ? company.data : null,
    });
  }

  if (errors.length > 0) {
    const shown = errors.slice(0, MAX_ERRORS_LISTED);
    if (errors.length > shown.length) shown.push(`...and ${errors.length - shown.length} more.`);
    throw new AppError("validation_failed", shown.join("\n"), fields);
  }
  return { clients, productServices, invoices, settings: body.settings };
}
