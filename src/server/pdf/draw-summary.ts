import QRCode from "qrcode";
import { asBuffer, styles } from "./draw-header";
import {
  type Doc,
  drawFitted,
  drawLines,
  type Flow,
  LEFT,
  lineHeight,
  PAGE,
  RIGHT,
  wrapLines,
} from "./layout";
import { drawTextLine } from "./text-runs";
import type { PdfView } from "./view";

// Everything below the items: tax summary and totals, amount in words, notes and terms, then
// bank details, the UPI QR and the signatory; and the page numbers of every page.

const TOTALS_WIDTH = 230;
const ROW = 13;

/** Tax summary by rate (left) beside the totals (right), the amount in words under the total. */
export function drawTotals(doc: Doc, view: PdfView, flow: Flow): void {
  const c = view.colours;
  const { text, bold } = styles(view);
  const totalsX = RIGHT - TOTALS_WIDTH;
  const wordsStyle = text(8, c.muted);
  const words = wrapLines(doc, view.amountInWords, TOTALS_WIDTH, wordsStyle);
  // An invoice in another currency: its rupee values and the rate's note (decision 0089).
  const inrNote = view.inr ? wrapLines(doc, view.inr.note, TOTALS_WIDTH, wordsStyle) : [];
  const inrHeight = view.inr
    ? 4 + view.inr.rows.length * ROW + inrNote.length * lineHeight(wordsStyle) + 4
    : 0;
  const totalsHeight =
    view.totals.length * ROW +
    28 +
    4 +
    inrHeight +
    view.payments.length * ROW +
    words.length * lineHeight(wordsStyle);
  const summaryHeight = view.taxSummary.length ? (view.taxSummary.length + 1) * ROW + 14 : 0;
  flow.ensure(Math.max(totalsHeight, summaryHeight));
  const top = flow.y;

  if (view.taxSummary.length) {
    const width = totalsX - LEFT - 30;
    const cols = [LEFT, LEFT + width * 0.28, LEFT + width * 0.64];
    const widths = [width * 0.28, width * 0.36, width * 0.36];
    drawTextLine(doc, view.labels.taxSummary, LEFT, top, bold(7.5, view.look.labelInk));
    const head = view.labels.taxSummaryColumns;
    let y = top + 13;
    head.forEach((title, i) => {
      drawTextLine(doc, title, cols[i], y, bold(7.8, c.muted), {
        width: widths[i],
        align: i ? "right" : "left",
      });
    });
    y += ROW;
    for (const slab of view.taxSummary) {
      doc
        .moveTo(LEFT, y - 3)
        .lineTo(LEFT + width, y - 3)
        .lineWidth(0.5)
        .strokeColor(c.rule)
        .stroke();
      [slab.rate, slab.taxable, slab.tax].forEach((value, i) => {
        drawFitted(doc, value, cols[i], y, widths[i], text(7.8, c.ink), i ? "right" : "left");
      });
      y += ROW;
    }
  }

  let y = top;
  for (const row of view.totals) {
    drawTextLine(doc, row.label, totalsX + 6, y, text(8.5, c.muted));
    drawFitted(doc, row.value, totalsX + 110, y, TOTALS_WIDTH - 116, text(8.5, c.ink), "right");
    y += ROW;
  }
  const { fill, rule, ink } = view.look.total;
  if (fill) doc.roundedRect(totalsX, y, TOTALS_WIDTH, 26, 3).fill(fill);
  if (rule) doc.rect(totalsX, y, TOTALS_WIDTH, 1.5).fill(rule);
  drawTextLine(doc, view.total.label, totalsX + 6, y + 8, bold(10.5, ink));
  drawFitted(doc, view.total.value, totalsX + 70, y + 6.5, TOTALS_WIDTH - 76, bold(13, ink), "right");
  y += 32;
  if (view.inr) {
    view.inr.rows.forEach((row, i) => {
      const style = i === view.inr!.rows.length - 1 ? bold(9.5, c.ink) : text(8.5, c.muted);
      drawTextLine(doc, row.label, totalsX + 6, y, style);
      drawFitted(doc, row.value, totalsX + 110, y, TOTALS_WIDTH - 116, style, "right");
      y += ROW;
    });
    y = drawLines(doc, inrNote, totalsX, y, TOTALS_WIDTH, wordsStyle, "right") + 4;
  }
  // Amount paid and balance due, once the invoice has received a payment (the balance in bold).
  view.payments.forEach((row, i) => {
    const style = i === view.payments.length - 1 ? bold(9, c.ink) : text(8.5, c.muted);
    drawTextLine(doc, row.label, totalsX + 6, y, style);
    drawFitted(doc, row.value, totalsX + 110, y, TOTALS_WIDTH - 116, style, "right");
    y += ROW;
  });
  y = drawLines(doc, words, totalsX, y, TOTALS_WIDTH, wordsStyle, "right");
  flow.y = Math.max(y, top + summaryHeight) + 14;
}

/** A titled text block that may run over pages line by line (terms can be long). */
export function drawSection(doc: Doc, view: PdfView, flow: Flow, title: string, body: string) {
  if (!body.trim()) return;
  const c = view.colours;
  const { text, bold } = styles(view);
  const style = text(8.2, c.ink);
  const step = lineHeight(style);
  const lines = wrapLines(doc, body, RIGHT - LEFT, style);
  flow.ensure(12 + step);
  drawTextLine(doc, title, LEFT, flow.y, bold(7.5, view.look.labelInk));
  flow.y += 12;
  for (const line of lines) {
    flow.ensure(step);
    if (line) drawTextLine(doc, line, LEFT, flow.y, style);
    flow.y += step;
  }
  flow.y += 8;
}

const QR = 92;
const SIGN_WIDTH = 160;

/** Bank details, UPI QR and the signatory, kept together on one page. */
export function drawPaymentAndSignature(doc: Doc, view: PdfView, flow: Flow): void {
  const c = view.colours;
  const { text, bold } = styles(view);
  const bankStyle = text(8.2, c.ink);
  const bankRows = view.bank ?? [];
  // Above UPI's per-payment limit a note under the QR says the payer may need to split the payment.
  const noteStyle = text(6.8, c.muted);
  const noteLines = view.upi?.note ? wrapLines(doc, view.upi.note, QR + 40, noteStyle) : [];
  const noteHeight = noteLines.length ? noteLines.length * lineHeight(noteStyle) + 2 : 0;
  const height = Math.max(QR + 16 + noteHeight, bankRows.length * lineHeight(bankStyle) + 14, 84);
  flow.ensure(height + 6);
  const top = flow.y + 6;

  if (bankRows.length) {
    drawTextLine(doc, view.labels.bank, LEFT, top, bold(7.5, view.look.labelInk));
    let y = top + 12;
    for (const row of bankRows) {
      drawTextLine(doc, row.label, LEFT, y, text(8.2, c.muted));
      drawFitted(doc, row.value, LEFT + 48, y, 160, bankStyle);
      y += lineHeight(bankStyle);
    }
  }

  if (view.upi) {
    const x = LEFT + 236;
    const image = view.upi.imageId ? view.images.upiQr : null;
    if (image) {
      doc.image(asBuffer(image), x, top, { fit: [QR, QR], align: "center", valign: "center" });
    } else if (view.upi.uri) {
      drawQr(doc, view.upi.uri, x, top, QR);
    }
    drawFitted(doc, view.upi.caption, x - 20, top + QR + 3, QR + 40, text(7, c.muted), "center");
    if (noteLines.length) drawLines(doc, noteLines, x - 20, top + QR + 14, QR + 40, noteStyle, "center");
  }

  const sx = RIGHT - SIGN_WIDTH;
  const lineY = top + 64;
  const signature = view.signatory.imageId ? view.images.signature : null;
  if (signature) {
    doc.image(asBuffer(signature), sx + 10, top + 10, {
      fit: [SIGN_WIDTH - 20, 50],
      align: "center",
      valign: "bottom",
    });
  }
  doc.moveTo(sx, lineY).lineTo(RIGHT, lineY).lineWidth(0.7).strokeColor(c.ink).stroke();
  drawTextLine(doc, view.labels.signatory, sx, lineY + 4, bold(8.5, c.ink), {
    width: SIGN_WIDTH,
    align: "center",
  });
  const forLines = wrapLines(doc, view.signatory.forCompany, SIGN_WIDTH, text(7.8, c.muted));
  drawLines(doc, forLines, sx, lineY + 16, SIGN_WIDTH, text(7.8, c.muted), "center");
  flow.y = top + height;
}

// Making a QR code (mask choice, Reed-Solomon) was ~7 % of a render; a business's UPI link repeats.
const qrCodes = new Map<string, QRCode.QRCode>();

function qrCode(uri: string): QRCode.QRCode {
  let qr = qrCodes.get(uri);
  if (!qr) {
    qr = QRCode.create(uri, { errorCorrectionLevel: "M" });
    if (qrCodes.size >= 256) qrCodes.clear();
    qrCodes.set(uri, qr);
  }
  return qr;
}

/** The QR code of a `upi://pay` link as vector squares: sharp at any zoom, no image decoding. */
function drawQr(doc: Doc, uri: string, x: number, y: number, size: number): void {
  const qr = qrCode(uri);
  const count = qr.modules.size;
  const quiet = 2;
  const cell = size / (count + 2 * quiet);
  doc.rect(x, y, size, size).fill("#FFFFFF");
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill("#000000");
}

/** 'Page N of M' and the invoice number at the foot of every page (the page count is known now). */
export function drawPageNumbers(doc: Doc, view: PdfView): void {
  const { text } = styles(view);
  const range = doc.bufferedPageRange();
  const style = text(7.5, view.colours.muted);
  const y = PAGE.height - 36;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .moveTo(LEFT, y - 6)
      .lineTo(RIGHT, y - 6)
      .lineWidth(0.5)
      .strokeColor(view.colours.rule)
      .stroke();
    drawTextLine(doc, view.invoiceNumber, LEFT, y, style);
    drawTextLine(doc, `Page ${i - range.start + 1} of ${range.count}`, LEFT, y, style, {
      width: RIGHT - LEFT,
      align: "right",
    });
  }
}
