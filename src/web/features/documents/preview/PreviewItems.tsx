import { memo } from "react";
import type { InvoicePageModel, PageLine } from "#domain/invoice-page";

// The items table as the page model gives it: heads, cells and colours are the model's.

const cell = "px-2 py-1.5 align-top";
const WIDTHS: Record<keyof PageLine, string> = {
  index: "w-8",
  name: "",
  hsnSac: "w-20",
  quantity: "w-14",
  unit: "w-12",
  rate: "w-24",
  discount: "w-14",
  tax: "w-14",
  amount: "w-28",
  uqc: "w-12",
  taxable: "w-24",
  cgst: "w-20",
  sgst: "w-20",
  igst: "w-20",
  date: "w-24",
  debit: "w-24",
  credit: "w-24",
  balance: "w-28",
};

/** A tax invoice's table has twelve columns: narrower ones, so the item's name keeps its room. */
const GST_WIDTHS: Record<keyof PageLine, string> = {
  ...WIDTHS,
  index: "w-6",
  hsnSac: "w-16",
  quantity: "w-10",
  unit: "w-10",
  uqc: "w-10",
  rate: "w-16",
  discount: "w-10",
  taxable: "w-20",
  cgst: "w-16",
  sgst: "w-16",
  igst: "w-16",
  amount: "w-20",
};
const GST_CELL = "px-1 py-1.5 align-top";

type Columns = InvoicePageModel["columns"];
const alignOf = (align: "left" | "right") => (align === "right" ? "text-right tabular-nums" : "text-left");

interface RowProps {
  line: PageLine;
  columns: Columns;
  rule: string;
  fill: string | undefined;
  cellClass: string;
}

// A new model is built on every keystroke: a row is drawn again only when one of its cells changed.
const sameRow = (a: RowProps, b: RowProps) =>
  a.columns === b.columns &&
  a.rule === b.rule &&
  a.fill === b.fill &&
  a.cellClass === b.cellClass &&
  a.columns.every((column) => a.line[column.key] === b.line[column.key]);

const ItemRow = memo(function ItemRow({ line, columns, rule, fill, cellClass }: RowProps) {
  return (
    <tr style={{ borderBottom: `1px solid ${rule}`, background: fill }}>
      {columns.map((column) => (
        <td
          key={column.key}
          className={`${cellClass} ${alignOf(column.align)} whitespace-pre-line`}
          style={column.key === "name" ? { wordBreak: "break-word" } : undefined}
        >
          {line[column.key]}
        </td>
      ))}
    </tr>
  );
}, sameRow);

export function PreviewItems({ page }: { page: InvoicePageModel }) {
  const { columns, colours, look } = page;
  const head = look.tableHead;
  const gst = columns.some((column) => column.key === "taxable");
  const widths = gst ? GST_WIDTHS : WIDTHS;
  const cellClass = gst ? GST_CELL : cell;
  return (
    <table
      className={`w-full border-collapse ${gst ? "text-[11px]" : "text-[12px]"}`}
      style={{ color: colours.ink }}
    >
      <thead>
        <tr
          style={{
            background: head.fill ?? undefined,
            color: head.ink,
            borderBottom: head.rule ? `2px solid ${head.rule}` : undefined,
          }}
        >
          {columns.map((column) => (
            <th key={column.key} className={`${cellClass} ${widths[column.key]} ${alignOf(column.align)}`}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {page.lines.map((line, i) => (
          <ItemRow
            // The row number is the line's place; the page model has no other id for it.
            key={line.index}
            line={line}
            columns={columns}
            rule={colours.rule}
            fill={look.zebra && i % 2 === 1 ? look.zebra : undefined}
            cellClass={cellClass}
          />
        ))}
        {page.lines.length === 0 && (
          <tr>
            <td
              colSpan={columns.length}
              className={`${cell} py-6 text-center`}
              style={{ color: colours.muted }}
            >
              {page.labels.noLines}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
