import { afterAll, expect, it } from "vitest";
import { resetClock } from "../clock";
import {
  describeEachDb,
  get,
  post,
  type Session,
  signUpAndSignIn,
  testAppForSuite,
} from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";

// Quotes, recurring profiles and credit notes travel in the export file (decisions 0031 and 0037,
// addenda "In the export file"): a round trip keeps them and their links, on PGlite and PostgreSQL.

type Rec = Record<string, unknown>;
type ExportFile = {
  invoices: Rec[];
  clients: Rec[];
  settings: Rec;
  productServices: Rec[];
  quotes: Rec[];
  recurringProfiles: Rec[];
  creditNotes: Rec[];
};

afterAll(() => resetClock());

const quoteRequest = (over: Rec = {}) => ({
  quoteNumber: null,
  quoteDate: "2026-05-01",
  validUntil: "2099-05-31",
  currency: "INR",
  client: { name: "Meera Stores", email: "meera@example.com" },
  items: [{ id: "l1", name: "Teak chair", quantity: "4", rate: "2499.50", taxPercent: "18" }],
  ...over,
});

describeEachDb("quotes, recurring profiles and notes in the export file", (kind) => {
  const t = testAppForSuite(kind, { env: { TEST_CLOCK: "1" } });

  const exportOf = async (cookie: string) => {
    const res = await get(t.app, "/api/export", cookie);
    expect(res.statusCode).toBe(200);
    return { body: res.body, file: res.json() as ExportFile };
  };
  const importFile = (file: unknown, cookie: string) => post(t.app, "/api/import", file, cookie);
  const clear = async (cookie: string) =>
    expect((await post(t.app, "/api/functions/clear-user-data", {}, cookie)).statusCode).toBe(200);
  const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>, code = 200) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(code);
    return r.json() as Rec & { [k: string]: Rec };
  };
  const quoteByNumber = async (cookie: string, number: string) => {
    const list = (await get(t.app, `/api/quotes?search=${encodeURIComponent(number)}`, cookie)).json();
    const id = (list.items as Array<{ id: string; quoteNumber: string }>).find(
      (q) => q.quoteNumber === number,
    )!.id;
    return (await get(t.app, `/api/quotes/${id}`, cookie)).json().quote as Rec & { id: string };
  };

  /** A draft quote, a declined one, and an accepted one converted into an invoice (then issued). */
  async function seedQuotes(s: Session) {
    await post(t.app, "/api/test/clock", { now: "2026-05-10T06:00:00Z" });
    await ok(post(t.app, "/api/quotes", quoteRequest(), s.cookie), 201);
    const declined = (await ok(post(t.app, "/api/quotes", quoteRequest(), s.cookie), 201)).quote as Rec;
    await ok(post(t.app, `/api/quotes/${declined.id}/status`, { status: "sent" }, s.cookie));
    await ok(
      post(t.app, `/api/quotes/${declined.id}/status`, { status: "declined", comment: "Too dear" }, s.cookie),
    );
    const won = (await ok(post(t.app, "/api/quotes", quoteRequest(), s.cookie), 201)).quote as Rec;
    await ok(post(t.app, `/api/quotes/${won.id}/public-link`, {}, s.cookie));
    await ok(post(t.app, `/api/quotes/${won.id}/status`, { status: "accepted", name: "Meera" }, s.cookie));
    const converted = await ok(post(t.app, `/api/quotes/${won.id}/convert`, {}, s.cookie), 201);
    return { won: won as Rec & { id: string; quoteNumber: string }, invoice: converted.invoice as Rec };
  }

  it("keeps quotes, their answers and a converted quote's link both ways through export, clear and import", async () => {
    const s = await signUpAndSignIn(t);
    const { won, invoice } = await seedQuotes(s);
    const first = await exportOf(s.cookie);
    expect(first.file.quotes.map((q) => q.status)).toEqual(["draft", "declined", "converted"]);
    const exported = first.file.quotes[2]!;
    expect(exported).toMatchObject({
      id: won.id,
      quoteNumber: won.quoteNumber,
      answerName: "Meera",
      convertedInvoiceNumber: invoice.invoiceNumber,
    });
    expect(first.file.quotes[1]).toMatchObject({ answerComment: "Too dear" });
    expect(JSON.stringify(first.file.quotes)).not.toMatch(/publicToken|answerIp/);

    await clear(s.cookie);
    expect((await exportOf(s.cookie)).file.quotes).toEqual([]);
    const imported = await ok(importFile(first.file, s.cookie));
    expect(imported.imported).toMatchObject({ invoices: 1, quotes: 3 });
    expect((await exportOf(s.cookie)).body).toBe(first.body);

    const back = await quoteByNumber(s.cookie, won.quoteNumber);
    expect(back).toMatchObject({
      id: won.id,
      status: "converted",
      convertedInvoiceNumber: invoice.invoiceNumber,
    });
    const source = await get(t.app, `/api/invoices/${back.convertedInvoiceId}/source-quote`, s.cookie);
    expect(source.json()).toEqual({ quote: { id: won.id, quoteNumber: won.quoteNumber } });
    // No public link came back: sharing makes a new one.
    expect((back as { publicLink?: unknown }).publicLink ?? null).toBeNull();

    // Another account takes the same file: new ids, the links and the series still follow.
    const other = await signUpAndSignIn(t);
    await ok(importFile(first.file, other.cookie));
    const theirs = await quoteByNumber(other.cookie, won.quoteNumber);
    expect(theirs.id).not.toBe(won.id);
    expect(theirs.status).toBe("converted");
    const linked = await get(t.app, `/api/invoices/${theirs.convertedInvoiceId}/source-quote`, other.cookie);
    expect(linked.json()).toEqual({ quote: { id: theirs.id, quoteNumber: won.quoteNumber } });
    const next = (await ok(post(t.app, "/api/quotes", quoteRequest(), other.cookie), 201)).quote as Rec;
    expect(next.quoteNumber).toBe("QT/2026-27/0004");
  });

  it("refuses a quote with a bad status or a missing converted invoice, naming it, and changes nothing", async () => {
    const s = await signUpAndSignIn(t);
    await seedQuotes(s);
    const before = await exportOf(s.cookie);
    const bad = structuredClone(before.file);
    bad.quotes[1]!.status = "maybe";
    const res = await importFile(bad, s.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^Quote import error at index 1: status: /);
    const orphan = structuredClone(before.file);
    orphan.invoices = [];
    const res2 = await importFile(orphan, s.cookie);
    expect(res2.statusCode).toBe(400);
    expect(res2.json().error.message).toContain(
      `Quote import error at index 2: convertedInvoiceNumber: ${before.file.quotes[2]!.convertedInvoiceNumber} is not an invoice of this file.`,
    );
    expect((await exportOf(s.cookie)).body).toBe(before.body);
  });

  it("imports a file without the new sections as before", async () => {
    const s = await signUpAndSignIn(t);
    await seedQuotes(s);
    const { file } = await exportOf(s.cookie);
    const { quotes: _q, recurringProfiles: _r, creditNotes: _c, ...old } = file;
    const res = await ok(importFile(old, s.cookie));
    expect(res.imported).toMatchObject({ invoices: 1, quotes: 0 });
    expect((await exportOf(s.cookie)).file.quotes).toEqual([]);
  });
});

export const _keep = invoiceRequest;
