import { parseScaled } from "./decimal";
import {
  COMPOSITION_DECLARATION,
  documentTypeFor,
  EXPORT_ENDORSEMENTS,
  GST_DOCUMENT_TITLES,
  type GstRegistration,
  type GstRegistrationType,
  isGstRegistered,
  SEZ_ENDORSEMENTS,
} from "./gst-registration";
import { currentStateOfGstin, formatStateWithCode, gstStateByCode } from "./gst-states";
import {
  type ExportType,
  effectivePlaceOfSupply,
  type InvoiceGst,
  invoiceGstOf,
  type PlaceOfSupplyClient,
  type TaxSplit,
  taxSplitFor,
} from "./gst-supply";
import type { GstTotalsOption } from "./gst-tax";

// What a GST-registered company's invoice adds to its document, worked out once in
// buildInvoiceDocument so the editor's preview, the server and the PDF print the same thing.

/** The GST part of the company block, copied from Settings when the invoice is saved. */
export interface CompanyGstSnapshot {
  registrationType: Exclude<GstRegistrationType, "none">;
  gstin: string;
  legalName: string;
  tradeName: string;
  /** Today's code of the GSTIN's state (a legacy 25 reads as 26). */
  stateCode: string;
  turnoverAbove5Crore: boolean;
}

/** The snapshot of a registration, or null when the account is not registered. */
export function companyGstSnapshot(registration: GstRegistration): CompanyGstSnapshot | null {
  if (!isGstRegistered(registration)) return null;
  return {
    registrationType: registration.type,
    gstin: registration.gstin,
    legalName: registration.legalName,
    tradeName: registration.tradeName,
    stateCode: currentStateOfGstin(registration.gstin) ?? "",
    turnoverAbove5Crore: registration.turnoverAbove5Crore,
  };
}

/** The GST facts of a stored document (`InvoiceDocument.gstDetails`); absent on retail and old documents. */
export interface InvoiceGstDetails {
  documentType: "tax_invoice" | "bill_of_supply";
  /** "Tax Invoice" or "Bill of Supply". */
  title: string;
  supplierStateCode: string;
  /** The place of supply used: the chosen one, else the default (96 for an export). */
  placeOfSupply: string;
  /** "Karnataka (29)". */
  placeOfSupplyName: string;
  /** False when the default was used (the editor may show "from the client's GSTIN"). */
  placeOfSupplyChosen: boolean;
  /**
   * The client's address does not say its state and no place of supply was chosen: a tax
   * invoice is refused (gstDocumentProblems) rather than guessed intra-state (decision 0082).
   * The other fields are then worked out for the supplier's state, for the preview only.
   */
  placeOfSupplyUnknown?: true;
  split: TaxSplit;
  /** "SGST" or "UTGST": the name of the second component when the split is intra-state. */
  stateTaxName: "SGST" | "UTGST";
  reverseCharge: boolean;
  exportType: ExportType;
  /** A supply to an SEZ unit or developer (exportType then says with or without IGST). */
  sez?: true;
  lutNumber: string;
  portCode: string;
  shippingBillNumber: string;
  shippingBillDate: string | null;
  /** False on a bill of supply and an export under LUT: the components are all 0. */
  taxCharged: boolean;
  /** Lines to print as they are: the composition declaration, the export endorsement. */
  declarations: string[];
}

const isZeroRate = (taxPercent: number | string | undefined) =>
  taxPercent === undefined || String(taxPercent).trim() === "" || parseScaled(taxPercent, 2) === 0;

/**
 * The GST part of an invoice for a registered company, and the option its totals are computed
 * with; null for an unregistered company (retail, unchanged).
 */
export function gstDocumentPart(
  input: { gst?: InvoiceGst | null; client: PlaceOfSupplyClient; items: { taxPercent?: number | string }[] },
  company: CompanyGstSnapshot | null | undefined,
): { gst: InvoiceGstDetails; totalsOption: GstTotalsOption } | null {
  if (!company) return null;
  const choices = invoiceGstOf(input);
  const supplierStateCode = company.stateCode;
  const effective = effectivePlaceOfSupply(choices, input.client, supplierStateCode);
  const placeOfSupply = effective ?? supplierStateCode;
  const split = taxSplitFor(supplierStateCode, placeOfSupply, choices.exportType);
  const documentType = documentTypeFor(company.registrationType, {
    allExemptOrNil: input.items.every((item) => isZeroRate(item.taxPercent)),
  });
  const taxCharged = documentType === "tax_invoice" && choices.exportType !== "without_payment";
  const declarations: string[] = [];
  if (company.registrationType === "composition") declarations.push(COMPOSITION_DECLARATION);
  if (choices.exportType !== "none")
    declarations.push((choices.sez ? SEZ_ENDORSEMENTS : EXPORT_ENDORSEMENTS)[choices.exportType]);
  return {
    gst: {
      documentType,
      title: GST_DOCUMENT_TITLES[documentType],
      supplierStateCode,
      placeOfSupply,
      placeOfSupplyName: formatStateWithCode(placeOfSupply),
      placeOfSupplyChosen:
        (choices.exportType === "none" || choices.sez === true) && choices.placeOfSupply !== null,
      ...(effective === null ? { placeOfSupplyUnknown: true as const } : {}),
      split,
      stateTaxName: gstStateByCode(placeOfSupply)?.utWithoutLegislature ? "UTGST" : "SGST",
      reverseCharge: choices.reverseCharge,
      exportType: choices.exportType,
      ...(choices.exportType !== "none" && choices.sez ? { sez: true as const } : {}),
      lutNumber: choices.lutNumber,
      portCode: choices.portCode,
      shippingBillNumber: choices.shippingBillNumber,
      shippingBillDate: choices.shippingBillDate,
      taxCharged,
      declarations,
    },
    totalsOption: { split, reverseCharge: choices.reverseCharge, chargeTax: taxCharged },
  };
}
