import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { todayInTimeZone } from "#domain/dates";
import { classifyGstr1Document } from "#domain/gst-gstr1";
import { userCredits } from "../db/schema";
import { gstr1NoteDocuments } from "../services/credit-notes";
import { describeEachDb, type Session, testAppForSuite } from "../testing/harness";
import { creditNoteRequest, deletePayment, invoiceRequest } from "../testing/invoice-request";
import { pdfText } from "../testing/pdf-text";

// Credit and debit notes (decision 0037), on PGlite and PostgreSQL.

describeEachDb("credit and debit notes", (kind) => {
  const t = testAppForSuite(kind);
  const today = todayInTimeZone(new Date(), "Asia/Kolkata");

  async function product(s: Session, availableQuantity: string | null = "10") {
    const res = await t.post(
      "/api/products",
      { name: `Kettle ${Math.random().toString(36).slice(2, 6)}`, rate: "1000", availableQuantity },
      s.cookie,
    );
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  }

  /** A due invoice of 4 kettles at 1000 + 18 % (4720.00) and a 500 fitting, no tax (5220.00). */
  async function invoice(s: Session, productId: string, over: Record<string, unknown> = {}) {
    const res = await t.post(
      "/api/invoices",
      invoiceRequest(`INV/2026-27/${Math.random().toString(36).slice(2, 6)}`, {
        invoiceDate: "2026-05-01",
        dueDate: "2099-12-31",
        items: [
          { id: "a", productId, name: "Kettle", quantity: "4", rate: "1000", taxPercent: "18" },
          { id: "b", name: "Fitting", quantity: "1", rate: "500" },
        ],
        ...over,
      }),
      s.cookie,
    );
    expect(res.statusCode).toBe(201);
    return res.json().invoice as { id: string; invoiceNumber: string; totalMinor: number };
  }

  const stockOf = async (s: Session, id: string) =>
    (await t.get(`/api/products/${id}`, s.cookie)).json().availableQuantity as string;
  const outstanding = async (s: Session) =>
    (await t.get("/api/dashboard", s.cookie)).json().receivables[0] as {
      outstandingMinor: number;
      receivedYearMinor: number;
    };

  /** A new account that sold 4 of its 10 kettles and a fitting (₹5,220.00, due): the session, kettle and invoice. */
  async function sale() {
    const s = await t.signUpAndSignIn();
    const p = await product(s);
    return { s, p, inv: await invoice(s, p.id) };
  }
  const issueNote = (s: Session, body: unknown) => t.post("/api/credit-notes", body, s.cookie);

  const returnTwo = (invoiceId: string, noteDate = today) =>
    creditNoteRequest(invoiceId, noteDate, [{ originalLineId: "a", quantity: "2" }]);

  it("issues a credit note for a return: stock back with a movement, balance and dashboard follow; cancel restores", async () => {
    const { s, p, inv } = await sale();
    expect(inv.totalMinor).toBe(522_000);
    expect(await stockOf(s, p.id)).toBe("6");
    await t.post(
      `/api/invoices/${inv.id}/payments`,
      { amountMinor: 22_000, paidOn: today, method: "upi" },
      s.cookie,
    );
    const before = await outstanding(s);
    expect(before.outstandingMinor).toBe(500_000);

    const res = await issueNote(s, returnTwo(inv.id));
    expect(res.statusCode).toBe(201);
    const { note, invoice: after } = res.json();
    const fy = note.noteNumber.split("/")[1];
    expect(note).toMatchObject({
      kind: "credit",
      noteNumber: `CN/${fy}/0001`,
      status: "issued",
      invoiceNumber: inv.invoiceNumber,
      invoiceDate: "2026-05-01",
      taxableMinor: 200_000,
      taxMinor: 36_000,
      totalMinor: 236_000,
      appliedMinor: 236_000,
      excessMinor: 0,
    });
    expect(after).toMatchObject({ status: "due", amountPaidMinor: 258_000, balanceDueMinor: 264_000 });
    expect(after.displayStatus).toBe("partially_paid");
    expect(await stockOf(s, p.id)).toBe("8");
    const moves = (await t.get(`/api/products/${p.id}/movements`, s.cookie)).json().items;
    expect(moves[0]).toMatchObject({ change: "2", quantityAfter: "8", reason: "credit_note_issued" });
    expect(JSON.stringify(moves[0])).toContain(note.noteNumber);
    const dash = await outstanding(s);
    expect(dash.outstandingMinor).toBe(264_000);
    expect(dash.receivedYearMinor).toBe(before.receivedYearMinor); // a credit is not money received

    // The credit's share cannot be deleted as a payment.
    const payments = (await t.get(`/api/invoices/${inv.id}/payments`, s.cookie)).json().payments;
    const share = payments.find((x: { source: string }) => x.source === "credit_note");
    expect(share).toMatchObject({ amountMinor: 236_000, reference: note.noteNumber });
    const del = await deletePayment(t, s.cookie, inv.id, share.id);
    expect(del.statusCode).toBe(409);

    const listed = await t.get(
      `/api/credit-notes?kind=credit&search=${encodeURIComponent(inv.invoiceNumber)}`,
      s.cookie,
    );
    expect(listed.json().items.map((n: { id: string }) => n.id)).toEqual([note.id]);
    expect((await t.get("/api/credit-notes?kind=debit", s.cookie)).json().items).toEqual([]);

    const cancelled = await t.post(`/api/credit-notes/${note.id}/cancel`, {}, s.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().note.status).toBe("cancelled");
    expect(cancelled.json().invoice).toMatchObject({ amountPaidMinor: 22_000, balanceDueMinor: 500_000 });
    expect(await stockOf(s, p.id)).toBe("6");
    expect((await outstanding(s)).outstandingMinor).toBe(500_000);
    const again = await t.post(`/api/credit-notes/${note.id}/cancel`, {}, s.cookie);
    expect(again.statusCode).toBe(409);
    expect((await t.get("/api/credit-notes?status=cancelled", s.cookie)).json().items).toHaveLength(1);
  });

  it("a credit note for the whole balance makes the invoice paid", async () => {
    const { s, p, inv } = await sale();
    const lines = [
      { originalLineId: "a", quantity: "4" },
      { originalLineId: "b", quantity: "1" },
    ];
    const res = await issueNote(
      s,
      creditNoteRequest(inv.id, today, lines, { reason: "deficiency_in_service" }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().invoice).toMatchObject({ status: "paid", balanceDueMinor: 0 });
    expect(await stockOf(s, p.id)).toBe("6"); // not a sales return: no stock moves
  });

  it("refuses an over-credit with a clear message, and a note on a draft; keeps the series gap-free", async () => {
    const { s, p, inv } = await sale();
    const over = await issueNote(s, {
      ...returnTwo(inv.id),
      lines: [{ originalLineId: "a", quantity: "5" }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields["lines.0.quantity"]).toBe(
      "At most 4 can still be credited on this line.",
    );
    const tooMuch = await issueNote(s, {
      ...returnTwo(inv.id),
      reason: "post_sale_discount",
      lines: [{ originalLineId: null, name: "Discount", amount: "6000", taxPercent: "0" }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe(
      "This credit note is more than what is left to credit on the invoice (₹5,220.00).",
    );
    const draft = await invoice(s, p.id, { status: "draft" });
    const onDraft = await issueNote(s, returnTwo(draft.id));
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.json().error.code).toBe("credit_note_not_allowed");
    const ok = await issueNote(s, returnTwo(inv.id));
    expect(ok.json().note.noteNumber).toMatch(/^CN\/\d{4}-\d{2}\/0001$/);
    expect(await stockOf(s, p.id)).toBe("8");
  });

  it("a debit note has its own series and value and leaves the invoice's balance alone", async () => {
    const { s, inv } = await sale();
    const res = await issueNote(s, {
      invoiceId: inv.id,
      kind: "debit",
      noteDate: today,
      reason: "correction_in_invoice",
      lines: [{ originalLineId: null, name: "Freight", amount: "200", taxPercent: "18" }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().note).toMatchObject({ kind: "debit", totalMinor: 23_600, appliedMinor: 0 });
    expect(res.json().note.noteNumber).toMatch(/^DN\/\d{4}-\d{2}\/0001$/);
    expect(res.json().invoice).toMatchObject({ balanceDueMinor: 522_000, amountPaidMinor: 0 });

    // While a note stands, the invoice cannot be deleted, made a draft or cancelled.
    const del = await t.send("DELETE", `/api/invoices/${inv.id}`, undefined, s.cookie);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toMatch(/^This invoice has credit or debit notes/);
    const status = await t.post(`/api/invoices/${inv.id}/status`, { status: "cancelled" }, s.cookie);
    expect(status.statusCode).toBe(409);
    await t.post(`/api/credit-notes/${res.json().note.id}/cancel`, {}, s.cookie);
    // Without a note standing on it, the issued invoice can be cancelled (never deleted: Rule 46).
    const deleted = await t.send("DELETE", `/api/invoices/${inv.id}`, undefined, s.cookie);
    expect(deleted.json().error.code).toBe("issued_invoice_not_deletable");
    const cancelled = await t.post(`/api/invoices/${inv.id}/status`, { status: "cancelled" }, s.cookie);
    expect(cancelled.statusCode).toBe(200);
  });

  it("gives a GST-registered account's note the original's split and GST document", async () => {
    const s = await t.signUpAndSignIn();
    const saved = await t.putSettings(
      {
        companyName: "Acme Traders",
        gstRegistration: { type: "regular", gstin: "29ABCDE1234F1ZW", legalName: "Acme Traders" },
      },
      s.cookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const p = await product(s);
    // A registered buyer's tax invoice names each line's HSN/SAC (Rule 46).
    const inv = await invoice(s, p.id, {
      client: { name: "Chennai Mart", gstin: "33AAACB1234C1ZM" },
      items: [
        {
          id: "a",
          productId: p.id,
          name: "Kettle",
          hsnSac: "85161000",
          quantity: "4",
          rate: "1000",
          taxPercent: "18",
        },
        { id: "b", name: "Fitting", hsnSac: "998719", quantity: "1", rate: "500" },
      ],
    });
    const original = (await t.get(`/api/invoices/${inv.id}`, s.cookie)).json().invoice.document;
    expect(original.gstDetails?.split).toBe("igst");
    const res = await issueNote(s, returnTwo(inv.id));
    expect(res.statusCode).toBe(201);
    const doc = res.json().note.document;
    expect(doc.gstDetails).toMatchObject({ split: "igst", placeOfSupply: "33", supplierStateCode: "29" });
    expect(doc.totals).toMatchObject({ igstMinor: 36_000, cgstMinor: 0, sgstMinor: 0, totalMinor: 236_000 });

    // What the GSTR-1 route hands the builder: a CDNR note with the original's facts.
    const businessId = await t.userIdOf(s.cookie);
    const docs = await gstr1NoteDocuments(t.database.db, businessId, "2026-04-01", "2099-12-31");
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      kind: "credit_note",
      recipientGstin: "33AAACB1234C1ZM",
      valueMinor: 236_000,
      original: { number: inv.invoiceNumber, date: "2026-05-01", valueMinor: 522_000, placeOfSupply: "33" },
    });
    expect(classifyGstr1Document(docs[0]!)).toEqual({ section: "cdnr" });
  });

  it("draws the PDF for one credit, with the title, number and the original invoice", async () => {
    const { s, inv } = await sale();
    const { note } = (await issueNote(s, returnTwo(inv.id, "2026-05-10"))).json();
    const credits = (await t.get("/api/credits", s.cookie)).json().credits as number;
    const res = await t.post(`/api/credit-notes/${note.id}/pdf`, {}, s.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(Number(res.headers["x-credits-remaining"])).toBe(credits - 1);
    const text = pdfText(res.rawPayload);
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain("Credit Note No.");
    expect(text).toContain("CN/2026-27/0001");
    expect(text).toContain(`${inv.invoiceNumber} dated 1 May 2026`);
    expect(text).toContain("Sales return");

    // At zero credits: 402, and nothing is spent or drawn.
    const businessId = await t.userIdOf(s.cookie);
    await t.database.db.update(userCredits).set({ credits: 0 }).where(eq(userCredits.businessId, businessId));
    const refused = await t.post(`/api/credit-notes/${note.id}/pdf`, {}, s.cookie);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe("payment_required");
  });

  it("answers 404 for another user's invoice and notes, with a session and with an API key", async () => {
    const a = await t.signUpAndSignIn();
    const b = await t.signUpAndSignIn();
    const p = await product(a);
    const inv = await invoice(a, p.id);
    const { note } = (await issueNote(a, returnTwo(inv.id))).json();
    const key = (await t.post("/api/api-keys", { name: "Script", scope: "read_write" }, b.cookie)).json()
      .key as string;
    const asB = [
      (m: "GET" | "POST", url: string, body?: unknown) =>
        m === "GET" ? t.get(url, b.cookie) : t.post(url, body ?? {}, b.cookie),
      (m: "GET" | "POST", url: string, body?: unknown) =>
        t.withKey(m, url, key, body ?? (m === "POST" ? {} : undefined)),
    ];
    for (const call of asB) {
      expect((await call("POST", "/api/credit-notes", returnTwo(inv.id))).statusCode).toBe(404);
      expect((await call("GET", `/api/credit-notes/${note.id}`)).statusCode).toBe(404);
      expect((await call("POST", `/api/credit-notes/${note.id}/cancel`)).statusCode).toBe(404);
      expect((await call("POST", `/api/credit-notes/${note.id}/pdf`)).statusCode).toBe(404);
      expect((await call("GET", `/api/credit-notes?invoiceId=${inv.id}`)).statusCode).toBe(404);
      expect((await call("GET", "/api/credit-notes")).json().items).toEqual([]);
    }
    // A's own key works like the session.
    const own = (await t.post("/api/api-keys", { name: "Mine", scope: "read" }, a.cookie)).json().key;
    expect((await t.withKey("GET", `/api/credit-notes/${note.id}`, own)).statusCode).toBe(200);
    expect(await stockOf(a, p.id)).toBe("8");
  });

  it.runIf(kind === "postgres")("numbers 20 concurrent credit notes without gaps", async () => {
    const s = await t.signUpAndSignIn();
    const p = await product(s, "100");
    const inv = await invoice(s, p.id, {
      items: [{ id: "a", productId: p.id, name: "Kettle", quantity: "40", rate: "10" }],
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => issueNote(s, { ...returnTwo(inv.id, "2026-05-10") })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.json().note.noteNumber as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `CN/2026-27/${String(i + 1).padStart(4, "0")}`),
    );
    const final = (await t.get(`/api/invoices/${inv.id}`, s.cookie)).json().invoice;
    expect(final).toMatchObject({ status: "paid", balanceDueMinor: 0 });
    expect(await stockOf(s, p.id)).toBe("100");
  });
});
