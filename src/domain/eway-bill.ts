import { z } from "zod";
import { addDays } from "./dates";
import { formatScaled, parseScaled, rupeesNumber as rupees } from "./decimal";
import { isUqc } from "./gst-uqc";
import { isoDate } from "./iso-date";
import { isValidGstin } from "./validation";

// NIC's e-way bill bulk-generation JSON, version 1.0.0621 (decision 0085): one bill per document,
// `{"version": "1.0.0621", "billLists": [...]}`, for the user to upload on the e-way bill portal;
// Bahi never talks to the portal. Fields, types and bounds follow NIC's attribute sheet "EWB JSON
// ATTRIBUTES - Version (1.0.0621)", its Schema, Master Codes and Validations tabs (copy read:
// CYCLOP5/CreditIQ ewaybillformats/; research: shared horizon-specs §3). Pure: amounts come in as
// integer paise and leave as JSON numbers in rupees made from decimal text.

export const EWAY_BILL_VERSION = "1.0.0621";
/** Rule 138(1): a consignment above ₹50,000 moves with an e-way bill. */
export const EWAY_BILL_THRESHOLD_MINOR = 50_000_00;
/** Validations #28. */
export const EWAY_MAX_DISTANCE_KM = 4000;
/** NIC advisory of 17 Dec 2024: no e-way bill for a document older than 180 days (from 1 Jan 2025). */
export const EWAY_MAX_DOCUMENT_AGE_DAYS = 180;
/** Master Codes: "OTHER COUNTRIES" (the bulk JSON's; the e-invoice's is 96). */
export const EWAY_OTHER_COUNTRY = 99;

export const TRANSPORT_MODES = ["road", "rail", "air", "ship"] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];
export const TRANSPORT_MODE_LABELS: Record<TransportMode, string> = {
  road: "Road",
  rail: "Rail",
  air: "Air",
  ship: "Ship or road cum ship",
};
const TRANS_MODE_CODES: Record<TransportMode, 1 | 2 | 3 | 4> = { road: 1, rail: 2, air: 3, ship: 4 };
export const VEHICLE_TYPES = ["regular", "odc"] as const;
export const VEHICLE_TYPE_LABELS: Record<(typeof VEHICLE_TYPES)[number], string> = {
  regular: "Regular",
  odc: "Over-dimensional cargo",
};

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters.`).default("");

/** An address the goods leave from or go to: the e-way bill's dispatch-from or ship-to. */
export const ewayAddressSchema = z.object({
  name: text(100),
  line1: text(120),
  line2: text(120),
  place: text(50),
  pin: text(6),
  /** GST state code ("29"). */
  stateCode: text(2),
});
export type EwayAddress = z.output<typeof ewayAddressSchema>;

/**
 * The Transport section of a document, stored inside its JSON (decision 0085). Every field is
 * optional on entry; what NIC needs is checked when the e-way bill JSON is made, not on save, so
 * a draft can be saved half filled.
 */
export const transportSchema = z.object({
  /** Transporter's GSTIN or 15-character TRANSIN. */
  transporterId: z.string().trim().toUpperCase().max(15, "Must be at most 15 characters.").default(""),
  transporterName: text(100),
  /** null: Part A only (the transporter fills Part B on the portal). */
  mode: z.enum(TRANSPORT_MODES).nullable().default(null),
  /** Kilometres; 0 asks the portal to work out the PIN-to-PIN distance. */
  distanceKm: z
    .number()
    .int("Whole kilometres.")
    .min(0)
    .max(EWAY_MAX_DISTANCE_KM, "At most 4,000 km.")
    .default(0),
  vehicleNumber: text(20),
  vehicleType: z.enum(VEHICLE_TYPES).default("regular"),
  /** Lorry receipt, railway receipt, airway bill or bill of lading number. */
  transportDocNumber: text(15),
  transportDocDate: isoDate.nullable().default(null),
  /** null: the company's address. */
  dispatchFrom: ewayAddressSchema.nullable().default(null),
  /** null: the client's shipping address, else billing address. */
  shipTo: ewayAddressSchema.nullable().default(null),
});
export type Transport = z.output<typeof transportSchema>;
export const emptyTransport = (): Transport => transportSchema.parse({});

export type EwayDocumentKind = "tax_invoice" | "bill_of_supply" | "delivery_challan" | "credit_note";
export type EwayChallanReason = "supply_on_approval" | "job_work" | "liquid_gas" | "other";

export interface EwayParty {
  /** "" for an unregistered person (sent as URP). */
  gstin: string;
  name: string;
  /** The party's own (bill-from / bill-to) state code, "29"; 99 is used for a party abroad. */
  stateCode: string;
  address: EwayAddress;
}

export interface EwayLineInput {
  name: string;
  hsnSac: string;
  /** Decimal text, at most 3 decimals. */
  quantity: string;
  uqc: string;
  taxableMinor: number;
  /** The whole GST rate in percent (18). */
  gstRatePercent: number;
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
}

export interface EwayBillInput {
  kind: EwayDocumentKind;
  number: string;
  /** yyyy-mm-dd */
  date: string;
  challanReason?: EwayChallanReason;
  /** An export invoice: the recipient is abroad (bill-to state "Other Country", URP). */
  isExport: boolean;
  /** The seller: the business itself (for a credit note the goods come back to it). */
  supplier: EwayParty;
  /** The client, or a challan's consignee (`recipientIsConsignee`). */
  recipient: EwayParty;
  /** The recipient is a challan's consignee: messages name it so (decision 0090). */
  recipientIsConsignee?: boolean;
  /** Intra-state (CGST + SGST) or inter-state (IGST), as the document computed it. */
  split: "intra" | "inter";
  lines: EwayLineInput[];
  /** The document's grand total: the e-way bill's total invoice value. */
  totalMinor: number;
  transport: Transport;
}

export interface EwayBillItem {
  itemNo: number;
  productName: string;
  productDesc: string;
  hsnCode: string;
  quantity: number;
  qtyUnit: string;
  taxableAmount: number;
  sgstRate: number;
  cgstRate: number;
  igstRate: number;
  cessRate: number;
  cessNonAdvol: number;
}

export interface EwayBill {
  userGstin: string;
  supplyType: "O" | "I";
  subSupplyType: number;
  subSupplyDesc: string;
  docType: "INV" | "BIL" | "CHL" | "BOE" | "OTH";
  docNo: string;
  docDate: string;
  transType: 1 | 2 | 3 | 4;
  fromGstin: string;
  fromTrdName: string;
  fromAddr1: string;
  fromAddr2: string;
  fromPlace: string;
  fromPincode: number;
  fromStateCode: number;
  actualFromStateCode: number;
  toGstin: string;
  toTrdName: string;
  toAddr1: string;
  toAddr2: string;
  toPlace: string;
  toPincode: number;
  toStateCode: number;
  actualToStateCode: number;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  TotNonAdvolVal: number;
  OthValue: number;
  totInvValue: number;
  transMode: number | "";
  transDistance: number;
  transporterName: string;
  transporterId: string;
  transDocNo: string;
  transDocDate: string;
  vehicleNo: string;
  vehicleType: "R" | "O" | "";
  mainHsnCode: string;
  itemList: EwayBillItem[];
}

export interface EwayBillFile {
  version: typeof EWAY_BILL_VERSION;
  billLists: EwayBill[];
}

export type EwayBillResult = { ok: true; bill: EwayBill } | { ok: false; problems: string[] };

export const EWAY_MESSAGES = {
  notNeeded:
    "No e-way bill is needed: the consignment is ₹50,000 or less (Rule 138). Ask for the JSON anyway if your state or buyer wants one.",
  servicesOnly: "No e-way bill is needed for services: every line has a SAC (99...) code.",
  vehicle:
    "The vehicle number does not match NIC's formats (e.g. KA01AB1234, KA011234, KAR1234, TM followed by the temporary number).",
  vehicleOrTransporter: "For transport by road, enter the vehicle number or the transporter's id.",
  transportDoc: "For transport by rail, air or ship, enter the transport document number and date.",
  transportDocDate: "The transport document date cannot be before the document date.",
  distance: "The distance must be 0 to 4,000 km (0 lets the portal work it out).",
  samePinDistance: "Dispatch and delivery at the same PIN code: enter a distance of 1 to 100 km.",
  old: "The document is more than 180 days old: NIC no longer makes an e-way bill for it.",
  future: "The document date is in the future.",
  transporterId: "The transporter id must be a 15-character GSTIN or TRANSIN.",
  supplierGstin: "Your GSTIN in Settings fails its checksum: check the last character.",
  recipientGstin: "The client's GSTIN fails its checksum: check the last character.",
  number: "The e-way bill takes document numbers of 1-16 letters, digits, / and -.",
  pin: (who: string) => `The ${who} PIN code must be 6 digits, not starting with 0.`,
  state: (who: string) => `The ${who} state is not known: choose it from the list.`,
  address: (who: string) => `Enter the ${who} address (line 1).`,
  hsn: (line: number) => `Line ${line}: enter an HSN code of 4, 6 or 8 digits (goods).`,
  rate: (line: number, rate: number) =>
    `Line ${line}: a GST rate of ${rate} % is not one NIC accepts (0, 0.1, 0.25, 3, 5, 12, 18, 28, 40).`,
  exportShipTo: "For an export, enter the ship-to address in India: the port or ICD the goods go to.",
  noGoods: "The e-way bill lists goods: add at least one line with an HSN code.",
  tooManyLines: "NIC takes at most 250 lines on one e-way bill.",
} as const;

/** NIC's Table 1 rates (IGST; CGST and SGST are half), with GST 2.0's 40 % (22 Sep 2025). */
const IGST_RATES = new Set([0, 0.1, 0.25, 3, 5, 12, 18, 28, 40]);

const VEHICLE_PATTERN =
  /^(?:[A-Z]{2}\d{2}[A-Z]{0,3}\d{4}|[A-Z]{2}\d{4,6}|[A-Z]{3}\d{4}|[A-Z]{2}\d{3}[A-Z]\d{4}|(?:DF|TM|BP|NP)[A-Z0-9]{5,13})$/;

/** A vehicle number as NIC wants it: upper case, letters and digits only ("ka-01 ab 1234" -> "KA01AB1234"). */
export function normalizeVehicleNumber(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/** Whether the normalised vehicle number has one of NIC's shapes (horizon-specs §3.6). */
export function isValidVehicleNumber(value: string): boolean {
  const v = normalizeVehicleNumber(value);
  return v.length >= 6 && v.length <= 15 && VEHICLE_PATTERN.test(v);
}

const isGoodsHsn = (hsn: string) => /^(?!0+$)(\d{4}|\d{6}|\d{8})$/.test(hsn) && !hsn.startsWith("99");

/**
 * Whether the document needs an e-way bill: goods worth more than ₹50,000. Null when it does;
 * otherwise the reason it does not (the user may still ask for the file).
 */
export function ewayBillNotNeededReason(doc: {
  totalMinor: number;
  lines: { hsnSac: string }[];
}): string | null {
  if (doc.lines.every((l) => l.hsnSac.trim().startsWith("99"))) return EWAY_MESSAGES.servicesOnly;
  if (doc.totalMinor <= EWAY_BILL_THRESHOLD_MINOR) return EWAY_MESSAGES.notNeeded;
  return null;
}

/** The bulk file for a list of bills. */
export function ewayBillFile(bills: EwayBill[]): EwayBillFile {
  return { version: EWAY_BILL_VERSION, billLists: bills };
}

/**
 * One bill of the bulk file from one document, or every problem NIC would refuse it for, in
 * words a user can act on. `today` is the business's date (yyyy-mm-dd).
 */
export function buildEwayBill(input: EwayBillInput, today: string): EwayBillResult {
  const problems: string[] = [];
  const t = input.transport;
  const isNote = input.kind === "credit_note";

  // Document number and date.
  const docNo = input.number.trim();
  if (!/^[A-Za-z0-9/-]{1,16}$/.test(docNo)) problems.push(EWAY_MESSAGES.number);
  if (input.date > today) problems.push(EWAY_MESSAGES.future);
  else if (input.date < addDays(today, -EWAY_MAX_DOCUMENT_AGE_DAYS)) problems.push(EWAY_MESSAGES.old);

  // Parties.
  const supplierGstin = input.supplier.gstin.trim().toUpperCase();
  if (!isValidGstin(supplierGstin)) problems.push(EWAY_MESSAGES.supplierGstin);
  const recipientGstin = input.isExport ? "" : input.recipient.gstin.trim().toUpperCase();
  if (recipientGstin !== "" && !isValidGstin(recipientGstin))
    problems.push(
      input.recipientIsConsignee
        ? EWAY_MESSAGES.recipientGstin.replace("client's", "consignee's")
        : EWAY_MESSAGES.recipientGstin,
    );

  const dispatch = t.dispatchFrom ?? input.supplier.address;
  const dispatchWho = t.dispatchFrom ? "dispatch-from" : "company (Settings)";
  const shipTo = t.shipTo ?? input.recipient.address;
  const recipientWho = input.recipientIsConsignee ? "consignee's" : "client's";
  const shipWho = t.shipTo ? "ship-to" : recipientWho;
  if (input.isExport && !t.shipTo) problems.push(EWAY_MESSAGES.exportShipTo);
  const place = (a: EwayAddress, who: string) => {
    if (a.line1.trim() === "") problems.push(EWAY_MESSAGES.address(who));
    const pin = a.pin.trim();
    if (!/^[1-9]\d{5}$/.test(pin)) problems.push(EWAY_MESSAGES.pin(who));
    const state = stateNumber(a.stateCode);
    if (state === null) problems.push(EWAY_MESSAGES.state(who));
    return { pin: Number(pin), state: state ?? 0 };
  };
  const from = place(dispatch, dispatchWho);
  const to = place(shipTo, shipWho);
  const supplierState = stateNumber(input.supplier.stateCode);
  if (supplierState === null) problems.push(EWAY_MESSAGES.state("company's"));
  const recipientState = input.isExport ? EWAY_OTHER_COUNTRY : stateNumber(input.recipient.stateCode);
  if (recipientState === null) problems.push(EWAY_MESSAGES.state(recipientWho));

  // Transport (Part B).
  const vehicleNo = normalizeVehicleNumber(t.vehicleNumber);
  const transporterId = t.transporterId.trim().toUpperCase();
  if (transporterId !== "" && !/^[0-9]{2}[0-9A-Z]{13}$/.test(transporterId))
    problems.push(EWAY_MESSAGES.transporterId);
  if (vehicleNo !== "" && !isValidVehicleNumber(vehicleNo)) problems.push(EWAY_MESSAGES.vehicle);
  if (t.mode === "road" && vehicleNo === "" && transporterId === "")
    problems.push(EWAY_MESSAGES.vehicleOrTransporter);
  const transDocNo = t.transportDocNumber.trim().replace(/[^A-Za-z0-9/-]/g, "");
  if (t.mode !== null && t.mode !== "road" && (transDocNo === "" || !t.transportDocDate))
    problems.push(EWAY_MESSAGES.transportDoc);
  if (t.transportDocDate && t.transportDocDate < input.date) problems.push(EWAY_MESSAGES.transportDocDate);
  if (!Number.isInteger(t.distanceKm) || t.distanceKm < 0 || t.distanceKm > EWAY_MAX_DISTANCE_KM)
    problems.push(EWAY_MESSAGES.distance);
  else if (from.pin === to.pin && (t.distanceKm < 1 || t.distanceKm > 100))
    problems.push(EWAY_MESSAGES.samePinDistance);

  // Lines: goods only (a service line rides in the values, not in the item list).
  const zeroRated = input.kind === "bill_of_supply" || input.kind === "delivery_challan";
  const items: EwayBillItem[] = [];
  input.lines.forEach((line, index) => {
    const hsn = line.hsnSac.trim();
    if (hsn.startsWith("99")) return;
    if (!isGoodsHsn(hsn)) {
      problems.push(EWAY_MESSAGES.hsn(index + 1));
      return;
    }
    const rate = zeroRated ? 0 : line.gstRatePercent;
    if (!IGST_RATES.has(rate)) problems.push(EWAY_MESSAGES.rate(index + 1, rate));
    const quantity = parseScaled(line.quantity, 3);
    const unit = line.uqc.trim().toUpperCase();
    const half = Number(formatScaled(Math.round(rate * 500), 3));
    items.push({
      itemNo: items.length + 1,
      productName: clean(line.name, 100),
      productDesc: clean(line.name, 100),
      hsnCode: hsn,
      quantity: quantity === null ? 0 : Number(formatScaled(quantity, 3)),
      qtyUnit: unit.length === 3 && isUqc(unit) ? unit : "OTH",
      taxableAmount: rupees(line.taxableMinor),
      sgstRate: input.split === "intra" ? half : 0,
      cgstRate: input.split === "intra" ? half : 0,
      igstRate: input.split === "inter" ? rate : 0,
      cessRate: 0,
      cessNonAdvol: 0,
    });
  });
  if (items.length === 0 && !problems.some((p) => p.includes("HSN"))) problems.push(EWAY_MESSAGES.noGoods);
  if (items.length > 250) problems.push(EWAY_MESSAGES.tooManyLines);

  if (problems.length > 0) return { ok: false, problems: [...new Set(problems)] };

  // Values: the goods lines' taxable value and tax; whatever else the document's total holds
  // (service lines, round-off) is other value, so the sum is the document's total to the paisa
  // (NIC: totalValue + taxes + OthValue <= totInvValue + ₹2). A challan or a bill of supply
  // carries no tax on the e-way bill (Validations "outward" 2, 5, 8-15): its tax, if any, is
  // other value too.
  const goods = input.lines.filter((l) => !l.hsnSac.trim().startsWith("99"));
  const sum = (f: (l: EwayLineInput) => number) => goods.reduce((a, l) => a + f(l), 0);
  const taxableMinor = sum((l) => l.taxableMinor);
  const [cgstMinor, sgstMinor, igstMinor] = zeroRated
    ? [0, 0, 0]
    : [sum((l) => l.cgstMinor), sum((l) => l.sgstMinor), sum((l) => l.igstMinor)];
  const otherMinor = input.totalMinor - taxableMinor - cgstMinor - sgstMinor - igstMinor;

  const subSupply = subSupplyOf(input);
  // 2 bill-to ship-to, 3 bill-from dispatch-from, 4 both. Goods coming back (a credit note)
  // leave from the ship-to side and arrive at the dispatch-from side: the roles swap.
  const [toSide, fromSide] = isNote ? [t.dispatchFrom, t.shipTo] : [t.shipTo, t.dispatchFrom];
  const transType = ((toSide ? 1 : 0) + (fromSide ? 2 : 0) + 1) as 1 | 2 | 3 | 4;
  const supplierParty = {
    gstin: supplierGstin,
    name: clean(input.supplier.name, 100),
    state: supplierState ?? 0,
  };
  const recipientParty = {
    gstin: recipientGstin === "" ? "URP" : recipientGstin,
    name: clean(input.recipient.name, 100),
    state: recipientState ?? 0,
  };
  // A credit note's goods come back: the client dispatches, the business receives (inward).
  const [billFrom, billTo] = isNote ? [recipientParty, supplierParty] : [supplierParty, recipientParty];
  const [fromAddress, toAddress, fromPlace, toPlace] = isNote
    ? [shipTo, dispatch, to, from]
    : [dispatch, shipTo, from, to];

  const bill: EwayBill = {
    userGstin: supplierGstin,
    supplyType: isNote ? "I" : "O",
    subSupplyType: subSupply.code,
    subSupplyDesc: subSupply.desc,
    docType: input.kind === "tax_invoice" ? "INV" : input.kind === "bill_of_supply" ? "BIL" : "CHL",
    docNo,
    docDate: portalDate(input.date),
    transType,
    fromGstin: billFrom.gstin,
    fromTrdName: billFrom.name,
    fromAddr1: clean(fromAddress.line1, 120),
    fromAddr2: clean(fromAddress.line2, 120),
    fromPlace: clean(fromAddress.place, 50),
    fromPincode: fromPlace.pin,
    fromStateCode: billFrom.state,
    actualFromStateCode: fromPlace.state,
    toGstin: billTo.gstin,
    toTrdName: billTo.name,
    toAddr1: clean(toAddress.line1, 120),
    toAddr2: clean(toAddress.line2, 120),
    toPlace: clean(toAddress.place, 50),
    toPincode: toPlace.pin,
    toStateCode: billTo.state,
    actualToStateCode: toPlace.state,
    totalValue: rupees(taxableMinor),
    cgstValue: rupees(cgstMinor),
    sgstValue: rupees(sgstMinor),
    igstValue: rupees(igstMinor),
    cessValue: 0,
    TotNonAdvolVal: 0,
    OthValue: rupees(otherMinor),
    totInvValue: rupees(input.totalMinor),
    transMode: t.mode === null ? "" : TRANS_MODE_CODES[t.mode],
    transDistance: t.distanceKm,
    transporterName: clean(t.transporterName, 25),
    transporterId,
    transDocNo: t.mode === null ? "" : transDocNo,
    transDocDate: t.mode !== null && t.transportDocDate ? portalDate(t.transportDocDate) : "",
    vehicleNo: t.mode === null ? "" : vehicleNo,
    vehicleType: t.mode === null ? "" : t.mode === "road" && t.vehicleType === "odc" ? "O" : "R",
    mainHsnCode: items[0]?.hsnCode ?? "",
    itemList: items,
  };
  return { ok: true, bill };
}

function subSupplyOf(input: EwayBillInput): { code: number; desc: string } {
  if (input.kind === "credit_note") return { code: 7, desc: "" };
  if (input.isExport) return { code: 3, desc: "" };
  if (input.kind !== "delivery_challan") return { code: 1, desc: "" };
  switch (input.challanReason) {
    case "job_work":
      return { code: 4, desc: "" };
    case "supply_on_approval":
      return { code: 8, desc: "Supply on approval" };
    case "liquid_gas":
      return { code: 11, desc: "" };
    default:
      return { code: 8, desc: "Other than by way of supply" };
  }
}

function stateNumber(code: string): number | null {
  const text = code.trim();
  if (!/^\d{1,2}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 99 ? n : null;
}

/** yyyy-mm-dd -> dd/mm/yyyy */
function portalDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}

/** Names and addresses: letters, digits, space and @ # - / , & . ( ) * only (NIC's and India Compliance's set). */
function clean(value: string, max: number): string {
  return value
    .replace(/[^A-Za-z0-9@#\-/,&.()* ]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}
