// What the e-way bill tests share: a tax invoice of goods from Bengaluru to Pune (inter-state),
// by road, in the shape buildEwayBill takes.
import { type EwayBillInput, type EwayLineInput, emptyTransport } from "../eway-bill";
import { gstin } from "./einvoice";

export const SELLER_KA = gstin("29AAACG0569P1Z");
export const BUYER_MH = gstin("27AAPFU0939F1Z");
export const TODAY = "2026-11-27";

/**
 * The Ajv options every e-way bill test compiles the schema written from NIC's attribute sheet
 * with (tests/fixtures/eway-bill-1.0.0621.schema.json): strict, every error at once, strictTypes
 * off, and its multipleOf steps (0.01, 0.001) checked to 6 decimals, as amounts are floats.
 */
export const EWAY_SCHEMA_AJV = { allErrors: true, strict: true, strictTypes: false, multipleOfPrecision: 6 };

export const roadInvoice = (): EwayBillInput => ({
  kind: "tax_invoice",
  number: "INV/26-27/0002",
  date: "2026-11-16",
  isExport: false,
  supplier: {
    gstin: SELLER_KA,
    name: "Bahi Demo Traders",
    stateCode: "29",
    address: {
      name: "",
      line1: "14 Industrial Area",
      line2: "Peenya",
      place: "Bengaluru",
      pin: "560058",
      stateCode: "29",
    },
  },
  recipient: {
    gstin: BUYER_MH,
    name: "Mehta Industries",
    stateCode: "27",
    address: {
      name: "",
      line1: "Plot 7 MIDC",
      line2: "Bhosari",
      place: "Pune",
      pin: "411026",
      stateCode: "27",
    },
  },
  split: "inter",
  lines: [
    {
      name: "Steel Bracket SB-10",
      hsnSac: "73269099",
      quantity: "100",
      uqc: "NOS",
      taxableMinor: 60_000_00,
      gstRatePercent: 18,
      cgstMinor: 0,
      sgstMinor: 0,
      igstMinor: 10_800_00,
    },
  ],
  totalMinor: 70_800_00,
  transport: { ...emptyTransport(), mode: "road", distanceKm: 842, vehicleNumber: "ka-01 ab 1234" },
});

/** roadInvoice sold within Karnataka, to an unregistered buyer in Bengaluru: CGST and SGST, not IGST. */
export function intraStateInvoice(): EwayBillInput {
  const input = roadInvoice();
  input.recipient = { ...input.recipient, gstin: "", stateCode: "29" };
  input.recipient.address = { ...input.recipient.address, pin: "560001", stateCode: "29" };
  input.split = "intra";
  return input;
}

/** A service line (fitting labour, SAC 998719) on `goods`'s other fields, taxed within the state: CGST and SGST of `half` each. */
export const serviceWithinState = (
  goods: EwayLineInput,
  name: string,
  taxableMinor: number,
  half: number,
): EwayLineInput => ({
  ...goods,
  name,
  hsnSac: "998719",
  taxableMinor,
  igstMinor: 0,
  cgstMinor: half,
  sgstMinor: half,
});

/** The port the goods of an export are shipped to: JNPT, Navi Mumbai (Maharashtra). */
export const JNPT_PORT = {
  name: "",
  line1: "Gate 2, JNPT",
  line2: "",
  place: "Navi Mumbai",
  pin: "400707",
  stateCode: "27",
};

/** A godown in another state than the seller's: Hosur (Tamil Nadu), to dispatch from or ship to. */
export const HOSUR_GODOWN = {
  name: "",
  line1: "Plot 9 KIADB",
  line2: "",
  place: "Hosur",
  pin: "635126",
  stateCode: "33",
};
