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
};

type Columns = InvoicePageModel["columns"];
const alignOf = (align: "left" | "right") => (align === "right" ? "text-right tabular-nums" : "text-left");

interface RowProps {
  line: PageLine;
  columns: Columns;
  rule: string;
  fill: string | undefined;
}

// A new model is built on every keystroke: a row is drawn again only when one of its cells changed.
const sameRow = (a: RowProps, b: RowProps) =>
  a.columns === b.columns &&
  a.rule === b.rule &&
  a.fill === b.fill &&
  a.columns.every((column) => a.line[column.key] === b.line[column.key]);

const ItemRow = memo(function ItemRow({ line, columns, rule, fill }: RowProps) {
  return (
    <tr style={{ borderBottom: `1px solid ${rule}`, background: fill }}>
      {columns.map((column) => (
        <td
          key={column.key}
          className={`${cell} ${alignOf(column.align)} whitespace-pre-line`}
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
  return (
    <table className="w-full border-collapse text-[12px]" style={{ color: colours.ink }}>
      <thead>
        <tr
          style={{
            background: head.fill ?? undefined,
            color: head.ink,
            borderBottom: head.rule ? `2px solid ${head.rule}` : undefined,
          }}
        >
          {columns.map((column) => (
            <th key={column.key} className={`${cell} ${WIDTHS[column.key]} ${alignOf(column.align)}`}>
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
