import type { ReactNode } from "react";
import type { StatementAnswer } from "#contract/statements";
import { formatPageDate } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { AGEING_BUCKETS } from "#domain/payments";
import { AGEING_BUCKET_LABELS, formatBalance } from "#domain/statements";

// The two statements as tables (decision 0081): the activity with its running Dr/Cr balance, and
// the open items with their ageing. Each scrolls sideways on its own on a phone.

const th = "whitespace-nowrap p-2 font-medium";
const td = "p-2 align-top";
const num = `${td} whitespace-nowrap text-right tabular-nums`;

function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section className="relative overflow-x-auto rounded-md border" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

export function ActivityTable({ s }: { s: StatementAnswer }) {
  const money = (minor: number) => (minor ? formatMoney(minor, s.currency) : "");
  const a = s.activity;
  return (
    <Scroll label="Activity statement">
      <table className="w-full min-w-[40rem] text-sm" data-testid="statement-activity">
        <thead className="bg-muted text-left">
          <tr>
            <th scope="col" className={th}>
              Date
            </th>
            <th scope="col" className={th}>
              Particulars
            </th>
            <th scope="col" className={`${th} text-right`}>
              Debit
            </th>
            <th scope="col" className={`${th} text-right`}>
              Credit
            </th>
            <th scope="col" className={`${th} text-right`}>
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-t">
            <td className={`${td} whitespace-nowrap`}>{formatPageDate(s.from)}</td>
            <td className={td}>Opening balance</td>
            <td className={num} />
            <td className={num} />
            <td className={num}>{formatBalance(a.openingMinor, s.currency)}</td>
          </tr>
          {a.rows.map((r) => (
            <tr key={`${r.kind}-${r.id}`} className="border-t">
              <td className={`${td} whitespace-nowrap`}>{formatPageDate(r.date)}</td>
              <td className={td}>
                <span className="font-medium">
                  {r.title} {r.number}
                </span>
                {r.details && <span className="block text-xs text-muted-foreground">{r.details}</span>}
              </td>
              <td className={num}>{money(r.debitMinor)}</td>
              <td className={num}>{money(r.creditMinor)}</td>
              <td className={num}>{formatBalance(r.balanceMinor, s.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 font-medium">
          <tr>
            <td className={td} />
            <th scope="row" className={`${td} text-left`}>
              Total
            </th>
            <td className={num}>{formatMoney(a.totalDebitMinor, s.currency)}</td>
            <td className={num}>{formatMoney(a.totalCreditMinor, s.currency)}</td>
            <td className={num} />
          </tr>
          <tr>
            <td className={`${td} whitespace-nowrap`}>{formatPageDate(s.to)}</td>
            <th scope="row" className={`${td} text-left`}>
              Closing balance
            </th>
            <td className={num} />
            <td className={num} />
            <td className={`${num} font-semibold`} data-testid="statement-closing">
              {formatBalance(a.closingMinor, s.currency)}
            </td>
          </tr>
        </tfoot>
      </table>
    </Scroll>
  );
}

export function OpenItemsTable({ s }: { s: StatementAnswer }) {
  const o = s.openItems;
  const money = (minor: number) => formatMoney(minor, s.currency);
  return (
    <div className="space-y-3">
      <Scroll label="Open items">
        <table className="w-full min-w-[40rem] text-sm" data-testid="statement-open-items">
          <thead className="bg-muted text-left">
            <tr>
              {["Date", "Number", "Due date"].map((h) => (
                <th key={h} scope="col" className={th}>
                  {h}
                </th>
              ))}
              {["Amount", "Received", "Pending", "Days overdue"].map((h) => (
                <th key={h} scope="col" className={`${th} text-right`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {o.items.length === 0 && (
              <tr className="border-t">
                <td className={`${td} text-muted-foreground`} colSpan={7}>
                  Nothing is pending on {formatPageDate(o.asOf)}.
                </td>
              </tr>
            )}
            {o.items.map((i) => (
              <tr key={i.id} className="border-t">
                <td className={`${td} whitespace-nowrap`}>{formatPageDate(i.date)}</td>
                <td className={td}>{i.number}</td>
                <td className={`${td} whitespace-nowrap`}>{formatPageDate(i.dueDate)}</td>
                <td className={num}>{money(i.amountMinor)}</td>
                <td className={num}>{money(i.receivedMinor)}</td>
                <td className={num}>{money(i.pendingMinor)}</td>
                <td className={num}>{i.daysOverdue > 0 ? i.daysOverdue : ""}</td>
              </tr>
            ))}
            {o.unallocatedMinor > 0 && (
              <tr className="border-t">
                <td className={td} />
                <td className={td} colSpan={4}>
                  Unallocated credit (advance or a credit note's excess)
                </td>
                <td className={num}>-{money(o.unallocatedMinor)}</td>
                <td className={num} />
              </tr>
            )}
          </tbody>
          <tfoot className="border-t-2 font-medium">
            <tr>
              <td className={td} />
              <th scope="row" colSpan={4} className={`${td} text-left`}>
                Total pending as on {formatPageDate(o.asOf)}
              </th>
              <td className={num} data-testid="statement-open-total">
                {formatBalance(o.totalMinor, s.currency)}
              </td>
              <td className={num} />
            </tr>
          </tfoot>
        </table>
      </Scroll>
      <Scroll label="Ageing">
        <table className="w-full min-w-[36rem] text-sm" data-testid="statement-ageing">
          <caption className="p-2 text-left text-xs text-muted-foreground">
            Ageing by due date as on {formatPageDate(o.asOf)}
          </caption>
          <thead className="bg-muted">
            <tr>
              {AGEING_BUCKETS.map((b) => (
                <th key={b} scope="col" className={`${th} text-right`}>
                  {AGEING_BUCKET_LABELS[b]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="border-t">
              {AGEING_BUCKETS.map((b) => (
                <td key={b} className={num}>
                  {money(o.buckets[b] ?? 0)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </Scroll>
    </div>
  );
}
