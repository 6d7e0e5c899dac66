import { afterAll, expect, it } from "vitest";
import { resetClock } from "../clock";
import { userSettings } from "../db/schema";
import { describeEachDb, type Session, testAppForSuite } from "../testing/harness";
import {
  quoteRequest as baseQuoteRequest,
  creditNoteRequest,
  invoiceRequest,
  monthlyOn,
} from "../testing/invoice-request";

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

const quoteRequest = (over: Rec = {}) =>
  baseQuoteRequest({
    validUntil: "2099-05-31",
    client: { name: "Meera Stores", email: "meera@example.com" },
    items: [{ id: "l1", name: "Teak chair", quantity: "4", rate: "2499.50", taxPercent: "18" }],
    ...over,
  });

describeEachDb("quotes, recurring profiles and notes in the export file", (kind) => {
  const t = testAppForSuite(kind, { env: { TEST_CLOCK: "1" } });

  const exportOf = async (cookie: string) => {
    const res = await t.get("/api/export", cookie);
    expect(res.statusCode).toBe(200);
    return { body: res.body, file: res.json() as ExportFile };
  };
  const importFile = (file: unknown, cookie: string) => t.post("/api/import", file, cookie);
  /** Imports `file` changed by `change` for the holder of `cookie`: expects it refused (400), answers why. */
  const refusal = async (file: ExportFile, cookie: string, change: (copy: ExportFile) => void) => {
    const copy = structuredClone(file);
    change(copy);
    const res = await importFile(copy, cookie);
    expect(res.statusCode).toBe(400);
    return res.json().error.message as string;
  };
  const clear = async (cookie: string) =>
    expect((await t.post("/api/functions/clear-user-data", {}, cookie)).statusCode).toBe(200);
  const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>, code = 200) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(code);
    return r.json() as Rec & { [k: string]: Rec };
  };
  const quoteByNumber = async (cookie: string, number: string) => {
    const list = (await t.get(`/api/quotes?search=${encodeURIComponent(number)}`, cookie)).json();
    const id = (list.items as Array<{ id: string; quoteNumber: string }>).find(
      (q) => q.quoteNumber === number,
    )!.id;
    return (await t.get(`/api/quotes/${id}`, cookie)).json().quote as Rec & { id: string };
  };

  /** A draft quote, a declined one, and an accepted one converted into an invoice (then issued). */
  async function seedQuotes(s: Session) {
    await t.post("/api/test/clock", { now: "2026-05-10T06:00:00Z" });
    await ok(t.post("/api/quotes", quoteRequest(), s.cookie), 201);
    const declined = (await ok(t.post("/api/quotes", quoteRequest(), s.cookie), 201)).quote as Rec;
    await ok(t.post(`/api/quotes/${declined.id}/status`, { status: "sent" }, s.cookie));
    await ok(
      t.post(`/api/quotes/${declined.id}/status`, { status: "declined", comment: "Too dear" }, s.cookie),
    );
    const won = (await ok(t.post("/api/quotes", quoteRequest(), s.cookie), 201)).quote as Rec;
    await ok(t.post(`/api/quotes/${won.id}/public-link`, {}, s.cookie));
    await ok(t.post(`/api/quotes/${won.id}/status`, { status: "accepted", name: "Meera" }, s.cookie));
    const converted = await ok(t.post(`/api/quotes/${won.id}/convert`, {}, s.cookie), 201);
    return { won: won as Rec & { id: string; quoteNumber: string }, invoice: converted.invoice as Rec };
  }

  it("keeps quotes, their answers and a converted quote's link both ways through export, clear and import", async () => {
    const s = await t.signUpAndSignIn();
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
    const source = await t.get(`/api/invoices/${back.convertedInvoiceId}/source-quote`, s.cookie);
    expect(source.json()).toEqual({ quote: { id: won.id, quoteNumber: won.quoteNumber } });
    // No public link came back: sharing makes a new one.
    expect((back as { publicLink?: unknown }).publicLink ?? null).toBeNull();

    // Another account takes the same file: new ids, the links and the series still follow.
    const other = await t.signUpAndSignIn();
    await ok(importFile(first.file, other.cookie));
    const theirs = await quoteByNumber(other.cookie, won.quoteNumber);
    expect(theirs.id).not.toBe(won.id);
    expect(theirs.status).toBe("converted");
    const linked = await t.get(`/api/invoices/${theirs.convertedInvoiceId}/source-quote`, other.cookie);
    expect(linked.json()).toEqual({ quote: { id: theirs.id, quoteNumber: won.quoteNumber } });
    const next = (await ok(t.post("/api/quotes", quoteRequest(), other.cookie), 201)).quote as Rec;
    expect(next.quoteNumber).toBe("QT/2026-27/0004");
  });

  it("refuses a quote with a bad status or a missing converted invoice, naming it, and changes nothing", async () => {
    const s = await t.signUpAndSignIn();
    await seedQuotes(s);
    const before = await exportOf(s.cookie);
    const bad = await refusal(before.file, s.cookie, (file) => {
      file.quotes[1]!.status = "maybe";
    });
    expect(bad).toMatch(/^Quote import error at index 1: status: /);
    const orphan = await refusal(before.file, s.cookie, (file) => {
      file.invoices = [];
    });
    expect(orphan).toContain(
      `Quote import error at index 2: convertedInvoiceNumber: ${before.file.quotes[2]!.convertedInvoiceNumber} is not an invoice of this file.`,
    );
    expect((await exportOf(s.cookie)).body).toBe(before.body);
  });

  /** A due invoice of 4 kettles (stock 10 -> 6), ₹220 paid, a return of 2 (stock 8) and a debit note. */
  async function seedNotes(s: Session) {
    await t.post("/api/test/clock", { now: "2026-05-10T06:00:00Z" });
    const product = await ok(
      t.post("/api/products", { name: "Kettle", rate: "1000", availableQuantity: "10" }, s.cookie),
      201,
    );
    const invoice = (
      await ok(
        t.post(
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
    await ok(t.post(`/api/invoices/${invoice.id}/payments`, paid, s.cookie), 201);
    const note = (
      await ok(
        t.post(
          "/api/credit-notes",
          creditNoteRequest(invoice.id, "2026-05-10", [{ originalLineId: "a", quantity: "2" }]),
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
    await ok(t.post("/api/credit-notes", debit, s.cookie), 201);
    return { product: product as Rec & { id: string }, invoice, note };
  }
  const invoiceSummary = async (cookie: string, number: string) => {
    const res = await t.get(`/api/invoices?search=${encodeURIComponent(number)}`, cookie);
    return (res.json().items as Array<Rec & { invoiceNumber: string }>).find(
      (i) => i.invoiceNumber === number,
    )!;
  };
  const stockOf = async (cookie: string, name: string) => {
    const res = await t.get(`/api/products?search=${name}`, cookie);
    return (res.json().items as Array<{ availableQuantity: string; id: string }>)[0]!;
  };

  it("keeps credit and debit notes: balance, status, the share as a credit note payment, stock moved once, the series", async () => {
    const s = await t.signUpAndSignIn();
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
    const moves = (await t.get(`/api/products/${kettle.id}/movements`, s.cookie)).json().items;
    expect(moves).toEqual([]);
    const payments = (await t.get(`/api/invoices/${after.id}/payments`, s.cookie)).json().payments;
    expect(payments.find((p: Rec) => p.source === "credit_note")).toMatchObject({ amountMinor: 236_000 });
    const notes = (await t.get(`/api/credit-notes?invoiceId=${after.id}`, s.cookie)).json().items as Rec[];
    expect(notes.map((n) => n.noteNumber).sort()).toEqual(["CN/2026-27/0001", "DN/2026-27/0001"]);
    // Cancelling the imported credit note takes its share off, as for one made here.
    const credit = notes.find((n) => n.kind === "credit")!;
    const cancelled = await ok(t.post(`/api/credit-notes/${credit.id}/cancel`, {}, s.cookie));
    expect(cancelled.invoice).toMatchObject({ amountPaidMinor: 22_000 });

    // A fresh account: the next note follows the imported series.
    const other = await t.signUpAndSignIn();
    await ok(importFile(first.file, other.cookie));
    const theirs = await invoiceSummary(other.cookie, invoice.invoiceNumber);
    const again = creditNoteRequest(theirs.id as string, "2026-05-10", [
      { originalLineId: "a", quantity: "1" },
    ]);
    const next = await ok(t.post("/api/credit-notes", again, other.cookie), 201);
    expect(next.note).toMatchObject({ noteNumber: "CN/2026-27/0002", appliedMinor: 118_000 });
    const nextInvoice = await ok(
      t.post("/api/invoices?autoNumber=1", { ...invoiceRequest(""), invoiceNumber: undefined }, other.cookie),
      201,
    );
    expect(nextInvoice.invoice.invoiceNumber).not.toBe(invoice.invoiceNumber);
  });

  it("refuses a note whose invoice is missing or whose share does not match, naming it, and changes nothing", async () => {
    const s = await t.signUpAndSignIn();
    await seedNotes(s);
    const before = await exportOf(s.cookie);
    const orphan = await refusal(before.file, s.cookie, (file) => {
      file.creditNotes[1]!.invoiceNumber = "INV/2026-27/0099";
    });
    expect(orphan).toBe(
      "Credit note import error at index 1: invoiceNumber: INV/2026-27/0099 is not an invoice of this file.",
    );
    // Numbers restart each financial year (decision 0082): a second invoice of the note's number, a
    // year earlier, leaves the note naming two by number alone; it is refused rather than linked to
    // either (the export gives such a note its invoice's date, gst-invoices.test).
    const twice = await refusal(before.file, s.cookie, (file) => {
      const original = file.invoices.find((i) => i.invoiceNumber === file.creditNotes[1]!.invoiceNumber)!;
      const lastYear = structuredClone(original) as Rec;
      delete lastYear.payments;
      file.invoices.push({ ...lastYear, status: "draft", invoiceDate: "2025-05-10", dueDate: null } as never);
    });
    // The same number twice in one financial year is refused where the file names it.
    const sameYear = await refusal(before.file, s.cookie, (file) => {
      const original = file.invoices.find((i) => i.invoiceNumber === file.creditNotes[1]!.invoiceNumber)!;
      const copy = structuredClone(original) as Rec;
      delete copy.payments;
      file.invoices.push({ ...copy, status: "draft" } as never);
    });
    expect(sameYear).toMatch(
      /^Invoice import error at index \d+: invoiceNumber: .* is also used by the invoice at index \d+ in the same financial year\.$/,
    );
    expect(twice).toContain(
      `Credit note import error at index 1: invoiceNumber: ${before.file.creditNotes[1]!.invoiceNumber} is the number of more than one invoice of this file (of different financial years); give the invoice's date too, as the export does.`,
    );
    const unshared = await refusal(before.file, s.cookie, (file) => {
      file.creditNotes[0]!.appliedAmount = "100.00";
    });
    expect(unshared).toContain("Credit note import error at index 0: appliedAmount:");
    const lost = await refusal(before.file, s.cookie, (file) => {
      file.creditNotes = [file.creditNotes[1]!];
    });
    expect(lost).toMatch(/^Invoice import error at index 0: payments\.\d\.creditNoteNumber: /);
    expect((await exportOf(s.cookie)).body).toBe(before.body);
  });

  const clockAt = (date: string) => t.post("/api/test/clock", { now: `${date}T06:00:00Z` });
  const runAt = async (date: string) => {
    await clockAt(date);
    expect((await t.post("/api/test/run-jobs", {})).statusCode).toBe(200);
  };
  type Made = {
    profile: Rec & { status: string; nextDate: string | null; invoicesMade: number };
    runs: Array<{
      periodDate: string;
      outcome: string;
      invoiceId: string | null;
      invoiceNumber: string | null;
    }>;
  };
  const profileOf = async (cookie: string, id: string) =>
    (await t.get(`/api/recurring/${id}`, cookie)).json() as Made;

  /** A monthly profile from 31 Jan 2027 that made two invoices and was paused on 5 Mar 2027. */
  async function seedProfile(s: Session) {
    await clockAt("2027-01-20");
    const settingsData = { invoiceNumberScheme: "sequential" };
    await t.database.db
      .insert(userSettings)
      .values({ businessId: await t.userIdOf(s.cookie), settingsData })
      .onConflictDoUpdate({ target: userSettings.businessId, set: { settingsData } });
    const source = await ok(
      t.post(
        "/api/invoices?autoNumber=1",
        { ...invoiceRequest("", { invoiceDate: "2027-01-20", dueDate: null }), invoiceNumber: undefined },
        s.cookie,
      ),
      201,
    );
    const body = monthlyOn("2027-01-31");
    const profile = await ok(t.post(`/api/invoices/${source.invoice.id}/recurring`, body, s.cookie), 201);
    await runAt("2027-01-31");
    await runAt("2027-02-28");
    await clockAt("2027-03-05");
    await ok(t.post(`/api/recurring/${profile.id}/pause`, {}, s.cookie));
    return { id: profile.id as unknown as string, sourceNumber: source.invoice.invoiceNumber as string };
  }

  it("keeps a paused recurring profile: still paused, the same next date, its runs; the next period is made once", async () => {
    const s = await t.signUpAndSignIn();
    const { id, sourceNumber } = await seedProfile(s);
    const before = await profileOf(s.cookie, id);
    expect(before.profile).toMatchObject({ status: "paused", nextDate: "2027-03-31", invoicesMade: 2 });
    const first = await exportOf(s.cookie);
    expect(first.file.recurringProfiles).toHaveLength(1);
    expect(first.file.recurringProfiles[0]).toMatchObject({
      id,
      sourceInvoiceNumber: sourceNumber,
      status: "paused",
      nextDate: "2027-03-31",
      lastInvoiceNumber: "INV/2026-27/0003",
    });

    await clear(s.cookie);
    const imported = await ok(importFile(first.file, s.cookie));
    expect(imported.imported).toMatchObject({ invoices: 3, recurringProfiles: 1 });
    expect((await exportOf(s.cookie)).file).toEqual(first.file);
    expect((await exportOf(s.cookie)).body).toBe(first.body);
    const after = await profileOf(s.cookie, id);
    expect(after.profile).toMatchObject({ status: "paused", nextDate: "2027-03-31", invoicesMade: 2 });
    expect(after.runs.map((r) => [r.periodDate, r.outcome, r.invoiceNumber])).toEqual(
      before.runs.map((r) => [r.periodDate, r.outcome, r.invoiceNumber]),
    );
    expect(after.runs.every((r) => r.invoiceId !== null)).toBe(true);

    // Resumed after 31 Mar: that period fell in the pause; 30 Apr is made once, however often the job runs.
    await clockAt("2027-04-10");
    await ok(t.post(`/api/recurring/${id}/resume`, {}, s.cookie));
    await runAt("2027-04-10");
    await runAt("2027-04-30");
    await runAt("2027-04-30");
    const resumed = await profileOf(s.cookie, id);
    expect(resumed.runs.map((r) => [r.periodDate, r.outcome])).toEqual([
      ["2027-01-31", "created"],
      ["2027-02-28", "created"],
      ["2027-03-31", "skipped"],
      ["2027-04-30", "created"],
    ]);
    expect(resumed.profile).toMatchObject({ status: "active", nextDate: "2027-05-31", invoicesMade: 3 });
    const list = (await t.get("/api/invoices?pageSize=50", s.cookie)).json().items as Rec[];
    expect(list).toHaveLength(4);
    expect(list.filter((i) => i.invoiceDate === "2027-04-30")).toHaveLength(1);
  });

  it("refuses a profile whose source invoice is missing, naming it, and changes nothing", async () => {
    const s = await t.signUpAndSignIn();
    const { sourceNumber } = await seedProfile(s);
    const before = await exportOf(s.cookie);
    const missing = await refusal(before.file, s.cookie, (file) => {
      file.invoices = file.invoices.filter((i) => i.invoiceNumber !== sourceNumber);
    });
    expect(missing).toBe(
      `Recurring profile import error at index 0: sourceInvoiceNumber: ${sourceNumber} is not an invoice of this file.`,
    );
    const drifted = await refusal(before.file, s.cookie, (file) => {
      file.recurringProfiles[0]!.status = "active";
    });
    expect(drifted).toBe(
      "Recurring profile import error at index 0: status: Must be paused for this schedule and state.",
    );
    expect((await exportOf(s.cookie)).body).toBe(before.body);
  });

  it("imports a file without the new sections as before", async () => {
    const s = await t.signUpAndSignIn();
    await seedQuotes(s);
    const { file } = await exportOf(s.cookie);
    const { quotes: _q, recurringProfiles: _r, creditNotes: _c, ...old } = file;
    const res = await ok(importFile(old, s.cookie));
    expect(res.imported).toMatchObject({ invoices: 1, quotes: 0, creditNotes: 0, recurringProfiles: 0 });
    expect((await exportOf(s.cookie)).file.quotes).toEqual([]);
    // An earlier release's notes: their shares stay as payments the user recorded.
    const n = await t.signUpAndSignIn();
    await seedNotes(n);
    const { quotes: _nq, creditNotes: _nc, ...noNotes } = (await exportOf(n.cookie)).file;
    await ok(importFile(noNotes, n.cookie));
    const again = (await exportOf(n.cookie)).file;
    expect(again.creditNotes).toEqual([]);
    expect((again.invoices[0]!.payments as Rec[]).map((p) => p.source)).toEqual(["manual", "manual"]);
  });
});
