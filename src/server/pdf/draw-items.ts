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
import type { TemplateLook } from "./templates";
import { drawTextLine } from "./text-runs";
import type { PdfLine, PdfView } from "./view";

// The items table. Text columns wrap (a long item name makes its row taller); number columns
// stay on one line and are drawn smaller if a huge amount would not fit. A row never splits
// across pages; the head is drawn again at the top of every page the table continues on.

interface Column {
  key: keyof PdfLine;
  title: string;
  width: number;
  align: Align;
  wrap: boolean;
}

const columns: Column[] = [
  { key: "index", title: "#", width: 20, align: "left", wrap: false },
  { key: "name", title: "Item", width: 0, align: "left", wrap: true },
  { key: "hsnSac", title: "HSN/SAC", width: 50, align: "left", wrap: true },
  { key: "quantity", title: "Qty", width: 38, align: "right", wrap: false },
  { key: "unit", title: "Unit", width: 34, align: "left", wrap: true },
  { key: "rate", title: "Rate", width: 64, align: "right", wrap: false },
  { key: "discount", title: "Disc.", width: 36, align: "right", wrap: false },
  { key: "tax", title: "Tax", width: 36, align: "right", wrap: false },
  { key: "amount", title: "Amount", width: 78, align: "right", wrap: false },
];
columns[1].width = RIGHT - LEFT - columns.reduce((sum, column) => sum + column.width, 0);

const PAD_X = 4;
const PAD_Y = 3.6;
const HEAD_HEIGHT = 18;

export function drawTableHead(doc: Doc, view: PdfView, look: TemplateLook, y: number): number {
  const c = view.colours;
  const { bold } = styles(view);
  const fill = look.tableHeadFill(c);
  if (fill) doc.rect(LEFT, y, RIGHT - LEFT, HEAD_HEIGHT).fill(fill);
  const rule = look.tableHeadRule(c);
  if (rule) doc.rect(LEFT, y + HEAD_HEIGHT - 1.2, RIGHT - LEFT, 1.2).fill(rule);
  let x = LEFT;
  const style = bold(7.8, look.tableHeadInk(c));
  for (const column of columns) {
    drawTextLine(doc, column.title, x + PAD_X, y + 5, style, {
      width: column.width - 2 * PAD_X,
      align: column.align,
    });
    x += column.width;
  }
  return y + HEAD_HEIGHT;
}

/** Draws every line, breaking pages between rows; `flow` draws the head again on a new page. */
export function drawItems(doc: Doc, view: PdfView, look: TemplateLook, flow: Flow): void {
  const c = view.colours;
  const { text } = styles(view);
  const style = text(8, c.ink);
  const step = lineHeight(style);
  flow.ensure(HEAD_HEIGHT + step + 2 * PAD_Y);
  flow.y = drawTableHead(doc, view, look, flow.y);
  view.lines.forEach((line, row) => {
    const cells = columns.map((column) =>
      column.wrap ? wrapLines(doc, line[column.key], column.width - 2 * PAD_X, style) : [line[column.key]],
    );
    const height = Math.max(...cells.map((cell) => cell.length)) * step + 2 * PAD_Y;
    flow.ensure(height);
    const y = flow.y;
    if (look.zebra && row % 2 === 1) doc.rect(LEFT, y, RIGHT - LEFT, height).fill(c.zebra);
    let x = LEFT;
    columns.forEach((column, i) => {
      const width = column.width - 2 * PAD_X;
      if (column.wrap) drawLines(doc, cells[i], x + PAD_X, y + PAD_Y, width, style, column.align);
      else drawFitted(doc, cells[i][0], x + PAD_X, y + PAD_Y, width, style, column.align);
      x += column.width;
    });
    flow.y = y + height;
    doc.moveTo(LEFT, flow.y).lineTo(RIGHT, flow.y).lineWidth(0.5).strokeColor(c.rule).stroke();
  });
  flow.y += 12;
}
