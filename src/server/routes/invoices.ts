import type { FastifyInstance, FastifyRequest } from "fastify";
import { invoiceFilterQuery, invoiceListQuery, invoiceStatusChange } from "#contract/invoices";
import { currencyOf } from "#domain/currencies";
import { todayInTimeZone } from "#domain/dates";
import { formatScaled } from "#domain/decimal";
import { invoiceInputSchema } from "#domain/invoice";
import { financialYearOf } from "#domain/invoice-number";
import { type DisplayStatus, displayStatus } from "#domain/status";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { peekSequentialNumber } from "../db/queries/invoice-numbers";
import {
  findInvoice,
  type InvoiceExportRow,
  type InvoiceRow,
  type InvoiceSummaryRow,
  listInvoices,
  listInvoicesForExport,
} from "../db/queries/invoices";
import { readSettings } from "../db/queries/settings";
import { notFound } from "../errors";
import {
  changeInvoiceStatus,
  createInvoice,
  deleteInvoice,
  duplicateInvoice,
  updateInvoice,
} from "../services/invoices";
import { parseBody } from "./validate";

// ---- presenters: every field listed, nothing else leaves ----

export function presentInvoiceSummary(row: InvoiceSummaryRow, today: string) {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    status: row.status,
    displayStatus: displayStatus(row.status, row.dueDate, today) as DisplayStatus,
    clientId: row.clientId,
    clientName: row.clientName,
    currency: row.currency,
    totalMinor: Number(row.totalMinor),
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    paymentDate: row.paymentDate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentInvoice(row: InvoiceRow, today: string) {
  return { ...presentInvoiceSummary(row, today), document: row.invoiceData };
}

async function userToday(db: Db, userId: string) {
  const settings = await readSettings(db, userId);
  return { settings, today: todayInTimeZone(new Date(), settings.timeZone) };
}

type IdParams = { Params: { id: string } };

export function registerInvoiceRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;

  const present = async (userId: string, row: InvoiceRow) => {
    const { today } = await userToday(db, userId);
    return { invoice: presentInvoice(row, today) };
  };

  app.get("/api/invoices", async (request) => {
    const me = await requireUser(auth, request);
    const query = parseBody(invoiceListQuery, request.query);
    const { today } = await userToday(db, me.id);
    const { rows, total } = await listInvoices(db, me.id, { ...query, today });
    return {
      items: rows.map((row) => presentInvoiceSummary(row, today)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });

  app.get("/api/invoices/next-number", async (request) => {
    const me = await requireUser(auth, request);
    const { settings } = await userToday(db, me.id);
    if (settings.invoiceNumberScheme !== "sequential") return { scheme: "timestamp", invoiceNumber: null };
    const financialYear = financialYearOf(new Date(), settings.timeZone);
    return { scheme: "sequential", invoiceNumber: await peekSequentialNumber(db, me.id, financialYear) };
  });

  app.get("/api/invoices/export.csv", async (request, reply) => {
    const me = await requireUser(auth, request);
    const query = parseBody(invoiceFilterQuery, request.query);
    const { today } = await userToday(db, me.id);
    const rows = await listInvoicesForExport(db, me.id, { ...query, today });
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="bahi-invoices-${today}.csv"`)
      .header("cache-control", "no-store")
      .send(invoicesCsv(rows, today));
  });

  app.post<{ Querystring: { autoNumber?: string } }>("/api/invoices", async (request, reply) => {
    const me = await requireUser(auth, request);
    const autoNumber = request.query.autoNumber === "1" || request.query.autoNumber === "true";
    const input = parseBody(invoiceInputSchema, withPlaceholderNumber(request, autoNumber));
    const row = await createInvoice(db, me.id, input, { autoNumber });
    return reply.status(201).send(await present(me.id, row));
  });

  app.get<IdParams>("/api/invoices/:id", async (request) => {
    const me = await requireUser(auth, request);
    const row = await findInvoice(db, me.id, request.params.id);
    if (!row) throw notFound("Invoice");
    return present(me.id, row);
  });

  app.put<IdParams>("/api/invoices/:id", async (request) => {
    const me = await requireUser(auth, request);
    const input = parseBody(invoiceInputSchema, request.body);
    return present(me.id, await updateInvoice(db, me.id, request.params.id, input));
  });

  app.delete<IdParams>("/api/invoices/:id", async (request, reply) => {
    const me = await requireUser(auth, request);
    await deleteInvoice(db, me.id, request.params.id);
    return reply.status(204).send();
  });

  app.post<IdParams>("/api/invoices/:id/status", async (request) => {
    const me = await requireUser(auth, request);
    const change = parseBody(invoiceStatusChange, request.body);
    return present(me.id, await changeInvoiceStatus(db, me.id, request.params.id, change));
  });

  app.post<IdParams>("/api/invoices/:id/duplicate", async (request, reply) => {
    const me = await requireUser(auth, request);
    const row = await duplicateInvoice(db, me.id, request.params.id);
    return reply.status(201).send(await present(me.id, row));
  });
}

/** With `?autoNumber=1` the server picks the number, so the body's own may be missing. */
function withPlaceholderNumber(request: FastifyRequest, autoNumber: boolean): unknown {
  const body = request.body;
  if (!autoNumber || typeof body !== "object" || body === null) return body;
  return { ...body, invoiceNumber: "AUTO" };
}

// ---- CSV for accountants ----

const CSV_HEADER = [
  "Invoice number",
  "Client",
  "Invoice date",
  "Due date",
  "Status",
  "Currency",
  "Subtotal",
  "Discount",
  "Tax",
  "Round off",
  "Total",
  "Payment date",
];

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell a spreadsheet cannot run: text starting with = + - @ tab or CR gets a leading apostrophe
 * (OWASP "CSV injection"). A plain number such as a negative round-off "-0.40" is not a formula
 * and stays a number. Then RFC 4180 quoting.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function invoicesCsv(rows: InvoiceExportRow[], today: string): string {
  const lines = [CSV_HEADER.map(csvCell).join(",")];
  for (const row of rows) {
    const { exponent } = currencyOf(row.currency);
    const money = (minor: number) => formatScaled(Number(minor), exponent);
    lines.push(
      [
        row.invoiceNumber,
        row.clientName,
        row.invoiceDate,
        row.dueDate ?? "",
        displayStatus(row.status, row.dueDate, today),
        row.currency,
        money(row.subtotalMinor),
        money(row.discountMinor),
        money(row.taxMinor),
        money(row.roundOffMinor),
        money(row.totalMinor),
        row.paymentDate ?? "",
      ]
        .map(csvCell)
        .join(","),
    );
  }
  // The byte-order mark makes spreadsheet programs read the file as UTF-8 (names, ₹ in text).
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
