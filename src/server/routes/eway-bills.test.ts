import Ajv from "ajv";
import { afterAll, beforeAll, expect, it } from "vitest";
import { EWAY_MESSAGES } from "#domain/eway-bill";
import { gstinCheckCharacter } from "#domain/validation";
import schema from "../../../tests/fixtures/eway-bill-1.0.0621.schema.json";
import { resetClock } from "../clock";
import { EWAY_SERVICE_MESSAGES } from "../services/eway-bills";
import { describeEachDb, type Session, testAppForSuite } from "../testing/harness";

// POST /api/eway-bills (issue 34 part 1, decision 0085): the bulk JSON of issued documents with
// their stored Transport section, one or several; refusals name each document; another business's
// id is a 404; the download is in the activity log. Figures are worked out here in paise.

afterAll(() => resetClock());

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const OURS_MH = gstin("27AAPFU0939F1Z");
const BUYER_KA = gstin("29AAACR5055K1Z");
const validate = new Ajv({
  allErrors: true,
  strict: true,
  strictTypes: false,
  multipleOfPrecision: 6,
}).compile(schema);

const settings = {
  gstRegistration: { type: "regular", gstin: OURS_MH, legalName: "Sharma Traders Private Limited" },
  companyName: "Sharma Traders",
  companyAddress: "12, Linking Road\nBandra West\nMumbai 400050\nMaharashtra",
};
const ka = { line1: "4 Residency Road", city: "Bengaluru", state: "Karnataka", postalCode: "560025" };
const road = {
  mode: "road",
  distanceKm: 980,
  vehicleNumber: "mh-12 ab 1234",
  transporterName: "Speedy Roadways",
};

let n = 0;
const invoice = (rate: string, over: Record<string, unknown> = {}) => ({
  invoiceNumber: `INV/26-27/${String(++n).padStart(4, "0")}`,
  status: "due",
  invoiceDate: "2026-11-20",
  currency: "INR",
  client: { name: "Ravi", company: "Reliable Supplies LLP", gstin: BUYER_KA, billingAddress: ka },
  items: [
    {
      id: "l1",
      name: "Steel almirah",
      hsnSac: "94031090",
      unit: "pcs",
      quantity: "2",
      rate,
      taxPercent: "18",
    },
  ],
  transport: road,
  ...over,
});

describeEachDb("e-way bill JSON", (kind) => {
  const t = testAppForSuite(kind, { env: { TEST_CLOCK: "1" } });
  let s: Session;
  const create = async (body: unknown) => {
    const res = await t.post("/api/invoices", body, s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().invoice as { id: string; invoiceNumber: string };
  };
  const download = (ids: string[], over: Record<string, unknown> = {}, cookie = s.cookie) =>
    t.post("/api/eway-bills", { documents: ids.map((id) => ({ kind: "invoice", id })), ...over }, cookie);

  beforeAll(async () => {
    await t.post("/api/test/clock", { now: "2026-11-27T06:00:00Z" });
    s = await t.signUpAndSignIn();
    expect((await t.putSettings(settings, s.cookie)).statusCode).toBe(200);
  });

  it("one invoice: a download named for it, valid against the schema, its totals the invoice's, its transport as saved", async () => {
    const made = await create(invoice("30000"));
    // The Transport section is kept with the invoice.
    expect(
      (await t.get(`/api/invoices/${made.id}`, s.cookie)).json().invoice.document.transport,
    ).toMatchObject(road);
    const res = await download([made.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="ewaybill_INV_26-27_${made.invoiceNumber.slice(-4)}.json"`,
    );
    const file = res.json();
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    const taxable = 2 * 30000_00;
    const igst = Math.round((taxable * 18) / 100);
    expect(file.billLists[0]).toMatchObject({
      docType: "INV",
      docNo: made.invoiceNumber,
      docDate: "20/11/2026",
      fromGstin: OURS_MH,
      fromPincode: 400050,
      fromStateCode: 27,
      toGstin: BUYER_KA,
      toPincode: 560025,
      toStateCode: 29,
      totalValue: taxable / 100,
      igstValue: igst / 100,
      totInvValue: (taxable + igst) / 100,
      transMode: 1,
      transDistance: 980,
      vehicleNo: "MH12AB1234",
      transporterName: "Speedy Roadways",
    });
    const log = (await t.get("/api/activity?pageSize=5", s.cookie)).json().items;
    expect(log[0]).toMatchObject({
      action: "data_exported",
      record: { kind: "data", label: `E-way bill JSON ${made.invoiceNumber}` },
    });
  });

  it("several documents make one file; a refusal names each document and why, and nothing is downloaded", async () => {
    const a = await create(invoice("40000"));
    const b = await create(invoice("50000"));
    const bulk = await download([a.id, b.id]);
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.headers["content-disposition"]).toBe('attachment; filename="ewaybills_2026-11-27_2.json"');
    expect(bulk.json().billLists.map((bill: { docNo: string }) => bill.docNo)).toEqual([
      a.invoiceNumber,
      b.invoiceNumber,
    ]);

    const badVehicle = await create(invoice("40000", { transport: { ...road, vehicleNumber: "12-AB" } }));
    const old = await create(invoice("40000", { invoiceDate: "2026-05-29" }));
    const draft = await create(invoice("40000", { status: "draft", invoiceNumber: "DRAFT-1" }));
    const refused = await download([a.id, badVehicle.id, old.id, draft.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: "eway_bill_not_available",
      message: [
        `${badVehicle.invoiceNumber}: ${EWAY_MESSAGES.vehicle}`,
        `${old.invoiceNumber}: ${EWAY_MESSAGES.old}`,
        `DRAFT-1: ${EWAY_SERVICE_MESSAGES.draft}`,
      ].join("\n"),
    });
  });

  it("says when no e-way bill is needed (₹50,000 or less) and makes it anyway when asked", async () => {
    const small = await create(invoice("21186.44")); // 42,372.88 + 7,627.12 = exactly 50,000.00
    const refused = await download([small.id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(`${small.invoiceNumber}: ${EWAY_MESSAGES.notNeeded}`);
    const asked = await download([small.id], { evenIfNotNeeded: true });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().billLists[0].totInvValue).toBe(50000);
  });

  it("a delivery challan is CHL with its reason's sub-type and no tax", async () => {
    const base = "/api/delivery-challans";
    const made = await t.post(
      base,
      {
        number: null,
        date: "2026-11-25",
        currency: "INR",
        reason: "job_work",
        client: { name: "Ravi", gstin: BUYER_KA, billingAddress: ka },
        items: [
          {
            id: "l1",
            name: "Steel almirah",
            hsnSac: "94031090",
            quantity: "4",
            rate: "20000",
            taxPercent: "18",
          },
        ],
        transport: {
          ...road,
          mode: "rail",
          vehicleNumber: "",
          transportDocNumber: "1234567890",
          transportDocDate: "2026-11-26",
        },
      },
      s.cookie,
    );
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().document.id;
    expect((await t.post(`${base}/${id}/status`, { status: "issued" }, s.cookie)).statusCode).toBe(200);
    const res = await t.post("/api/eway-bills", { documents: [{ kind: "challan", id }] }, s.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
    expect(res.json().billLists[0]).toMatchObject({
      docType: "CHL",
      subSupplyType: 4,
      igstValue: 0,
      itemList: [expect.objectContaining({ igstRate: 0 })],
      transMode: 2,
      transDocNo: "1234567890",
      transDocDate: "26/11/2026",
    });
  });

  it("a credit note for goods returned is inward, Sales Return, from the client to the business", async () => {
    const sold = await create(invoice("40000"));
    const note = await t.post(
      "/api/credit-notes",
      {
        invoiceId: sold.id,
        kind: "credit",
        noteDate: "2026-11-26",
        reason: "sales_return",
        lines: [{ originalLineId: "l1", quantity: "2" }],
      },
      s.cookie,
    );
    expect(note.statusCode, note.body).toBe(201);
    const id = note.json().note.id;
    const res = await t.post("/api/eway-bills", { documents: [{ kind: "credit_note", id }] }, s.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
    const taxable = 2 * 40000_00;
    expect(res.json().billLists[0]).toMatchObject({
      supplyType: "I",
      subSupplyType: 7,
      docType: "CHL",
      userGstin: OURS_MH,
      fromGstin: BUYER_KA,
      fromPincode: 560025,
      toGstin: OURS_MH,
      toPincode: 400050,
      totalValue: taxable / 100,
      igstValue: (taxable * 0.18) / 100,
      totInvValue: (taxable * 1.18) / 100,
    });
  });

  it("the transport details go through the data file export and import", async () => {
    const other = await t.signUpAndSignIn();
    expect((await t.putSettings(settings, other.cookie)).statusCode).toBe(200);
    const made = await t.post("/api/invoices", invoice("30000"), other.cookie);
    expect(made.statusCode, made.body).toBe(201);
    const file = await t.get("/api/export", other.cookie);
    expect(file.statusCode).toBe(200);
    expect((await t.post("/api/functions/clear-user-data", {}, other.cookie)).statusCode).toBe(200);
    const imported = await t.post("/api/import", file.json(), other.cookie);
    expect(imported.statusCode, imported.body).toBe(200);
    const list = (await t.get("/api/invoices", other.cookie)).json().items as { id: string }[];
    expect(list).toHaveLength(1);
    const back = (await t.get(`/api/invoices/${list[0].id}`, other.cookie)).json().invoice.document;
    expect(back.transport).toMatchObject(road);
  });

  it("another business's document is a 404, whatever else is asked with it", async () => {
    const mine = await create(invoice("30000"));
    const other = await t.signUpAndSignIn();
    expect((await download([mine.id], {}, other.cookie)).statusCode).toBe(404);
    const cn = await t.post(
      "/api/eway-bills",
      { documents: [{ kind: "credit_note", id: mine.id }] },
      s.cookie,
    );
    expect(cn.statusCode).toBe(404);
    const challan = await t.post(
      "/api/eway-bills",
      { documents: [{ kind: "challan", id: mine.id }] },
      s.cookie,
    );
    expect(challan.statusCode).toBe(404);
  });
});
