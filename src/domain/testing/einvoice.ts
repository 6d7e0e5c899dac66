// What the e-invoice tests share: valid GSTINs, the buyer in Pune, and a check of a payload
// against the INV-01 schema that answers what Ajv found (the test compiles the schema with Ajv).
import type { EInvoiceInput } from "../gst-einvoice";
import { gstinCheckCharacter } from "../validation";

/** A valid GSTIN: the first 14 characters and their check character. */
export const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);

export const BUYER_MH = gstin("27AAACR5055K1Z");

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
