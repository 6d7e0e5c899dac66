import { z } from "zod";
import {
  ADDRESS_STATE_MESSAGES,
  addressStateCode,
  isBlankAddress,
  isForeignCountry,
  type StateOfAddress,
} from "./address-state";
import { isValidIsoDate } from "./dates";
import {
  currentStateCode,
  gstStateByCode,
  isPlaceOfSupplyCode,
  OTHER_COUNTRY,
  stateCodeOfGstin,
} from "./gst-states";

// Where a supply is made and how its tax is split (IGST Act ss.10-13; decision 0033). The
// invoice's own choices live in `invoiceGstSchema`; the rest is derived, never stored twice.

export const EXPORT_TYPES = ["none", "with_payment", "without_payment"] as const;
/** "with_payment": IGST charged (and refunded later); "without_payment": under LUT or bond, no tax. */
export type ExportType = (typeof EXPORT_TYPES)[number];

export const INVOICE_GST_MESSAGES = {
  placeOfSupply: "Choose a place of supply from the list.",
  exportPlaceOfSupply: "An export's place of supply is Other Country (96).",
  lutRequired:
    "Enter the LUT (letter of undertaking) or bond reference for an export without payment of IGST.",
  portCode: "Port code must be 6 letters or digits, like INBOM4.",
} as const;

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters.`).default("");

/**
 * The GST choices of one invoice. Stored inside the document; absent on invoices saved before
 * GST (read it through `invoiceGstOf`), and ignored while the account is not registered.
 */
export const invoiceGstSchema = z
  .object({
    /** Two-digit code, or null: not chosen, `defaultPlaceOfSupply` applies. */
    placeOfSupply: z
      .string()
      .trim()
      .refine(isPlaceOfSupplyCode, INVOICE_GST_MESSAGES.placeOfSupply)
      .nullable()
      .default(null),
    /** The recipient pays the tax (CGST Act s.9(3)/(4)); the invoice shows it but does not charge it. */
    reverseCharge: z.boolean().default(false),
    exportType: z.enum(EXPORT_TYPES).default("none"),
    /**
     * The buyer is an SEZ unit or developer: a zero-rated supply like an export (with or without
     * IGST) whose place of supply is the SEZ's state, reported in GSTR-1's B2B as SEWP/SEWOP, not
     * EXP (decision 0089). Optional so documents saved before keep their shape.
     */
    sez: z.boolean().optional(),
    /** LUT or bond reference, required for (and printed on) an export without payment. */
    lutNumber: text(50),
    portCode: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === "" || /^[A-Z0-9]{6}$/.test(v), INVOICE_GST_MESSAGES.portCode)
      .default(""),
    shippingBillNumber: text(20),
    shippingBillDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date like 2026-11-21.")
      .refine(isValidIsoDate, "Must be a real date, like 2026-11-21.")
      .nullable()
      .default(null),
  })
  .superRefine((g, ctx) => {
    if (g.exportType !== "none" && !g.sez && g.placeOfSupply !== null && g.placeOfSupply !== OTHER_COUNTRY) {
      ctx.addIssue({
        code: "custom",
        path: ["placeOfSupply"],
        message: INVOICE_GST_MESSAGES.exportPlaceOfSupply,
      });
    }
    if (g.exportType === "without_payment" && g.lutNumber === "") {
      ctx.addIssue({ code: "custom", path: ["lutNumber"], message: INVOICE_GST_MESSAGES.lutRequired });
    }
  });

export type InvoiceGst = z.output<typeof invoiceGstSchema>;

export const DEFAULT_INVOICE_GST: InvoiceGst = Object.freeze(invoiceGstSchema.parse({}));

/** An invoice's GST choices, the defaults for one saved before GST. */
export function invoiceGstOf(input: { gst?: InvoiceGst | null }): InvoiceGst {
  return input.gst ?? DEFAULT_INVOICE_GST;
}

/** A state chosen from the list: its two-digit code, or "" (not chosen). */
export const addressStateCodeSchema = z
  .string()
  .trim()
  .refine((v) => v === "" || (isPlaceOfSupplyCode(v) && v !== OTHER_COUNTRY), ADDRESS_STATE_MESSAGES.choose)
  .optional();

export {
  ADDRESS_STATE_MESSAGES,
  addressStateCode,
  addressStateProblem,
  gstinStateMismatch,
  isBlankAddress,
  isForeignCountry,
  type StateOfAddress,
  stateFromGstin,
} from "./address-state";

/** The parts of a client the place of supply is read from. */
export interface PlaceOfSupplyClient {
  gstin: string;
  billingAddress: StateOfAddress;
  shippingAddress: StateOfAddress | null;
}

/**
 * The place of supply when the user has not chosen one: the state of the client's GSTIN; else
 * the shipping address, else the billing address (a country set and not India gives 96, a
 * state chosen or recognised its code). An address typed without a state that can be told gives
 * null: never a guess (decision 0082). Only when nothing is typed at all (a counter sale) is it
 * the supplier's own state. A legacy GSTIN prefix counts as today's state (25 -> 26, 28 -> 37);
 * a GSTIN starting 99 (centre jurisdiction) says nothing about a place, so the addresses decide.
 */
export function defaultPlaceOfSupply(client: PlaceOfSupplyClient, supplierStateCode: string): string | null {
  const prefix = stateCodeOfGstin(client.gstin);
  const fromGstin = prefix ? currentStateCode(prefix) : null;
  if (fromGstin && isPlaceOfSupplyCode(fromGstin)) return fromGstin;
  for (const address of [client.shippingAddress, client.billingAddress]) {
    if (!address) continue;
    if (isForeignCountry(address.country)) return OTHER_COUNTRY;
    const code = addressStateCode(address);
    if (code) return code;
    if (!isBlankAddress(address)) return null;
  }
  return supplierStateCode;
}

/**
 * The place of supply an invoice uses: 96 for an export, else the chosen one, else the default;
 * null when the client's address does not say its state.
 */
export function effectivePlaceOfSupply(
  gst: Pick<InvoiceGst, "placeOfSupply" | "exportType"> & { sez?: boolean },
  client: PlaceOfSupplyClient,
  supplierStateCode: string,
): string | null {
  if (gst.exportType !== "none" && !gst.sez) return OTHER_COUNTRY;
  return gst.placeOfSupply ?? defaultPlaceOfSupply(client, supplierStateCode);
}

/** CGST + SGST, CGST + UTGST (a union territory without legislature), or IGST. */
export const TAX_SPLITS = ["cgst_sgst", "cgst_utgst", "igst"] as const;
export type TaxSplit = (typeof TAX_SPLITS)[number];

/**
 * How tax is split: an export (or place of supply 96) is inter-state, IGST; the supplier's own
 * state is intra-state, CGST + SGST each at half the rate, or CGST + UTGST in Chandigarh,
 * Ladakh, Lakshadweep, Andaman and Nicobar, Dadra and Nagar Haveli and Daman and Diu, and
 * Other Territory 97; any other state is IGST. A legacy supplier code (25, 28) counts as today's.
 */
export function taxSplitFor(
  supplierStateCode: string,
  placeOfSupply: string,
  exportType: ExportType,
): TaxSplit {
  if (exportType !== "none" || placeOfSupply === OTHER_COUNTRY) return "igst";
  if (currentStateCode(supplierStateCode) !== currentStateCode(placeOfSupply)) return "igst";
  return gstStateByCode(placeOfSupply)?.utWithoutLegislature ? "cgst_utgst" : "cgst_sgst";
}
