import { isCurrencyCode } from "#domain/currencies";
import { formatPageDate, todayInTimeZone } from "#domain/dates";
import { formatMoney } from "#domain/format";
import type { PageImages } from "#domain/invoice-page";
import { PAYMENT_METHOD_LABELS, settledMinor } from "#domain/payments";
import type { Settings } from "#domain/settings";
import { buildStatementPage, type StatementClient } from "#domain/statement-page";
import {
  buildStatement,
  type LedgerEntry,
  periodProblem,
  type Statement,
  type StatementPeriod,
} from "#domain/statements";
import { now } from "../clock";
import type { Db } from "../db/client";
import type { ClientRow } from "../db/queries/clients";
import { readSettings } from "../db/queries/settings";
import {
  type ClientLedgerRows,
  clientCurrencies,
  clientLedger,
  type StatementRow,
  upsertStatement,
} from "../db/queries/statements";
import { AppError } from "../errors";
import { getClient } from "./clients";

// A client's statement of account (issue 32 part 2, decision 0081): read from the client's
// documents whenever asked (nothing is stored but the period of one that was downloaded, shared or
// sent), in one currency, for a period that ends on a day of the business's calendar.

export interface StatementQuery {
  from?: string | undefined;
  to?: string | undefined;
  currency?: string | undefined;
}

export interface StatementView {
  client: ClientRow;
  settings: Settings;
  currency: string;
  /** The currencies the client has issued invoices in. */
  currencies: string[];
  statement: Statement;
  /** Today in the business's time zone. */
  generatedOn: string;
}

const joinDot = (...parts: string[]) => parts.filter(Boolean).join(" · ");

/** The client's documents as the statement's ledger entries. */
export function ledgerEntries(rows: ClientLedgerRows, currency: string): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  for (const r of rows.invoiceRows)
    entries.push({
      kind: "invoice",
      id: r.id,
      number: r.number,
      date: r.date,
      postedAt: r.createdAt.getTime(),
      amountMinor: Number(r.totalMinor),
      dueDate: r.dueDate,
      details: r.dueDate ? `Due ${formatPageDate(r.dueDate)}` : "",
    });
  for (const p of rows.paymentRows)
    entries.push({
      kind: "payment",
      id: p.id,
      number: "",
      date: p.paidOn,
      postedAt: p.createdAt.getTime(),
      // What the payment settled: the money received and the TDS the client deducted (decision 0088).
      amountMinor: settledMinor(p),
      details: joinDot(
        PAYMENT_METHOD_LABELS[p.method],
        p.reference,
        `against ${p.invoiceNumber}`,
        p.tdsMinor > 0 ? `incl. TDS ${formatMoney(Number(p.tdsMinor), "INR")} (${p.tdsSection ?? ""})` : "",
      ),
      allocations: [{ to: p.invoiceId, amountMinor: settledMinor(p) }],
    });
  for (const n of rows.noteRows) {
    const total = Number(n.totalMinor);
    const excess = total - Number(n.appliedMinor);
    entries.push(
      n.kind === "debit"
        ? {
            kind: "debit_note",
            id: n.id,
            number: n.number,
            date: n.date,
            postedAt: n.createdAt.getTime(),
            amountMinor: total,
            dueDate: n.date,
            details: `against ${n.invoiceNumber}`,
          }
        : {
            kind: "credit_note",
            id: n.id,
            number: n.number,
            date: n.date,
            postedAt: n.createdAt.getTime(),
            amountMinor: total,
            details: joinDot(
              `against ${n.invoiceNumber}`,
              excess > 0 ? `${formatMoney(excess, currency)} not adjusted` : "",
            ),
            allocations: [{ to: n.invoiceId, amountMinor: Number(n.appliedMinor) }],
          },
    );
  }
  return entries;
}

/** 1 April of the financial year `date` falls in. */
function financialYearStart(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return `${month >= 4 ? year : year - 1}-04-01`;
}

/** The period asked for: by default from the financial year's start to today. */
export function resolvePeriod(q: StatementQuery, today: string): StatementPeriod {
  const to = q.to ?? today;
  const period = { from: q.from ?? financialYearStart(to), to };
  const problem = periodProblem(period);
  if (problem) throw new AppError("validation_failed", problem, { from: problem });
  return period;
}

async function statementOf(
  db: Db,
  businessId: string,
  clientId: string,
  period: StatementPeriod,
  currency: string,
): Promise<Statement> {
  const rows = await clientLedger(db, { businessId, clientId, currency, to: period.to });
  return buildStatement(ledgerEntries(rows, currency), period);
}

/** The client's statement for the period asked (a client that is not the business's: 404). */
export async function readClientStatement(
  db: Db,
  businessId: string,
  clientId: string,
  q: StatementQuery,
): Promise<StatementView> {
  const client = await getClient(db, businessId, clientId);
  const settings = await readSettings(db, businessId);
  const generatedOn = todayInTimeZone(now(), settings.timeZone);
  const period = resolvePeriod(q, generatedOn);
  const currencies = await clientCurrencies(db, businessId, clientId);
  const currency =
    q.currency && isCurrencyCode(q.currency)
      ? q.currency
      : currencies.includes(settings.defaultCurrency)
        ? settings.defaultCurrency
        : (currencies[0] ?? settings.defaultCurrency);
  const statement = await statementOf(db, businessId, clientId, period, currency);
  return { client, settings, currency, currencies, statement, generatedOn };
}

/** A kept statement (downloaded, shared or sent) as it reads today. */
export async function readKeptStatement(db: Db, row: StatementRow): Promise<StatementView> {
  return readClientStatement(db, row.businessId, row.clientId, {
    from: row.fromDate,
    to: row.toDate,
    currency: row.currency,
  });
}

/** The statement of the period asked, kept (made once) so that a PDF, a link and a mail can name it. */
export async function keepStatement(db: Db, businessId: string, clientId: string, q: StatementQuery) {
  const view = await readClientStatement(db, businessId, clientId, q);
  const row = await upsertStatement(db, {
    businessId,
    clientId,
    from: view.statement.period.from,
    to: view.statement.period.to,
    currency: view.currency,
  });
  return { row, view };
}

export function statementClient(client: ClientRow): StatementClient {
  return {
    name: client.name,
    company: client.company,
    email: client.email,
    phone: client.phone,
    gstin: client.gstin,
    billingAddress: client.billingAddress as StatementClient["billingAddress"],
  };
}

export function statementPage(view: StatementView, images: PageImages) {
  return buildStatementPage(view.statement, {
    currency: view.currency,
    client: statementClient(view.client),
    settings: view.settings,
    generatedOn: view.generatedOn,
    images,
  });
}

/** How the statement's files are named: "statement-meera-stores-2026-04-01-2026-06-30". */
export function statementFileStem(view: StatementView): string {
  const name =
    (view.client.company.trim() || view.client.name)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "client";
  const { from, to } = view.statement.period;
  return `statement-${name}-${from}-${to}`;
}
