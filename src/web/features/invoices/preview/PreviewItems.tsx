import { memo } from "react";
import { formatMoney } from "#domain/format";
import type { InvoiceDocument, InvoiceItem } from "#domain/invoice";
import { formatPercent, formatQuantity, formatRate } from "../format";
import { PAPER } from "./paper-colours";
import type { TemplateStyle } from "./templates";

const cell = "px-2 py-1.5 align-top";
const num = `${cell} text-right tabular-nums`;

const ItemRow = memo(function ItemRow({
  item,
  index,
  amountMinor,
  currency,
  rule,
}: {
  item: InvoiceItem;
  index: number;
  amountMinor: number;
  currency: string;
  rule: string;
}) {
  return (
    <tr style={{ borderBottom: `1px solid ${rule}` }}>
      <td className={cell}>{index + 1}</td>
      <td className={cell} style={{ wordBreak: "break-word" }}>
        {item.name}
      </td>
      <td className={cell}>{item.hsnSac}</td>
      <td className={num}>{formatQuantity(item.quantity)}</td>
      <td className={cell}>{item.unit}</td>
      <td className={num}>{formatRate(item.rate, currency)}</td>
      <td className={num}>{formatPercent(item.discountPercent)}%</td>
      <td className={num}>{formatPercent(item.taxPercent)}%</td>
      <td className={num}>{formatMoney(amountMinor, currency, { symbol: false })}</td>
    </tr>
  );
});

export function PreviewItems({ doc, style }: { doc: InvoiceDocument; style: TemplateStyle }) {
  const headBg = style.tableHeadBackground(doc);
  const headInk = style.tableHeadInk(doc);
  return (
    <table className="w-full border-collapse text-[12px]" style={{ color: PAPER.ink }}>
      <thead>
        <tr
          style={{
            background: headBg,
            color: headInk,
            borderBottom: `2px solid ${style.name === "minimal" ? PAPER.ink : headBg}`,
          }}
        >
          <th className={`${cell} w-8 text-left`}>#</th>
          <th className={`${cell} text-left`}>Item</th>
          <th className={`${cell} w-20 text-left`}>HSN/SAC</th>
          <th className={`${cell} w-14 text-right`}>Qty</th>
          <th className={`${cell} w-12 text-left`}>Unit</th>
          <th className={`${cell} w-24 text-right`}>Rate</th>
          <th className={`${cell} w-14 text-right`}>Disc.</th>
          <th className={`${cell} w-14 text-right`}>Tax</th>
          <th className={`${cell} w-28 text-right`}>Amount</th>
        </tr>
      </thead>
      <tbody>
        {doc.items.map((item, i) => (
          <ItemRow
            key={item.id}
            item={item}
            index={i}
            amountMinor={doc.totals.lines[i]?.amountMinor ?? 0}
            currency={doc.currency}
            rule={PAPER.rule}
          />
        ))}
        {doc.items.length === 0 && (
          <tr>
            <td colSpan={9} className={`${cell} py-6 text-center`} style={{ color: PAPER.muted }}>
              No items yet
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
