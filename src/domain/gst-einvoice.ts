// The e-invoice JSON (FORM GST INV-01, Version 1.1) of one document, for the user to upload on the
// invoice registration portal; Bahi never talks to the portal (decision 0034). Pure: the caller
// fills EInvoiceInput from a stored invoice, already judged e-invoiceable by eInvoiceEligibility.
// Amounts arrive as integer paise and leave as JSON numbers in rupees, made from decimal text.
import { formatScaled, parseScaled } from "./decimal";
import type {
  EInvoiceDocumentType,
  EInvoiceExportInput,
  EInvoiceInput,
  EInvoiceItemPayload,
  EInvoiceLineInput,
  EInvoiceParty,
  EInvoicePartyPayload,
  EInvoicePayload,
} from "./gst-einvoice-types";

export type * from "./gst-einvoice-types";

const DOCUMENT_TYPES: Record<EInvoiceInput["documentKind"], EInvoiceDocumentType> = {
  tax_invoice: "INV",
  credit_note: "CRN",
  debit_note: "DBN",
};
/** Raised for input the e-invoice cannot carry (a bad date, PIN or amount); the message names the field. */
export class EInvoiceInputError extends RangeError {
  override name = "EInvoiceInputError";
}

const EXPORT_PIN = 999999;
const OUTSIDE_INDIA = "96";

export function buildEInvoice(input: EInvoiceInput): EInvoicePayload {
  const isExport = input.supplyType === "EXPWP" || input.supplyType === "EXPWOP";
  const payload: EInvoicePayload = {
    Version: "1.1",
    TranDtls: {
      TaxSch: "GST",
      SupTyp: input.supplyType,
      RegRev: input.reverseCharge ? "Y" : "N",
      IgstOnIntra: "N",
    },
    DocDtls: {
      Typ: DOCUMENT_TYPES[input.documentKind],
      No: documentNumber(input.number, "number"),
      Dt: portalDate(input.date, "date"),
    },
    SellerDtls: {
      Gstin: input.seller.gstin.trim().toUpperCase(),
      ...party(
        input.seller,
        pinNumber(input.seller.pin, "seller.pin"),
        stateCode(input.seller.stateCode, "seller"),
      ),
    },
    BuyerDtls: isExport
      ? { Gstin: "URP", ...party(input.buyer, EXPORT_PIN, OUTSIDE_INDIA), Pos: OUTSIDE_INDIA }
      : {
          Gstin: (input.buyer.gstin ?? "").trim().toUpperCase(),
          ...party(
            input.buyer,
            pinNumber(input.buyer.pin ?? "", "buyer.pin"),
            stateCode(input.buyer.stateCode, "buyer"),
          ),
          Pos: stateCode(input.buyer.placeOfSupply, "buyer.placeOfSupply"),
        },
    ItemList: input.lines.map(item),
    ValDtls: {
      AssVal: rupees(input.values.assessableMinor, "values.assessable"),
      CgstVal: rupees(input.values.cgstMinor, "values.cgst"),
      SgstVal: rupees(input.values.sgstMinor, "values.sgst"),
      IgstVal: rupees(input.values.igstMinor, "values.igst"),
      CesVal: rupees(input.values.cessMinor, "values.cess"),
      Discount: rupees(input.values.discountMinor, "values.discount"),
      OthChrg: rupees(input.values.otherChargesMinor, "values.otherCharges"),
      RndOffAmt: roundOff(input.values.roundOffMinor),
      TotInvVal: rupees(input.values.totalInvoiceMinor, "values.totalInvoice"),
    },
  };
  if (input.precedingInvoice && input.documentKind !== "tax_invoice") {
    const { number, date } = input.precedingInvoice;
    payload.RefDtls = {
      PrecDocDtls: [
        {
          InvNo: documentNumber(number, "precedingInvoice.number"),
          InvDt: portalDate(date, "precedingInvoice.date"),
        },
      ],
    };
  }
  if (isExport && input.exportDetails) {
    const exp = exportDetails(input.exportDetails);
    if (Object.keys(exp).length > 0) payload.ExpDtls = exp;
  }
  return payload;
}

function party(p: EInvoiceParty | EInvoiceInput["buyer"], pin: number, stcd: string): EInvoicePartyPayload {
  return compact({
    LglNm: text(p.legalName, 100),
    TrdNm: optionalText(p.tradeName, 3, 100),
    Addr1: text(p.address1, 100),
    Addr2: optionalText(p.address2, 3, 100),
    Loc: text(p.location, 50),
    Pin: pin,
    Stcd: stcd,
    Ph: phone(p.phone),
    Em: email(p.email),
  });
}

function item(line: EInvoiceLineInput, index: number): EInvoiceItemPayload {
  const at = `lines[${index}]`;
  const quantity = parseScaled(line.quantity, 3);
  if (quantity === null || quantity < 0)
    throw new EInvoiceInputError(`${at}.quantity: not a quantity with 3 decimals`);
  const rate = parseScaled(line.gstRatePercent, 3);
  if (rate === null || rate < 0)
    throw new EInvoiceInputError(`${at}.gstRatePercent: not a rate with 3 decimals`);
  const hsn = line.hsnSac.trim();
  if (!/^(?!0+$)(\d{4}|\d{6}|\d{8})$/.test(hsn))
    throw new EInvoiceInputError(`${at}.hsnSac: 4, 6 or 8 digits`);
  const unit = line.uqc?.trim().toUpperCase();
  return compact({
    SlNo: String(index + 1),
    PrdDesc: optionalText(line.description, 3, 300),
    IsServc: line.isService ? "Y" : "N",
    HsnCd: hsn,
    Qty: Number(formatScaled(quantity, 3)),
    Unit: unit && /^[A-Z]{3,8}$/.test(unit) ? unit : undefined,
    UnitPrice: rupees(line.unitPriceMinor, `${at}.unitPrice`),
    TotAmt: rupees(line.grossMinor, `${at}.gross`),
    Discount: rupees(line.discountMinor, `${at}.discount`),
    AssAmt: rupees(line.taxableMinor, `${at}.taxable`),
    GstRt: Number(formatScaled(rate, 3)),
    IgstAmt: rupees(line.igstMinor, `${at}.igst`),
    CgstAmt: rupees(line.cgstMinor, `${at}.cgst`),
    SgstAmt: rupees(line.sgstMinor, `${at}.sgst`),
    CesAmt: rupees(line.cessMinor, `${at}.cess`),
    TotItemVal: rupees(line.totalMinor, `${at}.total`),
  });
}

function exportDetails(e: EInvoiceExportInput): NonNullable<EInvoicePayload["ExpDtls"]> {
  const port = e.portCode?.trim().toUpperCase();
  const currency = e.foreignCurrency?.trim().toUpperCase();
  const country = e.countryCode?.trim().toUpperCase();
  return compact({
    ShipBNo: optionalText(e.shippingBillNumber, 1, 20),
    ShipBDt: e.shippingBillDate
      ? portalDate(e.shippingBillDate, "exportDetails.shippingBillDate")
      : undefined,
    Port: port && /^[0-9A-Z]{2,10}$/.test(port) ? port : undefined,
    RefClm: e.refundClaimed === undefined ? undefined : e.refundClaimed ? "Y" : "N",
    ForCur: currency && /^[A-Z]{3,16}$/.test(currency) ? currency : undefined,
    CntCode: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
  });
}

/** Paise to rupees through decimal text: 123450 -> "1234.50" -> 1234.5, never 123450 / 100. */
function rupees(minor: number, field: string): number {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new EInvoiceInputError(`${field}: not a whole paise amount >= 0`);
  return Number(formatScaled(minor, 2));
}

function roundOff(minor: number): number {
  if (!Number.isSafeInteger(minor) || Math.abs(minor) > 9999) {
    throw new EInvoiceInputError("values.roundOff: between -99.99 and 99.99 rupees");
  }
  return Number(formatScaled(minor, 2));
}

/** yyyy-mm-dd (a real calendar date) -> dd/mm/yyyy. */
function portalDate(iso: string, field: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim());
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const real =
    match && month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!match || !real) throw new EInvoiceInputError(`${field}: not a yyyy-mm-dd date`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** The portal's document numbers: 1-16 of letters, digits, "/" and "-", not starting with 0, "/" or "-". */
function documentNumber(value: string, field: string): string {
  const no = value.trim();
  if (!/^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/.test(no)) {
    throw new EInvoiceInputError(
      `${field}: the e-invoice takes 1-16 letters, digits, / and -, not starting with 0, / or -`,
    );
  }
  return no;
}

function pinNumber(pin: string, field: string): number {
  const text = pin.trim();
  if (!/^[1-9]\d{5}$/.test(text)) throw new EInvoiceInputError(`${field}: not a six-digit PIN code`);
  return Number(text);
}

function stateCode(code: string, field: string): string {
  const text = code.trim();
  if (!/^\d{2}$/.test(text) || text === "00")
    throw new EInvoiceInputError(`${field}: not a two-digit state code`);
  return text;
}

// The portal refuses any text with a double quote in it; a plain apostrophe keeps the sense.
function text(value: string, max: number): string {
  return value.trim().replaceAll('"', "'").replace(/\s+/g, " ").slice(0, max).trim();
}

/** Optional text is left out when blank or shorter than the schema allows, never sent as "". */
function optionalText(value: string | undefined, min: number, max: number): string | undefined {
  if (value === undefined) return undefined;
  const t = text(value, max);
  return t.length >= min ? t : undefined;
}

function phone(value: string | undefined): string | undefined {
  const digits = (value ?? "").replace(/\D/g, "");
  return digits.length >= 6 && digits.length <= 12 ? digits : undefined;
}

function email(value: string | undefined): string | undefined {
  const e = (value ?? "").trim();
  return e.length >= 6 && e.length <= 100 && /^[a-zA-Z0-9+_.-]+@[a-zA-Z0-9.-]+$/.test(e) ? e : undefined;
}

/** Drops keys whose value is undefined, so optional fields are absent rather than null or "". */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
