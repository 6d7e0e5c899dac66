import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { invoices } from "../db/schema";
import { describeEachDb, testAppForSuite } from "../testing/harness";
import { creditNoteRequest, expectGaplessSeries, invoiceRequest } from "../testing/invoice-request";

// Tax invoices and bills of supply through the API (decision 0033): the Rule 46 number, HSN/SAC
// digits, a number unique in its financial year ignoring case, and the financial year's series
// for a registered account on the timestamp scheme.

const SUPPLIER_GSTIN = "27AAPFU0939F1ZV"; // Maharashtra
const BUYER_MH = "27AABCS1429B1ZU";
const BUYER_KA = "29AAACB1234C1ZB";

const REGULAR = {
  gstRegistration: {
    type: "regular",
    gstin: SUPPLIER_GSTIN,
    legalName: "Udyam Traders Private Limited",
    tradeName: "Udyam",
    turnoverAbove5Crore: false,
  },
};

/** One 18 % line of ₹1,000 (SAC 998314) to a client with the GSTIN given. */
function taxInvoice(invoiceNumber: string, over: Record<string, unknown> = {}) {
  return invoiceRequest(invoiceNumber, {
    status: "draft",
    client: { name: "Sharma Stores", gstin: BUYER_MH },
    items: [
      { id: "l1", name: "IT consulting", hsnSac: "998314", quantity: "1", rate: "1000", taxPercent: "18" },
    ],
    ...over,
  });
}

const unique = () => randomBytes(2).toString("hex").toUpperCase();

describeEachDb("GST invoices API", (kind) => {
  const t = testAppForSuite(kind);

  async function registered(over: Record<string, unknown> = {}) {
    const s = await t.signUpAndSignIn();
    const res = await t.putSettings({ ...REGULAR, ...over }, s.cookie);
    expect(res.statusCode).toBe(200);
    return s;
  }
  const create = (body: unknown, cookie: string, query = "") => t.post(`/api/invoices${query}`, body, cookie);

  it("stores a tax invoice with its GST details, the split and the GST totals", async () => {
    const s = await registered();
    const intra = await create(taxInvoice(`A/${unique()}`), s.cookie);
    expect(intra.statusCode).toBe(201);
    const doc = intra.json().invoice.document;
    expect(doc.company.gstin).toBe(SUPPLIER_GSTIN);
    expect(doc.company.gst).toMatchObject({ registrationType: "regular", stateCode: "27" });
    expect(doc.gstDetails).toMatchObject({
      title: "Tax Invoice",
      placeOfSupply: "27",
      placeOfSupplyName: "Maharashtra (27)",
      split: "cgst_sgst",
    });
    expect(doc.totals).toMatchObject({ cgstMinor: 9000, sgstMinor: 9000, igstMinor: 0, totalMinor: 118000 });
    expect(doc.totals.hsnSummary[0]).toMatchObject({ hsnSac: "998314", uqc: "OTH", taxableMinor: 100000 });

    const inter = await create(
      taxInvoice(`B/${unique()}`, { client: { name: "Bengaluru Co", gstin: BUYER_KA } }),
      s.cookie,
    );
    expect(inter.json().invoice.document.gstDetails.split).toBe("igst");
    expect(inter.json().invoice.document.totals).toMatchObject({ igstMinor: 18000, cgstMinor: 0 });
    expect(inter.json().invoice.totalMinor).toBe(118000);

    // Reverse charge: the tax is shown, the amount payable (and the list's total) leaves it out.
    const reverse = await create(taxInvoice(`C/${unique()}`, { gst: { reverseCharge: true } }), s.cookie);
    expect(reverse.json().invoice.document.totals).toMatchObject({ cgstMinor: 9000, totalMinor: 100000 });
    expect(reverse.json().invoice.totalMinor).toBe(100000);

    // A composition taxpayer issues a bill of supply and charges no tax.
    const c = await registered({ gstRegistration: { ...REGULAR.gstRegistration, type: "composition" } });
    const bill = await create(taxInvoice(`D/${unique()}`), c.cookie);
    expect(bill.json().invoice.document.gstDetails).toMatchObject({
      title: "Bill of Supply",
      taxCharged: false,
    });
    expect(bill.json().invoice.totalMinor).toBe(100000);
  });

  it("refuses a tax invoice number the rules do not allow, saying why", async () => {
    const s = await registered();
    const cases: [string, RegExp][] = [
      ["INV-01052026-101010", /19 characters; a tax invoice number may have at most 16.*sequential/],
      ["ABCDEFGHIJ/123456", /at most 16 characters \(this one has 17\)/],
      ["INV_1", /only use letters, digits, - and \//],
      ["INV 1", /only use letters, digits, - and \//],
      ["-INV/1", /cannot start with - or \//],
      ["/INV/1", /cannot start with - or \//],
    ];
    for (const [number, message] of cases) {
      const res = await create(taxInvoice(number), s.cookie);
      expect(res.statusCode, number).toBe(400);
      expect(res.json().error.code).toBe("validation_failed");
      expect(res.json().error.fields.invoiceNumber, number).toMatch(message);
    }
    expect((await create(taxInvoice("ABCDEFGHIJ/12345"), s.cookie)).statusCode).toBe(201);
    // A retail account keeps its timestamp numbers.
    const retail = await t.signUpAndSignIn();
    expect((await create(taxInvoice("INV-01052026-101010"), retail.cookie)).statusCode).toBe(201);
  });

  it("takes INV-1 on 31 March 2026 and INV-1 again on 1 April 2026: unique per financial year (issue 32)", async () => {
    const s = await registered();
    const on = (date: string) => create(taxInvoice("INV-1", { invoiceDate: date, dueDate: null }), s.cookie);
    expect((await on("2026-03-31")).statusCode).toBe(201);
    expect((await on("2026-04-01")).statusCode).toBe(201);
    const clash = await on("2027-03-31");
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields.invoiceNumber).toMatch(/already used.*financial year/);
  });

  it("exports and imports back a credit note of one of two INV-1 of different financial years, to the right one", async () => {
    const s = await registered();
    await t.post("/api/test/clock", { now: "2026-04-20T06:00:00Z" });
    const on = async (date: string) =>
      (
        await create(taxInvoice("INV-1", { status: "due", invoiceDate: date, dueDate: null }), s.cookie)
      ).json().invoice;
    const march = await on("2026-03-31");
    await on("2026-04-01");
    const note = creditNoteRequest(march.id, "2026-04-15", [{ originalLineId: "l1", quantity: "1" }], {
      reason: "deficiency_in_service",
    });
    const made = await t.post("/api/credit-notes", note, s.cookie);
    expect(made.statusCode, made.body).toBe(201);
    const exported = await t.get("/api/export", s.cookie);
    const file = exported.json();
    // The file names invoices by number; where two share one, the note gives its invoice's date too.
    expect(file.creditNotes[0]).toMatchObject({ invoiceNumber: "INV-1", invoiceDate: "2026-03-31" });
    expect((await t.post("/api/functions/clear-user-data", {}, s.cookie)).statusCode).toBe(200);
    const back = await t.post("/api/import", file, s.cookie);
    expect(back.statusCode, back.body).toBe(200);
    const notes = (await t.get("/api/credit-notes", s.cookie)).json().items;
    const invoices = (await t.get("/api/invoices?search=INV-1", s.cookie)).json().items;
    const marchAgain = invoices.find((i: { invoiceDate: string }) => i.invoiceDate === "2026-03-31");
    expect(invoices).toHaveLength(2);
    expect(notes).toHaveLength(1);
    expect(marchAgain.id).toEqual(expect.any(String));
    expect(notes[0].invoiceId).toBe(marchAgain.id);
    await t.post("/api/test/clock", { now: null });
  });

  it("refuses a first 0 only on an invoice that will be e-invoiced, and says why (issue 32)", async () => {
    const big = await registered({
      gstRegistration: { ...REGULAR.gstRegistration, turnoverAbove5Crore: true },
    });
    const b2b = await create(taxInvoice("0001"), big.cookie);
    expect(b2b.statusCode).toBe(400);
    expect(b2b.json().error.fields.invoiceNumber).toMatch(/will be e-invoiced.*starting with 0/);
    // A sale to an unregistered buyer is not e-invoiced; nor is anything of a business under ₹5 crore.
    const b2c = taxInvoice("0002", { client: { name: "Walk-in" } });
    expect((await create(b2c, big.cookie)).statusCode).toBe(201);
    const small = await registered();
    expect((await create(taxInvoice("0003"), small.cookie)).statusCode).toBe(201);
  });

  it("keeps a number unique in its financial year ignoring case, and free in another year", async () => {
    const s = await registered();
    expect((await create(taxInvoice("inv/1"), s.cookie)).statusCode).toBe(201);
    const clash = await create(taxInvoice("INV/1"), s.cookie);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe("invoice_number_taken");
    expect(clash.json().error.fields.invoiceNumber).toMatch(
      /Invoice number INV\/1 is already used.*financial year/,
    );
    // The same number in the next financial year (from 1 April 2027) is another invoice.
    const nextYear = await create(
      taxInvoice("INV/1", { invoiceDate: "2027-04-02", dueDate: null }),
      s.cookie,
    );
    expect(nextYear.statusCode).toBe(201);
    // Renaming another invoice onto it clashes too, and changes nothing.
    const other = await create(taxInvoice("INV/2"), s.cookie);
    const id = other.json().invoice.id;
    const renamed = await t.send("PUT", `/api/invoices/${id}`, taxInvoice("Inv/1"), s.cookie);
    expect(renamed.statusCode).toBe(409);
    expect((await t.get(`/api/invoices/${id}`, s.cookie)).json().invoice.invoiceNumber).toBe("INV/2");
    const [row] = await t.database.db
      .select({ numberKey: invoices.numberKey })
      .from(invoices)
      .where(eq(invoices.id, id));
    expect(row.numberKey).toBe("2026-27|inv/2");
  });

  it("refuses HSN/SAC codes with too few digits, other characters or all zeros, per line", async () => {
    const s = await registered();
    const line = (id: string, hsnSac: string) => ({
      id,
      name: "Rice",
      hsnSac,
      quantity: "1",
      rate: "50",
      taxPercent: "5",
    });
    const res = await create(
      taxInvoice(`H/${unique()}`, {
        items: [
          line("l1", "1006"),
          line("l2", ""),
          line("l3", "10063"),
          line("l4", "0000"),
          line("l5", "10 06"),
        ],
      }),
      s.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      "items.1.hsnSac":
        "Item 2: Enter the HSN/SAC code (at least 4 digits on an invoice to a registered buyer).",
      "items.2.hsnSac": "Item 3: HSN/SAC must have 4, 6 or 8 digits.",
      "items.3.hsnSac": "Item 4: HSN/SAC cannot be all zeros.",
      "items.4.hsnSac": "Item 5: HSN/SAC must be digits only.",
    });
    // To an unregistered buyer the code is optional up to ₹5 crore ...
    const b2c = { client: { name: "Walk-in" }, items: [line("l1", "")] };
    expect((await create(taxInvoice(`H/${unique()}`, b2c), s.cookie)).statusCode).toBe(201);
    // ... and above ₹5 crore 6 digits are needed on every invoice; 8 are always accepted.
    const big = await registered({
      gstRegistration: { ...REGULAR.gstRegistration, turnoverAbove5Crore: true },
    });
    const four = await create(
      taxInvoice(`H/${unique()}`, { ...b2c, items: [line("l1", "1006")] }),
      big.cookie,
    );
    expect(four.json().error.fields["items.0.hsnSac"]).toBe(
      "Item 1: HSN/SAC must have at least 6 digits when turnover is above ₹5 crore.",
    );
    const eight = await create(
      taxInvoice(`H/${unique()}`, { ...b2c, items: [line("l1", "10063010")] }),
      big.cookie,
    );
    expect(eight.statusCode).toBe(201);
  });

  it("numbers tax invoices in the financial year's series without gaps under 20 concurrent creates", async () => {
    // The account keeps the default timestamp scheme: registered, it takes the series anyway.
    const s = await registered();
    const { results, fy } = await expectGaplessSeries(t, s.cookie, (today) =>
      taxInvoice("x", { invoiceDate: today, dueDate: null, status: "due" }),
    );
    // A duplicate is a draft: no timestamp, and no number of the series until it is issued.
    const copy = (
      await t.post(`/api/invoices/${results[0].json().invoice.id}/duplicate`, {}, s.cookie)
    ).json().invoice;
    expect(copy.invoiceNumber).toMatch(/^DRAFT-[0-9A-F]{8}$/);
    const issued = await t.post(`/api/invoices/${copy.id}/status`, { status: "due" }, s.cookie);
    expect(issued.json().invoice.invoiceNumber).toBe(`INV/${fy}/0021`);
  });
});
