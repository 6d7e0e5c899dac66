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

  /** A due invoice of 4 kettles (stock 10 -> 6), ₹220 paid, a return of 2 (stock 8) and a debit note. */
  async function seedNotes(s: Session) {
    await post(t.app, "/api/test/clock", { now: "2026-05-10T06:00:00Z" });
    const product = await ok(
      post(t.app, "/api/products", { name: "Kettle", rate: "1000", availableQuantity: "10" }, s.cookie),
      201,
    );
    const invoice = (
      await ok(
        post(
          t.app,
          "/api/invoices",
          invoiceRequest("INV/2026-27/0007", {
            invoiceDate: "2026-05-01",
            dueDate: "2099-12-31",
            items: [
              {
                id: "a",
                productId: product.id,
                name: "Kettle",
                quantity: "4",
                rate: "1000",
                taxPercent: "18",
              },
              { id: "b", name: "Fitting", quantity: "1", rate: "500" },
            ],
          }),
          s.cookie,
        ),
        201,
      )
    ).invoice as Rec & { id: string; invoiceNumber: string };
    const paid = { amountMinor: 22_000, paidOn: "2026-05-05", method: "upi" };
    await ok(post(t.app, `/api/invoices/${invoice.id}/payments`, paid, s.cookie), 201);
    const note = (
      await ok(
        post(
          t.app,
          "/api/credit-notes",
          {
            invoiceId: invoice.id,
            kind: "credit",
            noteDate: "2026-05-10",
            reason: "sales_return",
            lines: [{ originalLineId: "a", quantity: "2" }],
          },
          s.cookie,
        ),
        201,
      )
    ).note as Rec & { noteNumber: string };
    const debit = {
      invoiceId: invoice.id,
      kind: "debit",
      noteDate: "2026-05-10",
      reason: "correction_in_invoice",
      lines: [{ originalLineId: null, name: "Freight", amount: "100", taxPercent: "0" }],
    };
    await ok(post(t.app, "/api/credit-notes", debit, s.cookie), 201);
    return { product: product as Rec & { id: string }, invoice, note };
  }
  const invoiceSummary = async (cookie: string, number: string) => {
    const res = await get(t.app, `/api/invoices?search=${encodeURIComponent(number)}`, cookie);
    return (res.json().items as Array<Rec & { invoiceNumber: string }>).find(
      (i) => i.invoiceNumber === number,
    )!;
  };
  const stockOf = async (cookie: string, name: string) => {
    const res = await get(t.app, `/api/products?search=${name}`, cookie);
    return (res.json().items as Array<{ availableQuantity: string; id: string }>)[0]!;
  };

  it("keeps credit and debit notes: balance, status, the share as a credit note payment, stock moved once, the series", async () => {
    const s = await signUpAndSignIn(t);
    const { invoice, note } = await seedNotes(s);
    const before = await invoiceSummary(s.cookie, invoice.invoiceNumber);
    expect(before).toMatchObject({ status: "due", amountPaidMinor: 258_000 });
    expect((await stockOf(s.cookie, "Kettle")).availableQuantity).toBe("8");
    const first = await exportOf(s.cookie);
    expect(first.file.creditNotes.map((n) => [n.kind, n.noteNumber, n.appliedAmount])).toEqual([
      ["credit", "CN/2026-27/0001", "2360.00"],
      ["debit", "DN/2026-27/0001", "0.00"],
    ]);
    const shares = (first.file.invoices[0]!.payments as Rec[]).filter((p) => p.source === "credit_note");
    expect(shares).toEqual([
      expect.objectContaining({ amount: "2360.00", creditNoteNumber: note.noteNumber }),
    ]);

    await clear(s.cookie);
    const imported = await ok(importFile(first.file, s.cookie));
    expect(imported.imported).toMatchObject({ invoices: 1, creditNotes: 2 });
    expect((await exportOf(s.cookie)).file).toEqual(first.file);
    expect((await exportOf(s.cookie)).body).toBe(first.body);
    const after = await invoiceSummary(s.cookie, invoice.invoiceNumber);
    expect(after).toMatchObject({
      status: "due",
      amountPaidMinor: 258_000,
      balanceDueMinor: before.balanceDueMinor,
      displayStatus: before.displayStatus,
    });
    const kettle = await stockOf(s.cookie, "Kettle");
    expect(kettle.availableQuantity).toBe("8"); // the return is in the file's quantity, not moved again
    const moves = (await get(t.app, `/api/products/${kettle.id}/movements`, s.cookie)).json().items;
    expect(moves).toEqual([]);
    const payments = (await get(t.app, `/api/invoices/${after.id}/payments`, s.cookie)).json().payments;
    expect(payments.find((p: Rec) => p.source === "credit_note")).toMatchObject({ amountMinor: 236_000 });
    const notes = (await get(t.app, `/api/credit-notes?invoiceId=${after.id}`, s.cookie)).json()
      .items as Rec[];
    expect(notes.map((n) => n.noteNumber).sort()).toEqual(["CN/2026-27/0001", "DN/2026-27/0001"]);
    // Cancelling the imported credit note takes its share off, as for one made here.
    const credit = notes.find((n) => n.kind === "credit")!;
    const cancelled = await ok(post(t.app, `/api/credit-notes/${credit.id}/cancel`, {}, s.cookie));
    expect(cancelled.invoice).toMatchObject({ amountPaidMinor: 22_000 });

    // A fresh account: the next note follows the imported series.
    const other = await signUpAndSignIn(t);
    await ok(importFile(first.file, other.cookie));
    const theirs = await invoiceSummary(other.cookie, invoice.invoiceNumber);
    const again = {
      invoiceId: theirs.id,
      kind: "credit",
      noteDate: "2026-05-10",
      reason: "sales_return",
      lines: [{ originalLineId: "a", quantity: "1" }],
    };
    const next = await ok(post(t.app, "/api/credit-notes", again, other.cookie), 201);
    expect(next.note).toMatchObject({ noteNumber: "CN/2026-27/0002", appliedMinor: 118_000 });
    const nextInvoice = await ok(
      post(
        t.app,
        "/api/invoices?autoNumber=1",
        { ...invoiceRequest(""), invoiceNumber: undefined },
        other.cookie,
      ),
      201,
    );
    expect(nextInvoice.invoice.invoiceNumber).not.toBe(invoice.invoiceNumber);
  });

  it("refuses a note whose invoice is missing or whose share does not match, naming it, and changes nothing", async () => {
    const s = await signUpAndSignIn(t);
    await seedNotes(s);
    const before = await exportOf(s.cookie);
    const orphan = structuredClone(before.file);
    orphan.creditNotes[1]!.invoiceNumber = "INV/2026-27/0099";
    const res = await importFile(orphan, s.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "Credit note import error at index 1: invoiceNumber: INV/2026-27/0099 is not an invoice of this file.",
    );
    const unshared = structuredClone(before.file);
    unshared.creditNotes[0]!.appliedAmount = "100.00";
    const res2 = await importFile(unshared, s.cookie);
    expect(res2.statusCode).toBe(400);
    expect(res2.json().error.message).toContain("Credit note import error at index 0: appliedAmount:");
    const lost = structuredClone(before.file);
    lost.creditNotes = [lost.creditNotes[1]!];
    const res3 = await importFile(lost, s.cookie);
    expect(res3.json().error.message).toMatch(
      /^Invoice import error at index 0: payments\.\d\.creditNoteNumber: /,
    );
    expect((await exportOf(s.cookie)).body).toBe(before.body);
  });

  it("imports a file without the new sections as before", async () => {
    const s = await signUpAndSignIn(t);
    await seedQuotes(s);
    const { file } = await exportOf(s.cookie);
    const { quotes: _q, recurringProfiles: _r, creditNotes: _c, ...old } = file;
    const res = await ok(importFile(old, s.cookie));
    expect(res.imported).toMatchObject({ invoices: 1, quotes: 0, creditNotes: 0 });
    expect((await exportOf(s.cookie)).file.quotes).toEqual([]);
    // An earlier release's notes: their shares stay as payments the user recorded.
    const n = await signUpAndSignIn(t);
    await seedNotes(n);
    const { quotes: _nq, creditNotes: _nc, ...noNotes } = (await exportOf(n.cookie)).file;
    await ok(importFile(noNotes, n.cookie));
    const again = (await exportOf(n.cookie)).file;
    expect(again.creditNotes).toEqual([]);
    expect((again.invoices[0]!.payments as Rec[]).map((p) => p.source)).toEqual(["manual", "manual"]);
  });
});
