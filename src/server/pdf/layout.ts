import type PDFDocumentClass from "pdfkit";
import { drawTextLine, type TextStyle, textWidth } from "./text-runs";

// Page geometry, wrapping and page flow shared by the three templates. Wrapping is measured
// with the same fallback runs as drawing, so a measured block is exactly the block drawn.

export type Doc = InstanceType<typeof PDFDocumentClass>;

export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
export const LEFT = PAGE.margin;
export const RIGHT = PAGE.width - PAGE.margin;
/** Below this the footer (page numbers) lives; content never goes past it. */
export const CONTENT_BOTTOM = PAGE.height - 52;

export type Align = "left" | "right" | "center";

/** `text` cut into lines no wider than `width`: at spaces, and inside a word longer than a line. */
export function wrapLines(doc: Doc, text: string, width: number, style: TextStyle): string[] {
  const lines: string[] = [];
  const space = textWidth(doc, " ", style);
  for (const paragraph of text.split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(/ +/)) {
      for (const piece of splitLongWord(doc, word, width, style)) {
        const pieceWidth = textWidth(doc, piece, style);
        if (line && lineWidth + space + pieceWidth > width) {
          lines.push(line);
          line = piece;
          lineWidth = pieceWidth;
        } else {
          lineWidth += (line ? space : 0) + pieceWidth;
          line = line ? `${line} ${piece}` : piece;
        }
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A word wider than the line, cut between grapheme clusters so no mark is left on its own. */
function splitLongWord(doc: Doc, word: string, width: number, style: TextStyle): string[] {
  if (textWidth(doc, word, style) <= width) return [word];
  const pieces: string[] = [];
  let piece = "";
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(word)) {
    if (piece && textWidth(doc, piece + segment, style) > width) {
      pieces.push(piece);
      piece = segment;
    } else piece += segment;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

export function lineHeight(style: TextStyle, factor = 1.3): number {
  return style.size * factor;
}

/** Draws pre-wrapped lines; returns the y below them. */
export function drawLines(
  doc: Doc,
  lines: string[],
  x: number,
  y: number,
  width: number,
  style: TextStyle,
  align: Align = "left",
): number {
  const step = lineHeight(style);
  lines.forEach((line, i) => {
    if (line) drawTextLine(doc, line, x, y + i * step, style, { width, align });
  });
  return y + lines.length * step;
}

/** One line in `width`: drawn smaller when it would not fit (long amounts in narrow columns). */
export function drawFitted(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
  align: Align = "left",
): void {
  const natural = textWidth(doc, text, style);
  const size = natural > width ? Math.max(4.5, (style.size * width) / natural) : style.size;
  const dy = (style.size - size) / 2;
  drawTextLine(doc, text, x, y + dy, { ...style, size }, { width, align });
}

/** Where the next block goes; starts a new page when a block does not fit on this one. */
export class Flow {
  y: number;
  pages = 1;

  constructor(
    readonly doc: Doc,
    top: number,
    private readonly onNewPage: (flow: Flow) => void,
  ) {
    this.y = top;
  }

  /** Makes room for `height`; returns true when a new page was started. */
  ensure(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.doc.addPage();
    this.pages += 1;
    this.y = PAGE.margin;
    this.onNewPage(this);
  }
}
