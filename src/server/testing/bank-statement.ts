import { expect } from "vitest";
import type { TestApp } from "./harness";

/** A row of a statement: its date, narration, debit, credit and balance, as the bank prints them. */
export type StatementRow = [date: string, narration: string, debit: string, credit: string, balance: string];

/** An SBI statement (tab-separated, with its preamble) of these rows; `accountName` is not read. */
export function sbiStatement(rows: StatementRow[], accountName = "KESARI TRADERS"): string {
  return [
    `Account Name\t:\t${accountName}`,
    "Account Number\t:\t00000012345678901",
    "",
    "Txn Date\tValue Date\tDescription\tRef No./Cheque No.\tDebit\tCredit\tBalance",
    ...rows.map(([date, narration, debit, credit, balance]) =>
      [date, date, narration, "", debit, credit, balance].join("\t"),
    ),
  ].join("\n");
}

/** Imports an SBI statement of this one credit, which matches no invoice: the line left in review. */
export async function creditInReview(
  t: TestApp,
  cookie: string,
  row: StatementRow,
  accountName?: string,
): Promise<{ id: string }> {
  const text = sbiStatement([row], accountName);
  const imported = await t.post("/api/bank-statements/import", { fileName: "sbi.tsv", text }, cookie);
  expect(imported.statusCode, imported.body).toBe(201);
  const review = (await t.get("/api/bank-statements/lines?status=review", cookie)).json().items;
  expect(review).toHaveLength(1);
  return review[0];
}
