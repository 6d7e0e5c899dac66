import { addressStateCode, isForeignCountry } from "./address-state";
import { formatMoney } from "./format";
import type { InvoiceGstDetails } from "./gst-document";
import { uqcOfLine } from "./gst-hsn-summary";
import { currentStateCode, formatStateWithCode, stateCodeOfGstin } from "./gst-states";
import type { InvoiceDocument } from "./invoice";
import { joinDot, type LabelValue, lineCells, type PageLine, percent } from "./invoice-page-blocks";
import { type GstInvoiceTotals, isGstTotals } from "./totals";

// The GST parts of the invoice's page (Rule 46; decision 0033), for a document with
// `gstDetails`: the title, the supplier's and recipient's GSTIN and state, place of supply and
// reverse charge, the line columns with each tax component, the HSN/SAC summary, the totals by
// component and the declarations. invoice-page.ts uses them in place of the retail parts, so a
// retail invoice's page stays exactly as it was.

export interface PageColumn {
  key: keyof PageLine;
  title: string;
  align: "left" | "right";
}

/** A small table of text: heads, then rows of cells in the same order. */
export interface PageTable {
  title: string;
  columns: { title: string; align: "left" | "right" }[];
  rows: string[][];
}

/** What the page adds for a GST document below the totals. */
export interface GstPageBlock {
  /** "HSN/SAC SUMMARY" with one row per code, UQC and rate. */
  hsnSummary: PageTable;
  /** "Tax payable on reverse charge: ...", the composition declaration, the export endorsement. */
  declarations: string[];
}

export interface GstPageParts {
  title: string;
  company: { name: string; lines: string[] };
  billToLines: string[];
  meta: (LabelValue & { key: "placeOfSupply" | "reverseCharge" | "export" })[];
  columns: PageColumn[];
  lines: PageLine[];
  totals: LabelValue[];
  block: GstPageBlock;
}

const STATE_TAX = { cgst_sgst: "SGST", cgst_utgst: "UTGST" } as const;

/** "State: Karnataka (29)": the recipient's GSTIN state, else its address's (abroad: 96). */
function recipientState(client: InvoiceDocument["client"]): string {
  const prefix = stateCodeOfGstin(client.gstin);
  if (prefix) return formatStateWithCode(currentStateCode(prefix));
  for (const address of [client.billingAddress, client.shippingAddress]) {
    if (!address) continue;
    if (isForeignCountry(address.country)) return formatStateWithCode("96");
    const code = addressStateCode(address);
    if (code) return formatStateWithCode(code);
  }
  return "";
}

function columnsFor(gst: InvoiceGstDetails): PageColumn[] {
  const taxColumns: PageColumn[] =
    gst.documentType === "bill_of_supply"
      ? []
      : gst.split === "igst"
        ? [{ key: "igst", title: "IGST", align: "right" }]
        : [
            { key: "cgst", title: "CGST", align: "right" },
            { key: "sgst", title: STATE_TAX[gst.split], align: "right" },
          ];
  return lineColumns({ key: "uqc", title: "UQC", align: "left" }, [
    { key: "taxable", title: "Taxable value", align: "right" },
    ...taxColumns,
  ]);
}

/** The items table's columns, retail or GST: the same frame with the unit's column and the tax columns. */
export function lineColumns(unit: PageColumn, tax: readonly PageColumn[]): PageColumn[] {
  return [
    { key: "index", title: "#", align: "left" },
    { key: "name", title: "Item", align: "left" },
    { key: "hsnSac", title: "HSN/SAC", align: "left" },
    { key: "quantity", title: "Qty", align: "right" },
    unit,
    { key: "rate", title: "Rate", align: "right" },
    { key: "discount", title: "Disc.", align: "right" },
    ...tax,
    { key: "amount", title: "Amount", align: "right" },
  ];
}

/** The GST parts of `doc`'s page, or null for a retail document (or one whose totals are not GST's). */
export function gstPageParts(doc: InvoiceDocument, companyName: string): GstPageParts | null {
  const gst = doc.gstDetails;
  const company = doc.company.gst;
  if (!gst || !company || !isGstTotals(doc.totals)) return null;
  const t: GstInvoiceTotals = doc.totals;
  const money = (minor: number) => formatMoney(minor, doc.currency);
  const plain = (minor: number) => formatMoney(minor, doc.currency, { symbol: false });
  const stateTax = gst.split === "igst" ? null : STATE_TAX[gst.split];
  const halfRate = (rate: number) => percent(rate / 2);

  const lines = doc.items.map((item, i) => {
    const line = t.lines[i];
    const rate = Number(item.taxPercent) || 0;
    const cells = lineCells(item, i, line?.amountMinor ?? 0, doc.currency);
    return {
      ...cells,
      uqc: uqcOfLine(item),
      taxable: plain(line?.taxableMinor ?? 0),
      cgst: `${halfRate(rate)}\n${plain(line?.cgstMinor ?? 0)}`,
      sgst: `${halfRate(rate)}\n${plain(line?.sgstMinor ?? 0)}`,
      igst: `${percent(rate)}\n${plain(line?.igstMinor ?? 0)}`,
    };
  });

  const totals: LabelValue[] = [];
  if (t.discountMinor !== 0) {
    totals.push({ label: "Subtotal", value: money(t.subtotalMinor) });
    totals.push({ label: "Discount", value: `-${money(t.discountMinor)}` });
  }
  totals.push({ label: "Taxable value", value: money(t.taxableMinor) });
  const reverse = gst.reverseCharge ? " (reverse charge)" : "";
  for (const r of t.taxByRate.filter((r) => r.taxMinor !== 0)) {
    if (stateTax) {
      totals.push({ label: `CGST @ ${halfRate(r.ratePercent)}${reverse}`, value: money(r.cgstMinor) });
      totals.push({ label: `${stateTax} @ ${halfRate(r.ratePercent)}${reverse}`, value: money(r.sgstMinor) });
    } else {
      totals.push({ label: `IGST @ ${percent(r.ratePercent)}${reverse}`, value: money(r.igstMinor) });
    }
  }
  if (doc.roundOff) totals.push({ label: "Round Off", value: money(t.roundOffMinor) });

  const taxHeads =
    gst.documentType === "bill_of_supply"
      ? []
      : stateTax
        ? ["CGST rate", "CGST", `${stateTax} rate`, stateTax]
        : ["IGST rate", "IGST"];
  const hsnSummary: PageTable = {
    title: "HSN/SAC SUMMARY",
    columns: [
      { title: "HSN/SAC", align: "left" },
      { title: "UQC", align: "left" },
      { title: "Qty", align: "right" },
      { title: "Taxable value", align: "right" },
      ...taxHeads.map((title) => ({ title, align: "right" as const })),
      { title: "Total tax", align: "right" },
    ],
    rows: t.hsnSummary.map((row) => {
      const tax =
        gst.documentType === "bill_of_supply"
          ? []
          : stateTax
            ? [
                halfRate(row.ratePercent),
                plain(row.cgstMinor),
                halfRate(row.ratePercent),
                plain(row.sgstMinor),
              ]
            : [percent(row.ratePercent), plain(row.igstMinor)];
      return [
        row.hsnSac || "-",
        row.uqc,
        String(Number(row.quantity)),
        plain(row.taxableMinor),
        ...tax,
        plain(row.cgstMinor + row.sgstMinor + row.igstMinor),
      ];
    }),
  };

  const declarations: string[] = [];
  if (gst.reverseCharge && t.taxMinor !== 0) {
    declarations.push(
      `Tax payable on reverse charge: ${money(t.taxMinor)} (not included in the amount payable)`,
    );
  }
  for (const declaration of gst.declarations) {
    declarations.push(
      gst.exportType === "without_payment" && gst.lutNumber && declaration.includes("under LUT")
        ? `${declaration} (LUT No. ${gst.lutNumber})`
        : declaration,
    );
  }

  const meta: GstPageParts["meta"] = [
    { key: "placeOfSupply", label: "Place of Supply", value: gst.placeOfSupplyName },
    { key: "reverseCharge", label: "Reverse Charge", value: gst.reverseCharge ? "Yes" : "No" },
  ];
  if (gst.exportType !== "none") {
    const shipping = [gst.portCode, gst.shippingBillNumber, gst.shippingBillDate ?? ""].filter(Boolean);
    if (shipping.length) meta.push({ key: "export", label: "Port / Bill", value: shipping.join(" ") });
  }

  const recipient = recipientState(doc.client);
  return {
    title: gst.title.toUpperCase(),
    company: {
      name: company.legalName.trim() || companyName,
      lines: [
        company.tradeName && company.tradeName !== company.legalName
          ? `Trade name: ${company.tradeName}`
          : "",
        ...doc.company.address.split("\n").filter((line) => line.trim() !== ""),
        joinDot(doc.company.phone, doc.company.email),
        `GSTIN: ${company.gstin}`,
        `State: ${formatStateWithCode(gst.supplierStateCode)}`,
      ].filter(Boolean),
    },
    billToLines: recipient ? [`State: ${recipient}`] : [],
    meta,
    columns: columnsFor(gst),
    lines,
    totals,
    block: { hsnSummary, declarations },
  };
}
