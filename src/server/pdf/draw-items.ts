import type { PageLine } from "#domain/invoice-page";
import { styles } from "./draw-header";
import {
  type Align,
  type Doc,
  drawFitted,
  drawLines,
  type Flow,
  LEFT,
  lineHeight,
  RIGHT,
  wrapLines,
} from "./layout";
import { drawTextLine } from "./text-runs";
import type { PdfView } from "./view";

// The items table. Text columns wrap (a long item name makes its row taller); number columns
// stay on one line and are drawn smaller if a huge amount would not fit. A row never splits
// across pages; the head is drawn again at the top of every page the table continues on.

/** How wide each column is and whether its text wraps (the heads and order come from the page). */
const COLUMN_LAYOUT: Record<keyof PageLine, { width: number; wrap: boolean }> = {
  index: { width: 20, wrap: false },
  name: { width: 0, wrap: true },
  hsnSac: { width: 50, wrap: true },
  quantity: { width: 38, wrap: false },
  unit: { width: 34, wrap: true },
  rate: { width: 64, wrap: false },
  discount: { width: 36, wrap: false },
  tax: { width: 36, wrap: false },
  amount: { width: 78, wrap: false },
  // A GST document's columns (rate over amount in the tax cells): narrower, so twelve fit on A4.
  uqc: { width: 30, wrap: false },
  taxable: { width: 58, wrap: false },
  cgst: { width: 46, wrap: true },
  sgst: { width: 46, wrap: true },
  igst: { width: 52, wrap: true },
  // A statement of account's columns.
  date: { width: 62, wrap: false },
  debit: { width: 76, wrap: false },
  credit: { width: 76, wrap: false },
  balance: { width: 96, wrap: false },
};
/** On a GST document the fixed columns shrink to make room for the tax columns. */
const GST_WIDTHS: Partial<Record<keyof PageLine, number>> = {
  index: 16,
  hsnSac: 44,
  quantity: 30,
  rate: 50,
  discount: 30,
  amount: 62,
};

function columnsOf(view: PdfView) {
  const gst = view.gst !== null;
  const columns = view.columns.map((column) => {
    const layout = COLUMN_LAYOUT[column.key];
    const width = gst ? (GST_WIDTHS[column.key] ?? layout.width) : layout.width;
    return { ...column, ...layout, width, align: column.align as Align };
  });
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  for (const column of columns) if (column.key === "name") column.width = RIGHT - LEFT - fixed;
  return columns;
}

const PAD_X = 4;
const PAD_Y = 3.6;
const HEAD_HEIGHT = 18;

export function drawTableHead(doc: Doc, view: PdfView, y: number): number {
  const { bold } = styles(view);
  const { fill, ink, rule } = view.look.tableHead;
  if (fill) doc.rect(LEFT, y, RIGHT - LEFT, HEAD_HEIGHT).fill(fill);
  if (rule) doc.rect(LEFT, y + HEAD_HEIGHT - 1.2, RIGHT - LEFT, 1.2).fill(rule);
  let x = LEFT;
  const style = bold(7.8, ink);
  for (const column of columnsOf(view)) {
    drawTextLine(doc, column.title, x + PAD_X, y + 5, style, {
      width: column.width - 2 * PAD_X,
      align: column.align,
    });
    x += column.width;
  }
  return y + HEAD_HEIGHT;
}

/** Draws every line, breaking pages between rows; `flow` draws the head again on a new page. */
export function drawItems(doc: Doc, view: PdfView, flow: Flow): void {
  const c = view.colours;
  const { text } = styles(view);
  const style = text(8, c.ink);
  const step = lineHeight(style);
  const columns = columnsOf(view);
  flow.ensure(HEAD_HEIGHT + step + 2 * PAD_Y);
  flow.y = drawTableHead(doc, view, flow.y);
  if (view.lines.length === 0) {
    drawTextLine(doc, view.labels.noLines, LEFT, flow.y + PAD_Y + 6, text(8, c.muted), {
      width: RIGHT - LEFT,
      align: "center",
    });
    flow.y += step + 2 * PAD_Y + 12;
  }
  view.lines.forEach((line, row) => {
    const cells = columns.map((column) =>
      column.wrap
        ? wrapLines(doc, line[column.key] ?? "", column.width - 2 * PAD_X, style)
        : // A cell that does not wrap may still hold lines (an amount and its rupees; decision 0089).
          (line[column.key] ?? "").split("\n"),
    );
    const height = Math.max(...cells.map((cell) => cell.length)) * step + 2 * PAD_Y;
    flow.ensure(height);
    const y = flow.y;
    if (view.look.zebra && row % 2 === 1) doc.rect(LEFT, y, RIGHT - LEFT, height).fill(view.look.zebra);
    let x = LEFT;
    columns.forEach((column, i) => {
      const width = column.width - 2 * PAD_X;
      if (column.wrap) drawLines(doc, cells[i], x + PAD_X, y + PAD_Y, width, style, column.align);
      else
        cells[i].forEach((part, k) => {
          drawFitted(doc, part, x + PAD_X, y + PAD_Y + k * step, width, style, column.align);
        });
      x += column.width;
    });
    flow.y = y + height;
    doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.5).strokeColor(c.rule).stroke();
  });
  flow.y += 12;
}
