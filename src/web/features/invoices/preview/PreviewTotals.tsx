import { formatMoney } from "#domain/format";
import type { InvoiceDocument } from "#domain/invoice";
import { formatPercent } from "../format";
import { PAPER } from "./paper-colours";
import type { TemplateStyle } from "./templates";

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-0.5 ${strong ? "font-bold" : ""}`}>
      <span>{label}</span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}

/** Tax summary by rate on the left, the totals on the right, the amount in words below. */
export function PreviewTotals({ doc, style }: { doc: InvoiceDocument; style: TemplateStyle }) {
  const t = doc.totals;
  const money = (minor: number) => formatMoney(minor, doc.currency);
  const taxRates = t.taxByRate.filter((r) => r.ratePercent > 0 || t.taxByRate.length > 1);
  return (
    <div className="mt-4 grid grid-cols-2 gap-6 text-[12px]" style={{ color: PAPER.ink }}>
      <div>
        {taxRates.length > 0 && (
          <table className="w-full border-collapse" aria-label="Tax summary by rate">
            <thead>
              <tr style={{ borderBottom: `1px solid ${PAPER.rule}`, color: PAPER.muted }}>
                <th className="py-1 text-left font-semibold">Tax rate</th>
                <th className="py-1 text-right font-semibold">Taxable value</th>
                <th className="py-1 text-right font-semibold">Tax</th>
              </tr>
            </thead>
            <tbody>
              {taxRates.map((r) => (
                <tr key={r.ratePercent} style={{ borderBottom: `1px solid ${PAPER.rule}` }}>
                  <td className="py-1">{formatPercent(r.ratePercent)}%</td>
                  <td className="py-1 text-right tabular-nums">{money(r.taxableMinor)}</td>
                  <td className="py-1 text-right tabular-nums">{money(r.taxMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div>
        <Row label="Subtotal" value={money(t.subtotalMinor)} />
        {t.discountMinor !== 0 && <Row label="Discount" value={`-${money(t.discountMinor)}`} />}
        {t.taxByRate
          .filter((r) => r.taxMinor !== 0)
          .map((r) => (
            <Row
              key={r.ratePercent}
              label={`Tax @ ${formatPercent(r.ratePercent)}%`}
              value={money(r.taxMinor)}
            />
          ))}
        {doc.roundOff && <Row label="Round off" value={money(t.roundOffMinor)} />}
        <div
          className="mt-1 flex justify-between gap-4 rounded px-2 py-1.5 text-[14px] font-bold"
          style={{
            background: style.totalBackground(doc),
            color: style.totalInk(doc),
            borderTop: style.name === "minimal" ? `2px solid ${PAPER.ink}` : undefined,
          }}
        >
          <span>Total</span>
          <span className="tabular-nums" data-testid="preview-total">
            {money(t.totalMinor)}
          </span>
        </div>
      </div>
      <p className="col-span-2" style={{ color: PAPER.ink }}>
        <span className="font-semibold">Amount in words: </span>
        <span data-testid="preview-words">{doc.amountInWords}</span>
      </p>
    </div>
  );
}
