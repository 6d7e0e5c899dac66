// What the e-invoice tests share: valid GSTINs, the buyer in Pune, and a check of a payload
// against the INV-01 schema that answers what Ajv found (the test compiles the schema with Ajv).
import type { EInvoiceInput, EInvoiceLineInput } from "../gst-einvoice";
import { gstinCheckCharacter } from "../validation";

/** A valid GSTIN: the first 14 characters and their check character. */
export const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);

export const BUYER_MH = gstin("27AAACR5055K1Z");

/** The first tax invoice of 2026-27, business to business. */
export const firstB2bInvoice = {
  documentKind: "tax_invoice",
  number: "INV/2026-27/0001",
  date: "2026-11-05",
  supplyType: "B2B",
  reverseCharge: false,
} as const satisfies Partial<EInvoiceInput>;

/** A registered buyer in Pune (Maharashtra), supplied within the state. */
export const puneBuyer: EInvoiceInput["buyer"] = {
  gstin: BUYER_MH,
  legalName: "Reliable Office Supplies LLP",
  placeOfSupply: "27",
  address1: "Plot 4, Hinjewadi Phase 1",
  location: "Pune",
  pin: "411057",
  stateCode: "27",
};

export type SchemaErrors = { instancePath: string; keyword: string; params: Record<string, unknown> }[];

/** `validate`: the schema as Ajv compiles it. The answer: whether the payload is valid, and why not. */
export function schemaCheck(validate: { (payload: unknown): unknown; errors?: unknown }) {
  return (payload: unknown): { valid: boolean; errors: SchemaErrors } => {
    const valid = validate(payload) as boolean;
    return { valid, errors: (validate.errors ?? []) as SchemaErrors };
  };
}

/** A line of steel almirahs at 18 %, its amounts 0 unless `overrides` gives them. */
export function almirahLine(overrides: Partial<EInvoiceLineInput>): EInvoiceLineInput {
  return {
    description: "Steel almirah",
    isService: false,
    hsnSac: "94031090",
    quantity: "1",
    uqc: "NOS",
    unitPriceMinor: 0,
    grossMinor: 0,
    discountMinor: 0,
    taxableMinor: 0,
    gstRatePercent: 18,
    igstMinor: 0,
    cgstMinor: 0,
    sgstMinor: 0,
    cessMinor: 0,
    totalMinor: 0,
    ...overrides,
  };
}
