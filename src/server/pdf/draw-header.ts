import { type Doc, drawFitted, drawLines, LEFT, lineHeight, PAGE, RIGHT, wrapLines } from "./layout";
import { drawTextLine, type TextStyle, textWidth } from "./text-runs";
import type { PdfView } from "./view";

// The first page's header (company, logo, title, numbers) and the parties (bill to, ship to).

const LOGO = 64;
const TITLE_BOX = 200;
const MARK_HEIGHT = 30;

export const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function styles(view: PdfView) {
  const family = view.fontFamily;
  return {
    text: (size: number, color: string): TextStyle => ({ family, size, color }),
    bold: (size: number, color: string): TextStyle => ({ family, size, color, weight: "bold" }),
  };
}

/** Draws the header; returns the y below it. */
export function drawHeader(doc: Doc, view: PdfView): number {
  const look = view.look;
  const { text, bold } = styles(view);
  const logo = view.company.logoImageId ? view.images.logo : null;
  const top = look.headerBand ? 30 : PAGE.margin;
  const companyX = LEFT + (logo ? LOGO + 12 : 0);
  const companyWidth = RIGHT - TITLE_BOX - 20 - companyX;
  const nameStyle = bold(15, look.companyInk);
  const lineStyle = text(8.5, look.headerTextInk);
  const nameLines = wrapLines(doc, view.company.name, companyWidth, nameStyle);
  const companyLines = view.company.lines.flatMap((line) => wrapLines(doc, line, companyWidth, lineStyle));
  const companyHeight =
    nameLines.length * lineHeight(nameStyle) + 3 + companyLines.length * lineHeight(lineStyle);
  const metaStep = 12.5;
  const titleHeight = 28 + view.meta.length * metaStep + (view.mark ? MARK_HEIGHT + 8 : 0);
  const height = Math.max(logo ? LOGO : 0, companyHeight, titleHeight);

  if (look.headerBand) doc.rect(0, 0, PAGE.width, top + height + 22).fill(look.headerBand);
  if (logo) {
    if (look.headerBand) doc.roundedRect(LEFT - 3, top - 3, LOGO + 6, LOGO + 6, 4).fill("#FFFFFF");
    doc.image(asBuffer(logo), LEFT, top, {
      fit: [LOGO, LOGO],
      align: "center",
      valign: "center",
    });
  }
  let y = drawLines(doc, nameLines, companyX, top, companyWidth, nameStyle) + 3;
  drawLines(doc, companyLines, companyX, y, companyWidth, lineStyle);

  const boxX = RIGHT - TITLE_BOX;
  drawTextLine(doc, view.title, boxX, top - 2, bold(20, look.titleInk), {
    width: TITLE_BOX,
    align: "right",
  });
  const labelStyle = text(8.5, look.headerTextInk);
  const valueStyle = bold(8.5, look.headerValueInk);
  y = top + 28;
  for (const { label, value } of view.meta) {
    drawTextLine(doc, label, boxX + 40, y, labelStyle);
    drawFitted(doc, value, boxX + 100, y, TITLE_BOX - 100, valueStyle, "right");
    y += metaStep;
  }
  drawMark(doc, view, y + 6);

  let bottom = top + height;
  if (look.headerBand) bottom += 22;
  if (look.headerRule) {
    bottom += 10;
    doc.rect(LEFT, bottom, RIGHT - LEFT, 2).fill(look.headerRule);
  }
  return bottom + 16;
}

/** Bill to (and ship to when the client has a shipping address); returns the y below. */
export function drawParties(doc: Doc, view: PdfView, top: number): number {
  const c = view.colours;
  const { text, bold } = styles(view);
  const gap = 24;
  const width = (RIGHT - LEFT - gap) / 2;
  const labelStyle = bold(7.5, view.look.labelInk);
  const nameStyle = bold(11, c.ink);
  const lineStyle = text(8.5, c.ink);

  drawTextLine(doc, view.labels.billTo, LEFT, top, labelStyle);
  let y = drawLines(
    doc,
    wrapLines(doc, view.billTo.name, width, nameStyle),
    LEFT,
    top + 12,
    width,
    nameStyle,
  );
  const billLines = view.billTo.lines.flatMap((line) => wrapLines(doc, line, width, lineStyle));
  const billBottom = drawLines(doc, billLines, LEFT, y + 1, width, lineStyle);

  let shipBottom = top;
  if (view.shipTo) {
    const x = LEFT + width + gap;
    drawTextLine(doc, view.labels.shipTo, x, top, labelStyle);
    const shipLines = view.shipTo.flatMap((line) => wrapLines(doc, line, width, lineStyle));
    y = drawLines(doc, shipLines, x, top + 13, width, lineStyle);
    shipBottom = y;
  }
  return Math.max(billBottom, shipBottom) + 14;
}

/** A stamp (PAID, CANCELLED, DRAFT) under the invoice numbers, on white so it reads on any band. */
function drawMark(doc: Doc, view: PdfView, y: number): void {
  if (!view.mark) return;
  const { bold } = styles(view);
  const style = bold(16, view.mark.colour);
  const width = textWidth(doc, view.mark.text, style) + 24;
  const x = RIGHT - width;
  doc.roundedRect(x, y, width, MARK_HEIGHT, 4).lineWidth(2).fillAndStroke("#FFFFFF", view.mark.colour);
  drawTextLine(doc, view.mark.text, x, y + 6.5, style, { width, align: "center" });
}
