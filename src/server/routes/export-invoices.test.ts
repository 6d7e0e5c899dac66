import Ajv from "ajv";
import type { Gstr1Json } from "#domain/gst-gstr1";
import { gstinCheckCharacter } from "#domain/validation";
import schema from "../../../tests/fixtures/einvoice-inv01-1.1.schema.json";
import { describeEachDb, type Session, testAppForSuite } from "../testing/harness";

// Export invoices in two currencies through the API (issue 34 part 2; decision 0089): the rupee
// value converted once per line, GSTR-1's EXP section and the e-invoice in rupees, realisation
// with the exchange difference, the dashboard's receivables in rupees, and the data file's round trip.

const OURS = (() => {
  const first14 = "27AAPFU0939F1Z";
  return first14 + gstinCheckCharacter(first14);
})();
const validateEInvoice = new Ajv({ allErrors: true, strict: true }).compile(schema);

const settings = {
  gstRegistration: { type: "regular", gstin: OURS, legalName: "Rao Design Studio LLP", tradeName: "" },
  companyName: "Rao Design Studio",
  companyAddress: "12, Linking Road\nBandra West\nMumbai 400050\nMaharashtra",
};

/** USD 1,000.00 of design services under LUT at 83.1200 (FBIL): the "Done when" example. */
function usdInvoice(number: string, over: Record<string, unknown> = {}) {
  return {
    invoiceNumber: number,
    status: "due",
    invoiceDate: "2026-11-16",
    currency: "USD",
    client: {
      name: "Acme Inc",
      billingAddress: { line1: "1 Market Street", city: "San Francisco", country: "United States" },
    },
    items: [
      { id: "l1", name: "Logo design", hsnSac: "998391", quantity: "1", rate: "1000", taxPercent: "18" },
    ],
    gst: { exportType: "without_payment", lutNumber: "AD270326000123X" },
    exchangeRate: { rate: "83.12", rateDate: "2026-11-16", source: "fbil_reference" },
    ...over,
  };
}

describeEachDb("export invoices in two currencies", (kind) => {
  const t = testAppForSuite(kind);
  let s: Session;
  let exportId = "";

  beforeAll(async () => {
    s = await t.signUpAndSignIn();
    expect((await t.putSettings(settings, s.cookie)).statusCode).toBe(200);
    const res = await t.post("/api/invoices", usdInvoice("EXP/26-27/0001"), s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    exportId = res.json().invoice.id;
  });

  it("stores the rupee value, ₹83,120.00, and the LUT endorsement; refuses to issue without a rate", async () => {
    const doc = (await t.get(`/api/invoices/${exportId}`, s.cookie)).json().invoice.document;
    expect(doc.totals.totalMinor).toBe(100_000);
    expect(doc.exchangeRate).toEqual({
      rate: "83.1200",
      rateDate: "2026-11-16",
      source: "fbil_reference",
      sourceNote: "",
    });
    expect(doc.inrTotals).toMatchObject({ taxableMinor: 8_312_000, igstMinor: 0, totalMinor: 8_312_000 });
    expect(doc.gstDetails).toMatchObject({ placeOfSupply: "96", exportType: "without_payment" });
    expect(doc.gstDetails.declarations).toEqual([
      "Supply meant for export under LUT without payment of integrated tax",
    ]);

    const bare = await t.post(
      "/api/invoices",
      usdInvoice("EXP/26-27/0099", { exchangeRate: undefined }),
      s.cookie,
    );
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields).toHaveProperty("exchangeRate.rate");
  });

  it("reports it in GSTR-1 EXP as WOPAY with taxable value 83120.00, and the e-invoice in rupees", async () => {
    const res = await t.get("/api/reports/gstr1?period=2026-11", s.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json() as Gstr1Json;
    expect(json.exp).toEqual([
      {
        exp_typ: "WOPAY",
        inv: [
          {
            inum: "EXP/26-27/0001",
            idt: "16-11-2026",
            val: 83120,
            itms: [{ txval: 83120, rt: 18, iamt: 0, csamt: 0 }],
          },
        ],
      },
    ]);

    const e = await t.get(`/api/invoices/${exportId}/einvoice`, s.cookie);
    expect(e.statusCode, e.body).toBe(200);
    const payload = JSON.parse(e.body);
    expect(validateEInvoice(payload), JSON.stringify(validateEInvoice.errors)).toBe(true);
    expect(payload.TranDtls.SupTyp).toBe("EXPWOP");
    expect(payload.BuyerDtls).toMatchObject({ Gstin: "URP", Pos: "96", Stcd: "96" });
    expect(payload.ExpDtls).toEqual({ ForCur: "USD", CntCode: "US" });
    expect(payload.ValDtls).toMatchObject({ AssVal: 83120, IgstVal: 0, TotInvVal: 83120 });
    expect(payload.ItemList[0]).toMatchObject({ UnitPrice: 83120, TotAmt: 83120, AssAmt: 83120 });
  });

  it("shows a due export in rupees on the dashboard, and a realisation marks it paid with the loss", async () => {
    const due = await t.post("/api/invoices", usdInvoice("EXP/26-27/0002"), s.cookie);
    expect(due.statusCode, due.body).toBe(201);
    const usd = (await t.get("/api/dashboard", s.cookie))
      .json()
      .receivables.find((r: { currency: string }) => r.currency === "USD");
    expect(usd).toMatchObject({ outstandingMinor: 200_000, outstandingInrMinor: 16_624_000, withoutRate: 0 });

    const paid = await t.post(
      `/api/invoices/${exportId}/payments`,
      {
        amountMinor: 100_000,
        paidOn: "2026-11-25",
        method: "bank_transfer",
        inrCreditedMinor: 8_250_000,
        realisationRef: "FIRC/HDFC/0042",
      },
      s.cookie,
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().invoice.status).toBe("paid");
    expect(paid.json().inrTotalMinor).toBe(8_312_000);
    expect(paid.json().payments[0]).toMatchObject({
      inrCreditedMinor: 8_250_000,
      realisationRef: "FIRC/HDFC/0042",
      exchangeDifferenceMinor: -62_000,
    });
    const after = (await t.get("/api/dashboard", s.cookie)).json().receivables;
    expect(after.find((r: { currency: string }) => r.currency === "USD")).toMatchObject({
      outstandingMinor: 100_000,
      outstandingInrMinor: 8_312_000,
    });

    const inr = await t.post(
      "/api/invoices",
      { ...usdInvoice("INV/26-27/0001"), currency: "INR", gst: undefined, exchangeRate: undefined },
      s.cookie,
    );
    expect(inr.statusCode, inr.body).toBe(201);
    const refused = await t.post(
      `/api/invoices/${inr.json().invoice.id}/payments`,
      { amountMinor: 100, paidOn: "2026-11-25", method: "bank_transfer", inrCreditedMinor: 100 },
      s.cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty("inrCreditedMinor");
  });

  it("export -> clear -> import keeps the rate, the rupee value, the export details and the realisation", async () => {
    const paymentsBefore = (await t.get(`/api/invoices/${exportId}/payments`, s.cookie)).json();
    const before = (await t.get(`/api/invoices/${exportId}`, s.cookie)).json().invoice.document;
    const file = (await t.get("/api/export", s.cookie)).json();
    expect((await t.post("/api/functions/clear-user-data", {}, s.cookie)).statusCode).toBe(200);
    const imported = await t.post("/api/import", file, s.cookie);
    expect(imported.statusCode, imported.body).toBe(200);

    const list = (await t.get("/api/invoices?search=EXP%2F26-27%2F0001", s.cookie)).json().items;
    const id = list.find((i: { invoiceNumber: string }) => i.invoiceNumber === "EXP/26-27/0001").id;
    const after = (await t.get(`/api/invoices/${id}`, s.cookie)).json().invoice.document;
    for (const key of ["exchangeRate", "inrTotals", "gstDetails", "gst"])
      expect(after[key]).toEqual(before[key]);
    const payments = (await t.get(`/api/invoices/${id}/payments`, s.cookie)).json();
    const strip = (p: Record<string, unknown>) => ({ ...p, id: "", createdAt: "" });
    expect(payments.payments.map(strip)).toEqual(paymentsBefore.payments.map(strip));
    expect(payments.invoice.status).toBe("paid");
    const usd = (await t.get("/api/dashboard", s.cookie))
      .json()
      .receivables.find((r: { currency: string }) => r.currency === "USD");
    expect(usd).toMatchObject({ outstandingInrMinor: 8_312_000 });
  });
});
