import { createRequire } from "node:module";
import { deflateSync } from "node:zlib";
import type PDFDocumentClass from "pdfkit";
import {
  type FontFamily,
  type FontWeight,
  fontBytes,
  fontChain,
  splitRunsByFont,
  type TextRun,
} from "./fonts.js";
import { PdfDocument, type PdfRef } from "./streams";

/**
 * Drawing text in pdfkit with the fallback fonts of `fonts.ts`: each string is cut into runs by
 * font, and the runs of one line share one baseline (fonts differ in ascender height, so drawing
 * each run at the same top would make ₹ or Devanagari jump up or down).
 */

type Doc = InstanceType<typeof PDFDocumentClass>;

export interface TextStyle {
  family: FontFamily;
  weight?: FontWeight;
  size: number;
  color?: string;
}

export interface LineOptions {
  /** With `align` "right" or "center", the box the line is aligned in. */
  width?: number;
  align?: "left" | "right" | "center";
}

// pdfkit parses a font file again for every document (given a path or bytes): that parse was
// two thirds of a render. Given a parsed fontkit font instead (pdfkit >= 0.16 takes any object
// with `layout`), it only builds the per-document subset. Parsed fonts are shared by every
// document of the thread; fontkit is loaded from pdfkit's own location, so it is the very
// version pdfkit uses (it is not a direct dependency).
interface ParsedFont {
  layout(text: string, ...rest: unknown[]): unknown;
  createSubset(): FontSubset;
}
interface FontSubset {
  glyphs: number[];
  encode(): Uint8Array;
}
const fontkit = createRequire(createRequire(import.meta.url).resolve("pdfkit"))("fontkit") as {
  create(bytes: Uint8Array): ParsedFont;
};
const parsedFonts = new Map<string, ParsedFont>();
const registered = new WeakMap<Doc, Set<string>>();

function parsedFont(fontPath: string): ParsedFont {
  let font = parsedFonts.get(fontPath);
  if (!font) {
    font = rememberSubsets(rememberLayouts(fontkit.create(fontBytes(fontPath))));
    parsedFonts.set(fontPath, font);
  }
  return font;
}

interface GlyphRun {
  glyphs: unknown[];
  positions: object[];
}

/**
 * Shaping (fontkit's layout: GSUB/GPOS lookups) was most of a render's time, and pdfkit keeps its
 * layout cache per document, so every PDF shaped "Quantity", "₹" and the client's name again.
 * The font's `layout` is remembered here per thread instead. pdfkit scales the positions of the
 * run it gets in place, so each call gets its own copy of the positions (the glyphs, which pdfkit
 * only reads, are shared): the PDF's bytes stay the same as without the cache.
 */
function rememberLayouts(font: ParsedFont): ParsedFont {
  const layout = font.layout.bind(font) as (text: string, ...rest: unknown[]) => GlyphRun;
  const runs = new Map<string, GlyphRun>();
  font.layout = (text: string, ...rest: unknown[]) => {
    // Called when the documents' shared layout cache (below) misses: bound that cache.
    const shared = sharedLayouts.get(font);
    if (shared && ++shared.misses > 20_000) {
      shared.runs = Object.create(null);
      shared.misses = 0;
    }
    const key =
      rest.length === 0 || rest.every((r) => r === undefined) ? text : `${text}\u0000${JSON.stringify(rest)}`;
    let run = runs.get(key);
    if (!run) {
      run = layout(text, ...rest);
      if (runs.size >= 50_000) runs.clear();
      runs.set(key, run);
    }
    const copy = Object.create(Object.getPrototypeOf(run)) as GlyphRun;
    Object.assign(copy, run);
    copy.positions = run.positions.map((p) => Object.assign(Object.create(Object.getPrototypeOf(p)), p));
    return copy;
  };
  return font;
}

/**
 * pdfkit keeps the scaled runs of each word in a cache per document (`layoutCache` on its
 * embedded font object), so every document looked up, copied and scaled every word again. The
 * documents of a thread share one such cache per font instead: the runs in it are what pdfkit
 * would have computed (same font, same scale), and pdfkit only reads them. It starts afresh
 * after 20,000 misses, so words of many different invoices cannot pile up.
 */
interface SharedLayouts {
  runs: Record<string, unknown>;
  misses: number;
}
const sharedLayouts = new WeakMap<ParsedFont, SharedLayouts>();

function layoutsOf(font: ParsedFont): SharedLayouts {
  let shared = sharedLayouts.get(font);
  if (!shared) {
    shared = { runs: Object.create(null), misses: 0 };
    sharedLayouts.set(font, shared);
  }
  return shared;
}

/**
 * Embedding a font writes the subset of the glyphs the document used: fontkit copies and
 * re-encodes each glyph into a new font file, for every document (a quarter of a render). The
 * same invoice, or the same labels and digits, use the same glyphs in the same order, so the
 * encoded subset is remembered per thread, keyed by that order (the order decides the bytes).
 */
function rememberSubsets(font: ParsedFont): ParsedFont {
  const createSubset = font.createSubset.bind(font);
  const encoded = new Map<string, Uint8Array>();
  font.createSubset = () => {
    const subset = createSubset();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = subset.glyphs.join(",");
      let bytes = encoded.get(key);
      if (!bytes) {
        bytes = encode();
        if (encoded.size >= 32) encoded.clear();
        encoded.set(key, bytes);
      }
      return bytes;
    };
    return subset;
  };
  return font;
}

// pdfkit's internals the font file's compression goes through (pdfkit 0.20: EmbeddedFont.embed
// makes the font file with `document.ref()` and ends it with the subset's bytes; PDFReference
// deflates its buffer in `finalize` when `compress` is set: streams.ts).
interface EmbeddedFontInternals {
  document: { ref(data?: object): PdfRef };
  embed(): void;
  layoutCache?: Record<string, unknown>;
}

/** The deflated font file of each remembered subset (the same bytes deflate to the same bytes). */
const deflatedSubsets = new WeakMap<Uint8Array, Buffer>();

/**
 * The font file's compression was the other per-document cost of embedding (deflating ~20-60 KB
 * per font). When the subset's bytes are a remembered subset, its deflated bytes are written
 * instead of deflating them again: the object's dictionary (Length, Filter) and stream are the
 * ones pdfkit writes. The first object `embed` makes is the font file; only its `end` changes.
 */
function rememberDeflatedFontFile(embedded: EmbeddedFontInternals): void {
  const embed = embedded.embed;
  embedded.embed = function (this: EmbeddedFontInternals) {
    const doc = this.document;
    const ref = doc.ref;
    doc.ref = (data?: object) => {
      doc.ref = ref;
      const fontFile = ref.call(doc, data);
      const end = fontFile.end;
      fontFile.end = (bytes?: Uint8Array) => {
        if (!bytes || !fontFile.compress || !Array.isArray(fontFile.buffer)) return end.call(fontFile, bytes);
        let deflated = deflatedSubsets.get(bytes);
        if (!deflated) {
          // zlib's default level, not streams.ts's fastest: this runs once per subset and thread,
          // so the smaller file is worth it.
          deflated = deflateSync(bytes);
          deflatedSubsets.set(bytes, deflated);
        }
        fontFile.write(bytes); // Length and Filter, as pdfkit sets them
        fontFile.compress = false;
        fontFile.buffer = [deflated];
        fontFile.finalize();
      };
      return fontFile;
    };
    try {
      return embed.call(this);
    } finally {
      doc.ref = ref;
    }
  };
}

/**
 * A pdfkit document without pdfkit's default font: it would parse Helvetica's metrics for every
 * document, and Helvetica has no ₹ anyway. Select a font (the functions below do) before text.
 */
export function createPdfDocument(options: PDFKit.PDFDocumentOptions = {}): Doc {
  return new PdfDocument({ ...options, font: null as unknown as string });
}

/** Selects a font file in `doc` at `size`. */
function selectFont(doc: Doc, fontPath: string, size: number): Doc {
  let names = registered.get(doc);
  if (!names) {
    names = new Set();
    registered.set(doc, names);
  }
  if (!names.has(fontPath)) {
    doc.registerFont(fontPath, parsedFont(fontPath) as unknown as Buffer);
    names.add(fontPath);
    doc.font(fontPath);
    // pdfkit's types omit `_font`: the document's embedded font object, made by `font()`.
    const embedded = (doc as unknown as { _font: EmbeddedFontInternals })._font;
    rememberDeflatedFontFile(embedded);
    if (embedded.layoutCache) embedded.layoutCache = layoutsOf(parsedFont(fontPath)).runs;
  }
  return doc.font(fontPath).fontSize(size);
}

/** Drops every parsed font and what is remembered with it, as in a new thread (for tests). */
export function forgetParsedFonts(): void {
  parsedFonts.clear();
  runWidths.clear();
  splitCache.clear();
}

/** Parses every font of the families' chains now (at worker start), so no PDF pays for it. */
export function preloadFonts(families: readonly FontFamily[]): void {
  for (const family of families) {
    for (const weight of ["regular", "bold"] as const) {
      for (const path of fontChain(family, weight)) parsedFont(path);
    }
  }
}

// Widths depend only on font, size and text, not on the document: measured once per thread.
// Measuring shapes the text (fontkit layout), and wrapping measures every word, so without this
// cache measuring was most of a render. Bounded by clearing: invoices repeat their words.
const runWidths = new Map<string, number>();

function runWidth(doc: Doc, fontPath: string, size: number, text: string): number {
  const key = `${fontPath}\u0000${size}\u0000${text}`;
  let width = runWidths.get(key);
  if (width === undefined) {
    width = selectFont(doc, fontPath, size).widthOfString(text);
    if (runWidths.size >= 100_000) runWidths.clear();
    runWidths.set(key, width);
  }
  return width;
}

const splitCache = new Map<string, TextRun[]>();

/** `splitRunsByFont`, remembered per thread (the same labels and words recur in every invoice). */
function runsOf(text: string, style: TextStyle): TextRun[] {
  const key = `${style.family}\u0000${style.weight ?? "regular"}\u0000${text}`;
  let runs = splitCache.get(key);
  if (!runs) {
    runs = splitRunsByFont(text, style.family, style.weight);
    if (splitCache.size >= 100_000) splitCache.clear();
    splitCache.set(key, runs);
  }
  return runs;
}

export function textWidth(doc: Doc, text: string, style: TextStyle): number {
  let width = 0;
  for (const run of runsOf(text, style)) width += runWidth(doc, run.fontPath, style.size, run.text);
  return width;
}

/** The distance from the top of a line to its baseline, taken from the family's own font. */
function ascent(doc: Doc, style: TextStyle): number {
  const primary = fontChain(style.family, style.weight ?? "regular")[0];
  // pdfkit's types omit `_font`; its ascender is in 1/1000 em like every pdfkit metric.
  const font = (selectFont(doc, primary, style.size) as unknown as { _font: { ascender: number } })._font;
  return (font.ascender / 1000) * style.size;
}

/** Draws one line (no wrapping) with its top at `y`. Returns the width drawn. */
export function drawTextLine(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  style: TextStyle,
  options: LineOptions = {},
) {
  const runs = runsOf(text, style);
  const widths = runs.map((run) => runWidth(doc, run.fontPath, style.size, run.text));
  const total = widths.reduce((sum, w) => sum + w, 0);
  const box = options.width ?? 0;
  let cursor =
    options.align === "right" ? x + box - total : options.align === "center" ? x + (box - total) / 2 : x;
  const baseline = y + ascent(doc, style);
  doc.fillColor(style.color ?? "black");
  runs.forEach((run, i) => {
    selectFont(doc, run.fontPath, style.size).text(run.text, cursor, baseline, {
      baseline: "alphabetic",
      lineBreak: false,
    });
    cursor += widths[i];
  });
  return total;
}

/**
 * Draws `text` wrapped at spaces to `width` (explicit newlines kept), one baseline per line.
 * Returns the y below the last line. A word longer than the line is not broken.
 */
export function drawParagraph(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle & { lineHeight?: number; align?: LineOptions["align"] },
): number {
  const lineHeight = (style.lineHeight ?? 1.25) * style.size;
  const space = textWidth(doc, " ", style);
  let top = y;
  for (const paragraph of text.split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(/ +/)) {
      const wordWidth = textWidth(doc, word, style);
      if (line && lineWidth + space + wordWidth > width) {
        drawTextLine(doc, line, x, top, style, { width, align: style.align });
        top += lineHeight;
        line = word;
        lineWidth = wordWidth;
      } else {
        line = line ? `${line} ${word}` : word;
        lineWidth += (lineWidth ? space : 0) + wordWidth;
      }
    }
    drawTextLine(doc, line, x, top, style, { width, align: style.align });
    top += lineHeight;
  }
  return top;
}
