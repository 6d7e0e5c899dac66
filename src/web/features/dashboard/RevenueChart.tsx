import type { Dashboard } from "#contract/dashboard";
import { formatMoney } from "#domain/format";
import { FiguresHead } from "#web/components/ui/table";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11" -> "Nov 2026" (long) or "Nov" (short). */
export function monthLabel(ym: string, long = false): string {
  const [y, m] = ym.split("-");
  const name = MONTHS[Number(m) - 1] ?? ym;
  return long ? `${name} ${y}` : name;
}

const W = 640;
const H = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 8 };

/** Invoiced and paid per month, as plain SVG bars, with the same figures as a table. */
export function RevenueChart({ data, currency }: { data: Dashboard["revenueByMonth"]; currency: string }) {
  const max = Math.max(1, ...data.map((d) => Math.max(d.invoicedMinor, d.paidMinor)));
  const plotH = H - PAD.top - PAD.bottom;
  const slot = (W - PAD.left - PAD.right) / Math.max(1, data.length);
  const bar = Math.max(4, slot * 0.32);
  const money = (minor: number) => formatMoney(minor, currency);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  /** One bar from the axis up to `minor`, at `left`, its figure in its tooltip. */
  const column = (left: number, minor: number, fill: string, title: string) => (
    <rect x={left} y={y(minor)} width={bar} height={PAD.top + plotH - y(minor)} rx="2" fill={fill}>
      <title>{title}</title>
    </rect>
  );
  const total = data.reduce((sum, d) => sum + d.invoicedMinor, 0);
  const summary =
    data.length > 0
      ? `Invoiced and paid each month from ${monthLabel(data[0].month, true)} to ${monthLabel(data[data.length - 1].month, true)}; ${money(total)} invoiced in all. The table below lists each month.`
      : "No figures yet.";

  return (
    <figure>
      <div className="mb-2 flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="h-3 w-3 rounded-sm bg-primary" /> Invoiced
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-3 w-3 rounded-sm bg-accent" /> Paid
        </span>
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={summary}>
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={PAD.top + plotH}
          y2={PAD.top + plotH}
          stroke="var(--border)"
          strokeWidth="1"
        />
        {data.map((d, i) => {
          const x = PAD.left + i * slot + slot / 2;
          return (
            <g key={d.month}>
              {column(
                x - bar - 1,
                d.invoicedMinor,
                "var(--primary)",
                `${monthLabel(d.month, true)}: ${money(d.invoicedMinor)} invoiced`,
              )}
              {column(
                x + 1,
                d.paidMinor,
                "var(--accent)",
                `${monthLabel(d.month, true)}: ${money(d.paidMinor)} paid`,
              )}
              <text x={x} y={H - 8} textAnchor="middle" fontSize="12" fill="var(--muted-fg)">
                {monthLabel(d.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-muted-foreground">Show the figures as a table</summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm">
              <FiguresHead
                className="text-muted-foreground"
                cellClassName="py-1 pr-4 font-medium last:pr-0"
                columns={["Month", "Invoiced", "Paid"]}
              />
              <tbody>
                {data.map((d) => (
                  <tr key={d.month} className="border-t border-border">
                    <th scope="row" className="py-1 pr-4 text-left font-normal">
                      {monthLabel(d.month, true)}
                    </th>
                    <td className="py-1 pr-4 text-right tabular-nums">{money(d.invoicedMinor)}</td>
                    <td className="py-1 text-right tabular-nums">{money(d.paidMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figcaption>
    </figure>
  );
}
