import { csvText } from "#domain/csv";
import { currencyOf } from "#domain/currencies";
import { formatScaled } from "#domain/decimal";
import { AGEING_BUCKET_LABELS } from "#domain/statements";
import { type StatementView, statementFileStem } from "./statements";

// A statement of account as CSV (decision 0081): the activity statement's columns, one line per
// row with the opening and closing balances as rows of their own; or the open items with their
// ageing. Amounts are plain decimals (a spreadsheet sums them), the balance signed: positive is Dr.

export type StatementCsvPart = "activity" | "open_items";

export function statementCsv(view: StatementView, part: StatementCsvPart): { fileName: string; csv: string } {
  const { exponent } = currencyOf(view.currency);
  const money = (minor: number) => formatScaled(minor, exponent);
  const side = (minor: number) => (minor > 0 ? "Dr" : minor < 0 ? "Cr" : "");
  const { activity, openItems, period } = view.statement;
  const stem = statementFileStem(view);
  if (part === "open_items") {
    const lines = [
      ["Date", "Document", "Number", "Due date", "Amount", "Received", "Pending", "Days overdue", "Ageing"],
      ...openItems.items.map((i) => [
        i.date,
        i.kind === "invoice" ? "Invoice" : "Debit Note",
        i.number,
        i.dueDate,
        money(i.amountMinor),
        money(i.receivedMinor),
        money(i.pendingMinor),
        String(Math.max(0, i.daysOverdue)),
        AGEING_BUCKET_LABELS[i.bucket],
      ]),
    ];
    if (openItems.unallocatedMinor > 0)
      lines.push(["", "Unallocated credit", "", "", "", "", money(-openItems.unallocatedMinor), "", ""]);
    lines.push([openItems.asOf, "Total", "", "", "", "", money(openItems.totalMinor), "", ""]);
    return { fileName: `${stem}-open-items.csv`, csv: csvText(lines) };
  }
  const lines = [
    ["Date", "Document", "Number", "Details", "Currency", "Debit", "Credit", "Balance", "Dr/Cr"],
    [
      period.from,
      "Opening Balance",
      "",
      "",
      view.currency,
      "",
      "",
      money(activity.openingMinor),
      side(activity.openingMinor),
    ],
    ...activity.rows.map((r) => [
      r.date,
      r.title,
      r.number,
      r.details,
      view.currency,
      r.debitMinor ? money(r.debitMinor) : "",
      r.creditMinor ? money(r.creditMinor) : "",
      money(r.balanceMinor),
      side(r.balanceMinor),
    ]),
    [
      "",
      "Total",
      "",
      "",
      view.currency,
      money(activity.totalDebitMinor),
      money(activity.totalCreditMinor),
      "",
      "",
    ],
    [
      period.to,
      "Closing Balance",
      "",
      "",
      view.currency,
      "",
      "",
      money(activity.closingMinor),
      side(activity.closingMinor),
    ],
  ];
  return { fileName: `${stem}.csv`, csv: csvText(lines) };
}
