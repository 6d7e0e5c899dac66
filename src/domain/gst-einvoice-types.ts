// The shapes of the e-invoice JSON (FORM GST INV-01, Version 1.1) and of what Bahi fills it from.
// Input amounts are integer paise; payload amounts are rupees (see gst-einvoice.ts).
import type { EInvoiceSupplyType } from "./gst-einvoice-eligibility";

export type EInvoiceDocumentType = "INV" | "CRN" | "DBN";

export type EInvoiceParty = {
  legalName: string;
  tradeName?: string;
  address1: string;
  address2?: string;
  /** City, town or village. */
  location: string;
  /** Six-digit Indian PIN code as text ("400001"). */
  pin: string;
  /** Two-digit GST state code ("27"). */
  stateCode: string;
  phone?: string;
  email?: string;
};

export type EInvoiceLineInput = {
  description: string;
  isService: boolean;
  hsnSac: string;
  /** Decimal text, at most 3 decimals ("2", "1.5", "0.125"). */
  quantity: string;
  /** GST unit quantity code ("NOS", "KGS", "OTH"). */
  uqc?: string;
  unitPriceMinor: number;
  /** quantity x unit price (TotAmt). */
  grossMinor: number;
  discountMinor: number;
  /** gross - discount (AssAmt). */
  taxableMinor: number;
  /** The whole GST rate in percent (18, not 9 + 9); decimal text or a number ("0.25", 18). */
  gstRatePercent: string | number;
  igstMinor: number;
  cgstMinor: number;
  /** SGST, or UTGST in a union territory without legislature: the e-invoice carries both in SgstAmt. */
  sgstMinor: number;
  cessMinor: number;
  /** taxable + taxes + cess (TotItemVal). */
  totalMinor: number;
};

export type EInvoiceValuesInput = {
  assessableMinor: number;
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
  cessMinor: number;
  /** A discount given on the whole invoice after the line totals; line discounts are already inside AssAmt. */
  discountMinor: number;
  otherChargesMinor: number;
  /** Between -99.99 and 99.99 rupees. */
  roundOffMinor: number;
  totalInvoiceMinor: number;
};

export type EInvoiceExportInput = {
  shippingBillNumber?: string;
  /** ISO date. */
  shippingBillDate?: string;
  /** Port code ("INBOM4"). */
  portCode?: string;
  refundClaimed?: boolean;
  /** Currency code of the foreign-currency invoice ("USD"). */
  foreignCurrency?: string;
  /** Two-letter country code ("US"). */
  countryCode?: string;
};

export type EInvoiceInput = {
  documentKind: "tax_invoice" | "credit_note" | "debit_note";
  number: string;
  /** ISO date, yyyy-mm-dd. */
  date: string;
  supplyType: EInvoiceSupplyType;
  reverseCharge: boolean;
  seller: EInvoiceParty & { gstin: string };
  /**
   * For exports gstin, placeOfSupply, stateCode and pin are not read: an export's buyer is "URP"
   * with place of supply and state 96, and PIN 999999 (the IRP's rule for exports, as GSPs state it:
   * ClearTax e-invoicing FAQ, docs.cleartax.in/e-invoicing-v2/faqs/faqs, Q7-Q9).
   */
  buyer: Omit<EInvoiceParty, "pin"> & { gstin?: string; placeOfSupply: string; pin?: string };
  lines: EInvoiceLineInput[];
  values: EInvoiceValuesInput;
  exportDetails?: EInvoiceExportInput;
  /** For a credit or debit note: the invoice it amends. */
  precedingInvoice?: { number: string; date: string };
};

export type EInvoicePartyPayload = {
  LglNm: string;
  TrdNm?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
  Ph?: string;
  Em?: string;
};

export type EInvoiceItemPayload = {
  SlNo: string;
  PrdDesc?: string;
  IsServc: "Y" | "N";
  HsnCd: string;
  Qty: number;
  Unit?: string;
  UnitPrice: number;
  TotAmt: number;
  Discount: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  CesAmt: number;
  TotItemVal: number;
};

export type EInvoicePayload = {
  Version: "1.1";
  TranDtls: { TaxSch: "GST"; SupTyp: EInvoiceSupplyType; RegRev: "Y" | "N"; IgstOnIntra: "N" };
  DocDtls: { Typ: EInvoiceDocumentType; No: string; Dt: string };
  SellerDtls: EInvoicePartyPayload & { Gstin: string };
  BuyerDtls: EInvoicePartyPayload & { Gstin: string; Pos: string };
  ItemList: EInvoiceItemPayload[];
  ValDtls: {
    AssVal: number;
    CgstVal: number;
    SgstVal: number;
    IgstVal: number;
    CesVal: number;
    Discount: number;
    OthChrg: number;
    RndOffAmt: number;
    TotInvVal: number;
  };
  RefDtls?: { PrecDocDtls: { InvNo: string; InvDt: string }[] };
  ExpDtls?: {
    ShipBNo?: string;
    ShipBDt?: string;
    Port?: string;
    RefClm?: "Y" | "N";
    ForCur?: string;
    CntCode?: string;
  };
};
