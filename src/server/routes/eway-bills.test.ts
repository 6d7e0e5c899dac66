import Ajv from "ajv";
import { afterAll, beforeAll, expect, it } from "vitest";
import { NOTE_MESSAGES } from "#domain/credit-notes";
import { EWAY_MESSAGES, emptyTransport } from "#domain/eway-bill";
import { EWAY_SCHEMA_AJV } from "#domain/testing/eway";
import { ALMIRAH_LINE, almirahSale, RELIABLE_GSTIN, SHARMA_GSTIN } from "#domain/testing/gst-sale";
import { gstinCheckCharacter } from "#domain/validation";
import schema from "../../../tests/fixtures/eway-bill-1.0.0621.schema.json";
import { resetClock } from "../clock";
import { EWAY_SERVICE_MESSAGES } from "../services/eway-bills";
import { describeEachDb, type Session, testAppForSuite } from "../testing/harness";
import { creditNoteRequest } from "../testing/invoice-request";

// POST /api/eway-bills (issue 34 part 1, decision 0085): the bulk JSON of issued documents with
// their stored Transport section, one or several; refusals name each document; another business's
// id is a 404; the download is in the activity log. Figures are worked out here in paise.

afterAll(() => resetClock());

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const validate = new Ajv(EWAY_SCHEMA_AJV).compile(schema);

const settings = {
  gstRegistration: { type: "regular", gstin: SHARMA_GSTIN, legalName: "Sharma Traders Private Limited" },
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
const invoice = (rate: string, over: Record<string, unknown> = {}) =>
  almirahSale({
    invoiceNumber: `INV/26-27/${String(++n).padStart(4, "0")}`,
    invoiceDate: "2026-11-20",
    items: [{ ...ALMIRAH_LINE, id: "l1", rate }],
    transport: road,
    ...over,
  });
/** A credit note for `quantity` of the invoice's almirahs sent back, on 26 November. */
const salesReturn = (invoiceId: string, quantity: string, over: Record<string, unknown> = {}) =>
  creditNoteRequest(invoiceId, "2026-11-26", [{ originalLineId: "l1", quantity }], over);
/** A draft challan of four steel almirahs at ₹20,000 (18 %) to Ravi in Bengaluru, for job work, by road. */
const challan = (over: Record<string, unknown> = {}) => ({
  number: null,
  date: "2026-11-25",
  currency: "INR",
  reason: "job_work",
  client: { name: "Ravi", gstin: RELIABLE_GSTIN, billingAddress: ka },
  items: [
    { id: "l1", name: "Steel almirah", hsnSac: "94031090", quantity: "4", rate: "20000", taxPercent: "18" },
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
  /** Makes `challan(over)` and issues it; answers its id and number. */
  const issueChallan = async (over: Record<string, unknown>) => {
    const made = await t.post("/api/delivery-challans", challan(over), s.cookie);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().document.id as string;
    const issued = await t.post(`/api/delivery-challans/${id}/status`, { status: "issued" }, s.cookie);
    expect(issued.statusCode, issued.body).toBe(200);
    return { id, number: issued.json().document.number as string };
  };
  // Every file made here is checked against the schema written from NIC's attribute sheet.
  const bills = async (
    documents: { kind: string; id: string }[],
    over: Record<string, unknown> = {},
    cookie = s.cookie,
  ) => {
    const res = await t.post("/api/eway-bills", { documents, ...over }, cookie);
    if (res.statusCode === 200) expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
    return res;
  };
  const download = (ids: string[], over: Record<string, unknown> = {}, cookie = s.cookie) =>
    bills(
      ids.map((id) => ({ kind: "invoice", id })),
      over,
      cookie,
    );

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
      fromGstin: SHARMA_GSTIN,
      fromPincode: 400050,
      fromStateCode: 27,
      toGstin: RELIABLE_GSTIN,
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
    const { id } = await issueChallan({
      transport: {
        ...road,
        mode: "rail",
        vehicleNumber: "",
        transportDocNumber: "1234567890",
        transportDocDate: "2026-11-26",
      },
    });
    const res = await bills([{ kind: "challan", id }]);
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
    const note = await t.post("/api/credit-notes", salesReturn(sold.id, "2"), s.cookie);
    expect(note.statusCode, note.body).toBe(201);
    const id = note.json().note.id;
    const res = await bills([{ kind: "credit_note", id }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
    const taxable = 2 * 40000_00;
    expect(res.json().billLists[0]).toMatchObject({
      supplyType: "I",
      subSupplyType: 7,
      docType: "CHL",
      userGstin: SHARMA_GSTIN,
      fromGstin: RELIABLE_GSTIN,
      fromPincode: 560025,
      toGstin: SHARMA_GSTIN,
      toPincode: 400050,
      totalValue: taxable / 100,
      igstValue: (taxable * 0.18) / 100,
      totInvValue: (taxable * 1.18) / 100,
      // The invoice's lorry took the goods out; the note names none of its own: Part A only.
      transMode: "",
      vehicleNo: "",
      transporterName: "",
    });
    expect(note.json().note.document.transport).toBeUndefined();
  });

  it("a credit note's own Transport section: given when issued, changed on the issued note; a debit or cancelled note takes none", async () => {
    const sold = await create(invoice("40000"));
    const back = {
      mode: "road",
      distanceKm: 975,
      vehicleNumber: "KA05MN4321",
      transporterName: "Return Movers",
    };
    const issue = (over: Record<string, unknown>) =>
      t.post("/api/credit-notes", salesReturn(sold.id, "2", over), s.cookie);
    const made = await issue({ transport: back });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().note.id;
    expect(made.json().note.document.transport).toMatchObject(back);
    const first = await bills([{ kind: "credit_note", id }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().billLists[0]).toMatchObject({
      supplyType: "I",
      transMode: 1,
      transDistance: 975,
      vehicleNo: "KA05MN4321",
      transporterName: "Return Movers",
    });

    // The vehicle changed after the note: saved on the note alone, the same refusals as an invoice's.
    const put = (noteId: string, transport: unknown) =>
      t.send("PUT", `/api/credit-notes/${noteId}/transport`, { transport }, s.cookie);
    const bad = await put(id, { ...back, vehicleNumber: "12-AB" });
    expect(bad.statusCode, bad.body).toBe(200);
    const refused = await bills([{ kind: "credit_note", id }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(`${made.json().note.noteNumber}: ${EWAY_MESSAGES.vehicle}`);
    const rail = {
      mode: "rail",
      distanceKm: 990,
      transportDocNumber: "RR-778",
      transportDocDate: "2026-11-27",
    };
    const saved = await put(id, rail);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().note).toMatchObject({
      id,
      status: "issued",
      totalMinor: made.json().note.totalMinor,
    });
    const second = await bills([{ kind: "credit_note", id }]);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().billLists[0]).toMatchObject({
      transMode: 2,
      vehicleNo: "",
      transDocNo: "RR-778",
      transDocDate: "27/11/2026",
    });
    // The invoice's own transport is untouched.
    expect(
      (await t.get(`/api/invoices/${sold.id}`, s.cookie)).json().invoice.document.transport,
    ).toMatchObject(road);
    const log = (await t.get("/api/activity?pageSize=5", s.cookie)).json().items;
    expect(log.find((e: { action: string }) => e.action === "edited")).toMatchObject({
      record: { kind: "credit_note", id },
    });
    // Removed: Part A only again.
    expect((await put(id, null)).json().note.document.transport).toBeUndefined();

    const debit = await t.post(
      "/api/credit-notes",
      {
        invoiceId: sold.id,
        kind: "debit",
        noteDate: "2026-11-26",
        reason: "correction_in_invoice",
        lines: [{ originalLineId: null, name: "Freight", amount: "100", taxPercent: "18" }],
        transport: back,
      },
      s.cookie,
    );
    expect(debit.statusCode, debit.body).toBe(201);
    expect(debit.json().note.document.transport).toBeUndefined();
    const debitPut = await put(debit.json().note.id, back);
    expect(debitPut.statusCode).toBe(409);
    expect(debitPut.json().error.message).toBe(NOTE_MESSAGES.debitTransport);
    expect((await t.post(`/api/credit-notes/${id}/cancel`, {}, s.cookie)).statusCode).toBe(200);
    const cancelledPut = await put(id, back);
    expect(cancelledPut.statusCode).toBe(409);
    expect(cancelledPut.json().error.message).toBe(NOTE_MESSAGES.cancelledTransport);
  });

  it("a delivery challan's consignee is the bill's 'to' party: GSTIN, name, address, PIN and state", async () => {
    const CONSIGNEE_GJ = gstin("24AAACC1206D1Z");
    const { id } = await issueChallan({
      consignee: {
        name: "Patel Job Works",
        gstin: CONSIGNEE_GJ,
        address: "Shed 9, GIDC Estate\nVatva\nAhmedabad 382445",
        stateCode: "",
      },
    });
    const res = await bills([{ kind: "challan", id }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().billLists[0]).toMatchObject({
      docType: "CHL",
      transType: 1,
      fromGstin: SHARMA_GSTIN,
      toGstin: CONSIGNEE_GJ,
      toTrdName: "Patel Job Works",
      toAddr1: "Shed 9, GIDC Estate",
      toAddr2: "Vatva",
      toPlace: "Ahmedabad",
      toPincode: 382445,
      toStateCode: 24,
      actualToStateCode: 24,
    });

    // A consignee without GSTIN or PIN: URP, and the refusal names the consignee.
    const noPin = await issueChallan({
      reason: "other",
      consignee: { name: "Ravi Godown", gstin: "", address: "Plot 4, MIDC\nPune", stateCode: "27" },
    });
    const refused = await bills([{ kind: "challan", id: noPin.id }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(`${noPin.number}: ${EWAY_MESSAGES.pin("consignee's")}`);
  });

  it("the transport details of invoices, challans and credit notes go through the data file export and import", async () => {
    const other = await t.signUpAndSignIn();
    expect((await t.putSettings(settings, other.cookie)).statusCode).toBe(200);
    const made = await t.post("/api/invoices", invoice("30000"), other.cookie);
    expect(made.statusCode, made.body).toBe(201);
    const rail = {
      mode: "rail",
      distanceKm: 1200,
      transportDocNumber: "RR-1",
      transportDocDate: "2026-11-26",
      shipTo: { name: "", line1: "Dock 3", line2: "", place: "Chennai", pin: "600001", stateCode: "33" },
    };
    const madeChallan = await t.post("/api/delivery-challans", challan({ transport: rail }), other.cookie);
    expect(madeChallan.statusCode, madeChallan.body).toBe(201);
    const back = { mode: "road", distanceKm: 975, vehicleNumber: "KA05MN4321", vehicleType: "odc" };
    const note = await t.post(
      "/api/credit-notes",
      salesReturn(made.json().invoice.id, "1", { transport: back }),
      other.cookie,
    );
    expect(note.statusCode, note.body).toBe(201);
    const file = await t.get("/api/export", other.cookie);
    expect(file.statusCode).toBe(200);
    expect((await t.post("/api/functions/clear-user-data", {}, other.cookie)).statusCode).toBe(200);
    const imported = await t.post("/api/import", file.json(), other.cookie);
    expect(imported.statusCode, imported.body).toBe(200);
    const list = (await t.get("/api/invoices", other.cookie)).json().items as { id: string }[];
    expect(list).toHaveLength(1);
    const inv = (await t.get(`/api/invoices/${list[0].id}`, other.cookie)).json().invoice.document;
    expect(inv.transport).toMatchObject(road);
    const challans = (await t.get("/api/delivery-challans", other.cookie)).json().items as { id: string }[];
    expect(challans).toHaveLength(1);
    const challanBack = (await t.get(`/api/delivery-challans/${challans[0].id}`, other.cookie)).json();
    expect(challanBack.document.document.transport).toEqual({
      ...emptyTransport(),
      ...rail,
      shipTo: rail.shipTo,
    });
    const notes = (await t.get("/api/credit-notes", other.cookie)).json().items as { id: string }[];
    expect(notes).toHaveLength(1);
    const noteBack = (await t.get(`/api/credit-notes/${notes[0].id}`, other.cookie)).json().note;
    expect(noteBack.document.transport).toEqual({ ...emptyTransport(), ...back });
  });

  it("an export of goods in US dollars goes in its rupee values, each line converted once at its rate", async () => {
    const port = { name: "", line1: "Dock 3", line2: "", place: "Chennai", pin: "600001", stateCode: "33" };
    const made = await create(
      invoice("1000", {
        currency: "USD",
        client: {
          name: "Acme Inc",
          billingAddress: { line1: "1 Market Street", city: "San Francisco", country: "United States" },
        },
        gst: { exportType: "without_payment", lutNumber: "AD270326000123X" },
        exchangeRate: { rate: "83.12", rateDate: "2026-11-20", source: "cbic_customs" },
        transport: { ...road, shipTo: port },
      }),
    );
    const res = await download([made.id]);
    expect(res.statusCode, res.body).toBe(200);
    // USD 2,000.00 at 83.1200 is ₹1,66,240.00, under LUT without IGST.
    expect(res.json().billLists[0]).toMatchObject({
      totalValue: 166240,
      igstValue: 0,
      totInvValue: 166240,
      toGstin: "URP",
      toStateCode: 99,
    });
    expect(res.json().billLists[0].itemList[0]).toMatchObject({ taxableAmount: 166240 });
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
