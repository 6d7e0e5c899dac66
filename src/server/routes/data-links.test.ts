import { expect, it } from "vitest";
import { sendDueReminders } from "../services/reminders";
import { describeEachDb, type Session, testAppForSuite } from "../testing/harness";
import { invoiceRequest, quoteRequest } from "../testing/invoice-request";

// Export -> clear -> import keeps the public links a business sent and the reminders it sent
// (issue 33 part 3, decision 0087), on PGlite and PostgreSQL; a file never hands one business's
// link to another.

type ExportFile = Record<string, Array<Record<string, unknown>>> & { settings: Record<string, unknown> };

/** 12:00 in Asia/Kolkata on `isoDate` (reminders go out from 10:00 there). */
const noonIst = (isoDate: string) => new Date(Date.parse(`${isoDate}T06:30:00Z`));

describeEachDb("public links and reminders in the export file", (kind) => {
  const t = testAppForSuite(kind);

  const pathOf = (url: string) => new URL(url).pathname;
  const exportOf = async (s: Session) => {
    const res = await t.get("/api/export", s.cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as ExportFile;
  };
  const importFile = async (s: Session, file: unknown) => {
    const res = await t.post("/api/import", file, s.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().imported as { linksNotKept: number; statements: number };
  };
  const clear = async (s: Session) =>
    expect((await t.post("/api/functions/clear-user-data", {}, s.cookie)).statusCode).toBe(200);
  const remind = (isoDate: string) =>
    sendDueReminders(
      { db: t.database.db, mailer: t.mailer, publicUrl: t.config.publicUrl },
      noonIst(isoDate),
    );

  /** An invoice due 10 Dec 2026 for a client of the business, its quote and statement, each with a link. */
  async function seed() {
    const s = await t.signUpAndSignIn();
    const email = `client-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const client = await t.post("/api/clients", { name: "Meera Stores", email }, s.cookie);
    expect(client.statusCode, client.body).toBe(201);
    const clientId = client.json().id as string;
    const number = `LNK-${Math.random().toString(36).slice(2, 8)}`;
    const created = await t.post(
      "/api/invoices",
      invoiceRequest(number, {
        clientId,
        client: { name: "Meera Stores", email },
        invoiceDate: "2026-11-20",
        dueDate: "2026-12-10",
      }),
      s.cookie,
    );
    expect(created.statusCode, created.body).toBe(201);
    const invoiceId = created.json().invoice.id as string;
    const invoiceLink = (await t.post(`/api/invoices/${invoiceId}/public-link`, {}, s.cookie)).json().url;
    const quote = await t.post(
      "/api/quotes",
      quoteRequest({
        quoteDate: "2026-11-01",
        validUntil: "2026-11-30",
        client: { name: "Meera Stores", email },
        items: [{ id: "l1", name: "Teak chair", quantity: "2", rate: "2499.50" }],
      }),
      s.cookie,
    );
    expect(quote.statusCode, quote.body).toBe(201);
    const { id: quoteId, quoteNumber } = quote.json().quote;
    const quoteLink = (await t.post(`/api/quotes/${quoteId}/public-link`, {}, s.cookie)).json().url;
    const statement = await t.post(
      `/api/statements/${clientId}/public-link?from=2026-04-01&to=2026-11-30`,
      {},
      s.cookie,
    );
    expect(statement.statusCode, statement.body).toBe(200);
    return {
      s,
      email,
      number,
      invoiceId,
      quoteNumber: quoteNumber as string,
      links: {
        invoice: pathOf(invoiceLink),
        quote: pathOf(quoteLink),
        statement: pathOf(statement.json().url),
      },
    };
  }

  it("export -> clear -> import: the same links open the same documents, and no reminder goes past the limit", async () => {
    const a = await seed();
    const schedule = { enabled: true, daysBefore: 3, onDueDate: true, everyDaysAfter: 7, maxReminders: 4 };
    expect((await t.send("PUT", "/api/settings/reminders", schedule, a.s.cookie)).statusCode).toBe(200);
    for (const day of ["2026-12-07", "2026-12-10", "2026-12-17", "2026-12-24"]) await remind(day);
    const mails = () => t.mailer.sent.filter((m) => m.to === a.email);
    expect(mails()).toHaveLength(4);
    // The client opened the invoice's page once.
    expect((await t.get(a.links.invoice)).statusCode).toBe(200);

    const file = await exportOf(a.s);
    const exported = file.invoices!.find((i) => i.invoiceNumber === a.number)!;
    expect((exported.reminders as unknown[]).length).toBe(4);
    expect(exported.publicLink).toMatchObject({ token: a.links.invoice.slice(3), views: 1 });
    await clear(a.s);
    for (const path of Object.values(a.links)) expect((await t.get(path)).statusCode, path).toBe(404);

    expect(await importFile(a.s, file)).toMatchObject({ linksNotKept: 0, statements: 1 });
    const page = await t.get(a.links.invoice);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(a.number);
    const quotePage = await t.get(a.links.quote);
    expect(quotePage.statusCode).toBe(200);
    expect(quotePage.body).toContain(a.quoteNumber);
    const statementPage = await t.get(a.links.statement);
    expect(statementPage.statusCode).toBe(200);
    expect(statementPage.body).toContain(a.number);

    // Four were sent before the import: the job sends none after it, however long it stays unpaid.
    for (const day of ["2026-12-31", "2027-01-07", "2027-02-01"]) await remind(day);
    expect(mails()).toHaveLength(4);
    // The owner still sees the link made before, not a new one.
    const list = (await t.get(`/api/invoices?search=${a.number}`, a.s.cookie)).json().items;
    const link = await t.get(`/api/invoices/${list[0].id}/public-link`, a.s.cookie);
    expect(pathOf(link.json().url)).toBe(a.links.invoice);
  });

  it("an invoice with reminders stopped, or partway through them, goes on from where it was", async () => {
    const a = await seed();
    const schedule = { enabled: true, daysBefore: 3, onDueDate: true, everyDaysAfter: 7, maxReminders: 4 };
    expect((await t.send("PUT", "/api/settings/reminders", schedule, a.s.cookie)).statusCode).toBe(200);
    await remind("2026-12-10");
    const mails = () => t.mailer.sent.filter((m) => m.to === a.email);
    expect(mails()).toHaveLength(1);
    const file = await exportOf(a.s);
    await clear(a.s);
    await importFile(a.s, file);
    await remind("2026-12-11"); // the 10th's was sent: nothing now
    expect(mails()).toHaveLength(1);
    await remind("2026-12-17");
    expect(mails()).toHaveLength(2);

    const id = (await t.get(`/api/invoices?search=${a.number}`, a.s.cookie)).json().items[0].id;
    expect((await t.post(`/api/invoices/${id}/reminders`, { off: true }, a.s.cookie)).statusCode).toBe(200);
    const stopped = await exportOf(a.s);
    expect(stopped.invoices!.find((i) => i.invoiceNumber === a.number)!.remindersOff).toBe(true);
    await clear(a.s);
    await importFile(a.s, stopped);
    await remind("2026-12-24");
    expect(mails()).toHaveLength(2);
  });

  it("another business importing the file, or a file with a link's proof changed, takes over no link", async () => {
    const a = await seed();
    const b = await t.signUpAndSignIn();
    const file = await exportOf(a.s);

    // A still has its documents: B's import keeps the rest of the file, not the links.
    expect(await importFile(b, file)).toMatchObject({ linksNotKept: 3, statements: 1 });
    const mine = (await t.get(`/api/invoices?search=${a.number}`, b.cookie)).json().items[0];
    expect((await t.get(`/api/invoices/${mine.id}/public-link`, b.cookie)).json().url).toBeNull();
    expect((await t.get(a.links.invoice)).body).toContain(a.number);

    // A revokes its invoice's link: the old token is free, and still not B's to take.
    await t.post(`/api/invoices/${a.invoiceId}/public-link/renew`, {}, a.s.cookie);
    expect((await t.get(a.links.invoice)).statusCode).toBe(404);
    expect((await importFile(b, file)).linksNotKept).toBe(3);
    expect((await t.get(a.links.invoice)).statusCode).toBe(404);

    // A's own file with a proof altered (or an older file without links): imported, links not kept.
    const altered = structuredClone(file);
    const quote = altered.quotes!.find((q) => q.quoteNumber === a.quoteNumber)!;
    (quote.publicLink as { proof: string }).proof = "x".repeat(43);
    await clear(a.s);
    expect((await importFile(a.s, altered)).linksNotKept).toBe(1);
    expect((await t.get(a.links.quote)).statusCode).toBe(404);
    expect((await t.get(a.links.statement)).statusCode).toBe(200);

    const older = structuredClone(file);
    delete (older as Record<string, unknown>).statements;
    for (const record of [...older.invoices!, ...older.quotes!]) {
      delete record.publicLink;
      delete record.reminders;
    }
    await clear(a.s);
    expect(await importFile(a.s, older)).toMatchObject({ linksNotKept: 0, statements: 0 });
    expect((await t.get(a.links.statement)).statusCode).toBe(404);
  });
});
