import type { PageTable } from "#domain/invoice-page";
import { styles } from "./draw-header";
import { type Doc, drawFitted, drawLines, type Flow, LEFT, lineHeight, RIGHT, wrapLines } from "./layout";
import { drawTextLine } from "./text-runs";
import type { PdfView } from "./view";

// A GST document's part below the totals (the page model's `gst`): the HSN/SAC summary table
// and the declarations (reverse charge, composition, export). Retail pages have none.

const ROW = 12;

/** The HSN/SAC summary, then the declarations; nothing on a retail page. */
export function drawGstBlock(doc: Doc, view: PdfView, flow: Flow): void {
  if (!view.gst) return;
  drawTable(doc, view, flow, view.gst.hsnSummary);
  const c = view.colours;
  const { bold } = styles(view);
  const style = bold(8, c.ink);
  const step = lineHeight(style);
  for (const declaration of view.gst.declarations) {
    const lines = wrapLines(doc, declaration, RIGHT - LEFT, style);
    flow.ensure(lines.length * step);
    flow.y = drawLines(doc, lines, LEFT, flow.y, RIGHT - LEFT, style) + 2;
  }
  if (view.gst.declarations.length) flow.y += 8;
}

/** A small titled table of text (an HSN/SAC summary, a statement's open items and ageing). */
export function drawTable(doc: Doc, view: PdfView, flow: Flow, table: PageTable): void {
  if (table.rows.length === 0) return;
  const c = view.colours;
  const { text, bold } = styles(view);
  // The code column is wider; the others share the rest.
  const first = 70;
  const rest = (RIGHT - LEFT - first) / (table.columns.length - 1);
  const widths = table.columns.map((_, i) => (i === 0 ? first : rest));
  flow.ensure(12 + ROW * 2);
  drawTextLine(doc, table.title, LEFT, flow.y, bold(7.5, view.look.labelInk));
  flow.y += 12;
  const drawRow = (cells: string[], style: ReturnType<typeof text>) => {
    let x = LEFT;
    cells.forEach((cell, i) => {
      drawFitted(doc, cell, x + 3, flow.y, widths[i] - 6, style, table.columns[i]?.align ?? "left");
      x += widths[i];
    });
    flow.y += ROW;
  };
  drawRow(
    table.columns.map((column) => column.title),
    bold(7.2, c.muted),
  );
  for (const row of table.rows) {
    flow.ensure(ROW);
    doc
      .moveTo(LEFT, flow.y - 3)
      .lineTo(RIGHT, flow.y - 3)
      .lineWidth(0.5)
      .strokeColor(c.rule)
      .stroke();
    drawRow(row, text(7.5, c.ink));
  }
  flow.y += 10;
}
