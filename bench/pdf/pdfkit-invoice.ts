import type { FontFamily } from "#server/pdf/fonts";
import { createPdfDocument, drawParagraph, drawTextLine, type TextStyle } from "#server/pdf/text-runs";
import type { InvoiceAssets } from "./assets.js";
import type { InvoiceView } from "./invoice.js";

const PRIMARY = "#1E3A8A";
const ACCENT = "#2DD4BF";
const MUTED = "#555555";
const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const RIGHT = PAGE.width - PAGE.margin;
const CONTENT = RIGHT - PAGE.margin;

// #, item, HSN/SAC, qty, unit, rate, disc, tax, amount
const COLUMNS: {
  key: keyof InvoiceView["lines"][number];
  title: string;
  width: number;
  align: "left" | "right";
}[] = [
  { key: "index", title: "#", width: 18, align: "left" },
  { key: "description", title: "Item", width: 175, align: "left" },
  { key: "hsn", title: "HSN/SAC", width: 50, align: "left" },
  { key: "qty", title: "Qty", width: 28, align: "right" },
  { key: "unit", title: "Unit", width: 34, align: "left" },
  { key: "rate", title: "Rate", width: 60, align: "right" },
  { key: "discount", title: "Disc.", width: 34, align: "right" },
  { key: "tax", title: "GST", width: 30, align: "right" },
  { key: "amount", title: "Amount", width: CONTENT - 429, align: "right" },
];

/** The benchmark's invoice drawn with pdfkit: a stand-in for a product template, not one. */
export function renderInvoicePdfkit(
  invoice: InvoiceView,
  assets: InvoiceAssets,
  family: FontFamily,
): Promise<Buffer> {
  const doc = createPdfDocument({
    size: "A4",
    margin: PAGE.margin,
    info: { Title: `Invoice ${invoice.invoiceNumber}`, Producer: "Bahi" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const text = (size: number, extra: Partial<TextStyle> = {}): TextStyle => ({ family, size, ...extra });
  const bold = (size: number, color?: string): TextStyle => ({ family, size, weight: "bold", color });
  const M = PAGE.margin;

  // Header: logo and company on the left, title and numbers on the right.
  doc.image(assets.logoPng, M, M, { width: 56, height: 56 });
  drawTextLine(doc, invoice.company.name, M + 66, M, bold(14, PRIMARY));
  let y = M + 19;
  for (const line of invoice.company.lines) {
    drawTextLine(doc, line, M + 66, y, text(8.5, { color: MUTED }));
    y += 11;
  }
  drawTextLine(doc, invoice.title, M, M, bold(18, PRIMARY), { width: CONTENT, align: "right" });
  const meta: [string, string][] = [
    ["Invoice no.", invoice.invoiceNumber],
    ["Invoice date", invoice.invoiceDate],
    ["Due date", invoice.dueDate],
  ];
  meta.forEach(([label, value], i) => {
    drawTextLine(doc, label, RIGHT - 180, M + 26 + i * 12, text(8.5, { color: MUTED }));
    drawTextLine(doc, value, RIGHT - 100, M + 26 + i * 12, bold(8.5), { width: 100, align: "right" });
  });

  // Bill to.
  y = Math.max(y, M + 64) + 10;
  doc.rect(M, y, CONTENT, 1.5).fill(ACCENT);
  y += 8;
  drawTextLine(doc, "BILL TO", M, y, bold(7.5, MUTED));
  drawTextLine(doc, invoice.client.name, M, y + 10, bold(11));
  y += 25;
  for (const line of invoice.client.lines) {
    drawTextLine(doc, line, M, y, text(8.5));
    y += 11;
  }

  // Items.
  y += 8;
  doc.rect(M, y, CONTENT, 16).fill(PRIMARY);
  let x = M;
  for (const column of COLUMNS) {
    drawTextLine(doc, column.title, x + 3, y + 4, bold(7.5, "white"), {
      width: column.width - 6,
      align: column.align,
    });
    x += column.width;
  }
  y += 16;
  invoice.lines.forEach((line, row) => {
    if (row % 2 === 1) doc.rect(M, y, CONTENT, 15).fill("#F3F6FB");
    x = M;
    for (const column of COLUMNS) {
      drawTextLine(doc, line[column.key], x + 3, y + 4, text(7.8), {
        width: column.width - 6,
        align: column.align,
      });
      x += column.width;
    }
    y += 15;
  });
  doc.moveTo(M, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor("#BBBBBB").stroke();

  // Tax summary (left) and totals (right).
  y += 10;
  const top = y;
  drawTextLine(doc, "TAX SUMMARY", M, y, bold(7.5, MUTED));
  y += 11;
  for (const [a, b, c] of [["Tax", "Taxable value", "Tax amount"]]) {
    drawTextLine(doc, a, M, y, bold(7.5));
    drawTextLine(doc, b, M + 60, y, bold(7.5), { width: 90, align: "right" });
    drawTextLine(doc, c, M + 150, y, bold(7.5), { width: 80, align: "right" });
  }
  y += 11;
  for (const slab of invoice.taxSummary) {
    drawTextLine(doc, slab.label, M, y, text(7.5));
    drawTextLine(doc, slab.taxable, M + 60, y, text(7.5), { width: 90, align: "right" });
    drawTextLine(doc, slab.tax, M + 150, y, text(7.5), { width: 80, align: "right" });
    y += 10;
  }
  let ty = top;
  for (const total of invoice.totals) {
    drawTextLine(doc, total.label, RIGHT - 220, ty, text(8.5, { color: MUTED }));
    drawTextLine(doc, total.value, RIGHT - 120, ty, text(8.5), { width: 120, align: "right" });
    ty += 12;
  }
  doc.rect(RIGHT - 225, ty, 225, 22).fill(PRIMARY);
  drawTextLine(doc, "Total", RIGHT - 218, ty + 6, bold(10, "white"));
  drawTextLine(doc, invoice.grandTotal, RIGHT - 150, ty + 5, bold(12, "white"), {
    width: 143,
    align: "right",
  });
  ty += 28;
  ty = drawParagraph(doc, invoice.amountInWords, RIGHT - 225, ty, 225, {
    ...text(7.8, { color: MUTED }),
    align: "right",
  });

  // Notes, terms, bank details, UPI QR, signature.
  y = Math.max(y, ty) + 12;
  const column = (CONTENT - 110) / 2;
  drawTextLine(doc, "NOTES", M, y, bold(7.5, MUTED));
  let ny = drawParagraph(doc, invoice.notes, M, y + 10, column - 10, text(7.8));
  drawTextLine(doc, "TERMS", M, ny + 4, bold(7.5, MUTED));
  ny = drawParagraph(doc, invoice.terms, M, ny + 14, column - 10, text(7.8));
  drawTextLine(doc, "BANK DETAILS", M + column, y, bold(7.5, MUTED));
  let by = y + 10;
  for (const line of invoice.bank) {
    drawTextLine(doc, line, M + column, by, text(7.8));
    by += 10;
  }
  drawTextLine(doc, `UPI: ${invoice.upiId}`, M + column, by, text(7.8));
  doc.image(assets.upiQrPng, RIGHT - 96, y, { width: 96, height: 96 });
  drawTextLine(doc, "Scan to pay with UPI", RIGHT - 96, y + 98, text(6.5, { color: MUTED }), {
    width: 96,
    align: "center",
  });
  const sy = Math.max(ny, y + 112) + 16;
  doc
    .moveTo(RIGHT - 150, sy + 24)
    .lineTo(RIGHT, sy + 24)
    .lineWidth(0.5)
    .strokeColor("#888888")
    .stroke();
  drawTextLine(doc, `For ${invoice.company.name}`, RIGHT - 150, sy, text(7.8), {
    width: 150,
    align: "right",
  });
  drawTextLine(doc, "Authorised signatory", RIGHT - 150, sy + 28, text(7.5, { color: MUTED }), {
    width: 150,
    align: "right",
  });

  doc.end();
  return done;
}
