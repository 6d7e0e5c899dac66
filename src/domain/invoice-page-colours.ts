import type { InvoiceTemplate } from "./settings";

// The colours of an invoice's page (pure), for the PDF and the preview alike. The user picks any
// primary and accent colour, so every colour used as ink on white paper, or as paper under ink,
// is checked for contrast.

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  const n = match ? Number.parseInt(match[1], 16) : 0x1e3a8a;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`.toUpperCase();
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parse(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` mixed with `other`: amount 0 is `hex`, 1 is `other`. */
export function mix(hex: string, other: string, amount: number): string {
  const a = parse(hex);
  const b = parse(other);
  return toHex([0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * amount) as Rgb);
}

/** The colour mixed with white (a tint that keeps dark ink readable). */
export function tint(hex: string, amount: number): string {
  return mix("#FFFFFF", hex, amount);
}

/** Near-black or white, whichever reads better on `hex`. */
export function inkOn(hex: string): string {
  return luminance(hex) > 0.179 ? "#111827" : "#FFFFFF";
}

/** `hex`, darkened just enough to read as text on white (a pale yellow primary would vanish). */
export function readableOnWhite(hex: string, minimum = 3.5): string {
  let colour = toHex(parse(hex));
  for (let step = 0; step < 12 && contrast(colour, "#FFFFFF") < minimum; step++) {
    colour = mix(colour, "#000000", 0.15);
  }
  return colour;
}

/** The fixed colours of the paper (white in both themes, as printed). */
export const PAPER = { background: "#FFFFFF", ink: "#111827", muted: "#4B5563", rule: "#D1D5DB" } as const;

/** The accent mixed with white under dark ink: Classic's total, Modern's table head. */
export const ACCENT_TINT = 0.28;

export interface PageColours {
  primary: string;
  accent: string;
  /** The primary colour as text on white (darkened when the chosen one is too pale). */
  primaryInk: string;
  onPrimary: string;
  ink: string;
  muted: string;
  rule: string;
}

/**
 * What sets Classic, Modern and Minimal apart, as colours chosen for each part of the page (null:
 * the part is not drawn). The blocks themselves are the same in every template.
 */
export interface PageLook {
  /** A band of the primary colour across the top, holding company and title (Modern). */
  headerBand: string | null;
  /** A thin rule under the header (Classic). */
  headerRule: string | null;
  titleInk: string;
  companyInk: string;
  /** The company's address lines and the labels beside the numbers. */
  headerTextInk: string;
  /** The values beside the labels (number, dates). */
  headerValueInk: string;
  /** Small headings: bill to, ship to, tax summary, notes, terms, bank details. */
  labelInk: string;
  tableHead: { fill: string | null; ink: string; rule: string | null };
  /** The fill of every second row of the items table. */
  zebra: string | null;
  total: { fill: string | null; ink: string; rule: string | null };
}

export function pageColours(primaryColour: string, accentColour: string): PageColours {
  const primary = primaryColour.toUpperCase();
  return {
    primary,
    accent: accentColour.toUpperCase(),
    primaryInk: readableOnWhite(primary),
    onPrimary: inkOn(primary),
    ink: PAPER.ink,
    muted: PAPER.muted,
    rule: PAPER.rule,
  };
}

export function pageLook(template: InvoiceTemplate, c: PageColours): PageLook {
  const accentTint = tint(c.accent, ACCENT_TINT);
  const plain = { headerTextInk: c.muted, headerValueInk: c.ink, headerBand: null };
  switch (template) {
    case "modern":
      return {
        headerBand: c.primary,
        headerRule: null,
        titleInk: c.onPrimary,
        companyInk: c.onPrimary,
        headerTextInk: c.onPrimary,
        headerValueInk: c.onPrimary,
        labelInk: c.primaryInk,
        tableHead: { fill: accentTint, ink: c.ink, rule: null },
        zebra: null,
        total: { fill: c.primary, ink: c.onPrimary, rule: null },
      };
    case "minimal":
      return {
        ...plain,
        headerRule: null,
        titleInk: c.ink,
        companyInk: c.ink,
        labelInk: c.muted,
        tableHead: { fill: null, ink: c.primaryInk, rule: c.ink },
        zebra: null,
        total: { fill: null, ink: c.primaryInk, rule: c.ink },
      };
    default:
      return {
        ...plain,
        headerRule: c.accent,
        titleInk: c.primaryInk,
        companyInk: c.primaryInk,
        labelInk: c.primaryInk,
        tableHead: { fill: c.primary, ink: c.onPrimary, rule: null },
        zebra: mix("#FFFFFF", c.primary, 0.045),
        total: { fill: accentTint, ink: c.ink, rule: null },
      };
  }
}
