import type { InvoiceDocument } from "#domain/invoice";
import type { InvoiceTemplate } from "#domain/settings";
import { PAPER, textOn, tint } from "./paper-colours";

/** What sets the three templates apart; the blocks themselves are shared, as in the PDF. */
export interface TemplateStyle {
  name: InvoiceTemplate;
  /** A coloured band across the top holding the company and the title. */
  headerBand: boolean;
  tableHeadBackground: (doc: InvoiceDocument) => string;
  tableHeadInk: (doc: InvoiceDocument) => string;
  totalBackground: (doc: InvoiceDocument) => string;
  totalInk: (doc: InvoiceDocument) => string;
}

export const TEMPLATE_STYLES: Record<InvoiceTemplate, TemplateStyle> = {
  classic: {
    name: "classic",
    headerBand: false,
    tableHeadBackground: (d) => d.primaryColor,
    tableHeadInk: (d) => textOn(d.primaryColor),
    totalBackground: (d) => tint(d.accentColor, 0.25),
    totalInk: () => PAPER.ink,
  },
  modern: {
    name: "modern",
    headerBand: true,
    tableHeadBackground: (d) => tint(d.accentColor, 0.3),
    tableHeadInk: () => PAPER.ink,
    totalBackground: (d) => d.primaryColor,
    totalInk: (d) => textOn(d.primaryColor),
  },
  minimal: {
    name: "minimal",
    headerBand: false,
    tableHeadBackground: () => "transparent",
    tableHeadInk: (d) => d.primaryColor,
    totalBackground: () => "transparent",
    totalInk: (d) => d.primaryColor,
  },
};

export const TEMPLATE_LABELS: Record<InvoiceTemplate, string> = {
  classic: "Classic",
  modern: "Modern",
  minimal: "Minimal",
};
