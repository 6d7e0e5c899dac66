import { z } from "zod";
import { INVALID_GSTIN_MESSAGE, isValidGstin, normalizeGstin } from "./validation";

// A business's GST registration (DECISIONS §10: retail stays the default). "none" makes the
// spec's retail invoices; "regular" makes tax invoices (or bills of supply when every line is
// exempt or nil-rated); "composition" makes bills of supply (CGST Rules 2017, Rules 46 and 49).

export const GST_REGISTRATION_TYPES = ["none", "regular", "composition"] as const;
export type GstRegistrationType = (typeof GST_REGISTRATION_TYPES)[number];

export const GST_REGISTRATION_MESSAGES = {
  gstinRequired: {
    regular: "Enter your GSTIN to register as a regular taxpayer.",
    composition: "Enter your GSTIN to register as a composition taxpayer.",
  },
  legalNameRequired: "Enter your legal name as it appears on your GST registration certificate.",
  nameTooLong: "Must be at most 200 characters.",
} as const;

const name = z.string().trim().max(200, GST_REGISTRATION_MESSAGES.nameTooLong).default("");

/**
 * The GST part of Settings. When `type` is "none" the other fields are kept as typed but
 * unused (a user switching back and forth loses nothing), and the GSTIN may be blank.
 */
export const gstRegistrationSchema = z
  .object({
    type: z.enum(GST_REGISTRATION_TYPES).default("none"),
    gstin: z
      .string()
      .transform(normalizeGstin)
      .refine((v) => v === "" || isValidGstin(v), INVALID_GSTIN_MESSAGE)
      .default(""),
    legalName: name,
    tradeName: name,
    /** Aggregate turnover above ₹5 crore in the preceding financial year: 6-digit HSN (Notification 78/2020). */
    turnoverAbove5Crore: z.boolean().default(false),
  })
  .superRefine((r, ctx) => {
    if (r.type === "none") return;
    if (r.gstin === "") {
      ctx.addIssue({
        code: "custom",
        path: ["gstin"],
        message: GST_REGISTRATION_MESSAGES.gstinRequired[r.type],
      });
    }
    if (r.legalName === "") {
      ctx.addIssue({
        code: "custom",
        path: ["legalName"],
        message: GST_REGISTRATION_MESSAGES.legalNameRequired,
      });
    }
  });

export type GstRegistration = z.output<typeof gstRegistrationSchema>;

export const DEFAULT_GST_REGISTRATION: GstRegistration = Object.freeze(gstRegistrationSchema.parse({}));

/** Registered for GST (regular or composition); narrows the registration's type for the caller. */
export function isGstRegistered<R extends Pick<GstRegistration, "type">>(
  r: R,
): r is R & { type: Exclude<GstRegistrationType, "none"> } {
  return r.type !== "none";
}

/** The kind of document an invoice or note is, which decides its title and what it may charge. */
export type GstDocumentType = "tax_invoice" | "bill_of_supply" | "invoice" | "credit_note" | "debit_note";

export const GST_DOCUMENT_TITLES: Readonly<Record<GstDocumentType, string>> = Object.freeze({
  tax_invoice: "Tax Invoice",
  bill_of_supply: "Bill of Supply",
  invoice: "Invoice",
  credit_note: "Credit Note",
  debit_note: "Debit Note",
});

/** Printed on every bill of supply of a composition taxpayer (CGST Act s.10(4), Rule 46/49). */
export const COMPOSITION_DECLARATION = "Composition taxable person, not eligible to collect tax on supplies";

/** Rule 46 proviso: the endorsement on an export invoice, by how IGST is handled (issue 34's wording). */
export const EXPORT_ENDORSEMENTS = Object.freeze({
  with_payment: "Supply meant for export on payment of integrated tax",
  without_payment: "Supply meant for export under LUT without payment of integrated tax",
});

/** The same endorsement on a supply to an SEZ unit or developer (Rule 46 proviso). */
export const SEZ_ENDORSEMENTS = Object.freeze({
  with_payment:
    "Supply meant for supply to SEZ unit or SEZ developer for authorised operations on payment of integrated tax",
  without_payment:
    "Supply meant for supply to SEZ unit or SEZ developer for authorised operations under LUT without payment of integrated tax",
});

/**
 * The document an invoice is: unregistered -> "invoice" (retail); composition -> "bill_of_supply";
 * regular -> "tax_invoice", or "bill_of_supply" when the supply is wholly exempt or nil-rated
 * (`allExemptOrNil`: every line at 0 %).
 */
export function documentTypeFor(
  registrationType: "regular" | "composition",
  options: { allExemptOrNil: boolean },
): "tax_invoice" | "bill_of_supply";
export function documentTypeFor(
  registrationType: GstRegistrationType,
  options: { allExemptOrNil: boolean },
): "tax_invoice" | "bill_of_supply" | "invoice";
export function documentTypeFor(
  registrationType: GstRegistrationType,
  options: { allExemptOrNil: boolean },
): "tax_invoice" | "bill_of_supply" | "invoice" {
  if (registrationType === "none") return "invoice";
  if (registrationType === "composition") return "bill_of_supply";
  return options.allExemptOrNil ? "bill_of_supply" : "tax_invoice";
}
