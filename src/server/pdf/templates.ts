import type { InvoiceTemplate } from "#domain/settings";
import type { PdfColours } from "./view";

/**
 * What sets Classic, Modern and Minimal apart. The blocks are shared (as in the editor's
 * preview); a template picks the fills and inks of the header, the table head and the total.
 * Each entry only chooses among the view's colours: nothing is computed here.
 */
export interface TemplateLook {
  /** A band of the primary colour across the top of the first page, holding company and title. */
  headerBand: boolean;
  /** A thin accent rule under the header (Classic). */
  headerRule: boolean;
  titleInk: (c: PdfColours) => string;
  companyInk: (c: PdfColours) => string;
  labelInk: (c: PdfColours) => string;
  tableHeadFill: (c: PdfColours) => string | null;
  tableHeadInk: (c: PdfColours) => string;
  /** A rule under the table head (Minimal has no fill, only this rule). */
  tableHeadRule: (c: PdfColours) => string | null;
  zebra: boolean;
  totalFill: (c: PdfColours) => string | null;
  totalInk: (c: PdfColours) => string;
  totalRule: (c: PdfColours) => string | null;
}

export const TEMPLATE_LOOKS: Record<InvoiceTemplate, TemplateLook> = {
  classic: {
    headerBand: false,
    headerRule: true,
    titleInk: (c) => c.primaryInk,
    companyInk: (c) => c.primaryInk,
    labelInk: (c) => c.primaryInk,
    tableHeadFill: (c) => c.primary,
    tableHeadInk: (c) => c.onPrimary,
    tableHeadRule: () => null,
    zebra: true,
    totalFill: (c) => c.accentTint,
    totalInk: (c) => c.ink,
    totalRule: () => null,
  },
  modern: {
    headerBand: true,
    headerRule: false,
    titleInk: (c) => c.onPrimary,
    companyInk: (c) => c.onPrimary,
    labelInk: (c) => c.primaryInk,
    tableHeadFill: (c) => c.accentTint,
    tableHeadInk: (c) => c.ink,
    tableHeadRule: () => null,
    zebra: false,
    totalFill: (c) => c.primary,
    totalInk: (c) => c.onPrimary,
    totalRule: () => null,
  },
  minimal: {
    headerBand: false,
    headerRule: false,
    titleInk: (c) => c.ink,
    companyInk: (c) => c.ink,
    labelInk: (c) => c.muted,
    tableHeadFill: () => null,
    tableHeadInk: (c) => c.primaryInk,
    tableHeadRule: (c) => c.ink,
    zebra: false,
    totalFill: () => null,
    totalInk: (c) => c.primaryInk,
    totalRule: (c) => c.ink,
  },
};
