import { expect, it } from "vitest";
import type { Advance } from "#contract/client-advances";
import { ADVANCE_GST_MESSAGES } from "#domain/gst-advances";
import type { Gstr1Json } from "#domain/gst-gstr1";
import { gstinCheckCharacter } from "#domain/validation";
import { creditInReview } from "../testing/bank-statement";
import { describeEachDb, type Session, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";

// GST on advances for services (decision 0098) through the API on both databases: an advance for a
// service carries its tax and a receipt voucher number, is in GSTR-1 Table 11A of its month, in
// 11B of the month an invoice takes it, in neither when both happen in one month; an advance for
// goods and an unregistered business's carry no tax; the export file keeps it all; the bank review
// records the same.

const OURS_MH = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
const mh = { line1: "7 Hill Road", city: "Pune", state: "Maharashtra", postalCode: "411001" };
const ka = { line1: "4 Residency Road", city: "Bengaluru", state: "Karnataka", postalCode: "560025" };

describeEachDb("GST on advances for services", (kind) => {
  const t = testAppForSuite(kind);

  async function registered() {
    const s = await t.signUpAndSignIn();
    const settings = await t.putSettings(
      {
        gstRegistration: { type: "regular", gstin: OURS_MH, legalName: "Sharma Traders", tradeName: "" },
        companyName: "Sharma Traders",
        companyAddress: "12, Linking Road\nMumbai 400050\nMaharashtra",
      },
      s.cookie,
    );
    expect(settings.statusCode, settings.body).toBe(200);
    return s;
  }
  async function client(s: Session, name: string, billingAddress: Record<string, string>) {
    const res = await t.post("/api/clients", { name, billingAddress }, s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().client ?? res.json()).id as string;
  }
  const record = (s: Session, clientId: string, amountMinor: number, receivedOn: string, gst: unknown) =>
    t.post(
      `/api/clients/${clientId}/advances`,
      { amountMinor, receivedOn, method: "bank_transfer", reference: "NEFT-9", gst },
      s.cookie,
    );
  const recorded = async (...args: Parameters<typeof record>) => {
    const res = await record(...args);
    expect(res.statusCode, res.body).toBe(201);
    const list = res.json().advances as Advance[];
    return list[list.length - 1]!;
  };
  async function invoiceFor(s: Session, clientId: string, number: string, date: string) {
    const body = invoiceRequest(number, {
      clientId,
      invoiceDate: date,
      dueDate: date,
      client: { name: "Asha Consultants", billingAddress: mh },
      items: [
        { id: "l1", name: "Consulting", hsnSac: "998311", quantity: "1", rate: "10000", taxPercent: "18" },
      ],
    });
    const res = await t.post("/api/invoices", body, s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().invoice.id as string;
  }
  const payFrom = async (
    s: Session,
    invoiceId: string,
    advanceId: string,
    amountMinor: number,
    paidOn: string,
  ) => {
    const res = await t.post(
      `/api/invoices/${invoiceId}/payments`,
      { amountMinor, paidOn, method: "bank_transfer", advanceId },
      s.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
  };
  const gstr1 = async (s: Session, period: string) => {
    const res = await t.get(`/api/reports/gstr1?period=${period}`, s.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Gstr1Json;
  };

  it("an advance for a service: tax and voucher; 11A in its month, 11B when invoiced next month, neither in one month", async () => {
    const s = await registered();
    const asha = await client(s, "Asha Consultants", mh);
    const ravi = await client(s, "Ravi Labs", ka);

    // ₹11,800 at 18 % for a client in Maharashtra (ours): ₹10,000 + CGST ₹900 + SGST ₹900.
    const adv = await recorded(s, asha, 11_800_00, "2026-11-05", { ratePercent: 18 });
    expect(adv.gst).toEqual({
      ratePercent: 18,
      placeOfSupply: "27",
      placeOfSupplyName: "Maharashtra (27)",
      split: "cgst_sgst",
      taxableMinor: 10_000_00,
      cgstMinor: 900_00,
      sgstMinor: 900_00,
      igstMinor: 0,
      voucherNumber: "RV/2026-27/0001",
    });
    // Karnataka: IGST, the next voucher number.
    const other = await recorded(s, ravi, 5_900_00, "2026-11-07", { ratePercent: 18 });
    expect(other.gst).toMatchObject({
      placeOfSupply: "29",
      split: "igst",
      igstMinor: 900_00,
      voucherNumber: "RV/2026-27/0002",
    });
    // Received and invoiced within November: in neither table.
    const sameMonth = await recorded(s, asha, 11_800_00, "2026-11-08", { ratePercent: 18 });
    const novInvoice = await invoiceFor(s, asha, "ADV-N1", "2026-11-20");
    await payFrom(s, novInvoice, sameMonth.id, 11_800_00, "2026-11-20");
    // Goods: no tax, no voucher, not in GSTR-1.
    const goods = await recorded(s, asha, 50_000_00, "2026-11-09", null);
    expect(goods.gst).toBeNull();

    const nov = await gstr1(s, "2026-11");
    expect(nov.at).toEqual([
      {
        pos: "27",
        sply_ty: "INTRA",
        itms: [{ rt: 18, ad_amt: 10_000, iamt: 0, camt: 900, samt: 900, csamt: 0 }],
      },
      {
        pos: "29",
        sply_ty: "INTER",
        itms: [{ rt: 18, ad_amt: 5_000, iamt: 900, camt: 0, samt: 0, csamt: 0 }],
      },
    ]);
    expect(nov.txpd).toBeUndefined();
    const vouchers = nov.doc_issue?.doc_det.find((d) => d.doc_num === 6);
    expect(vouchers?.docs).toEqual([
      { num: 1, from: "RV/2026-27/0001", to: "RV/2026-27/0003", totnum: 3, cancel: 0, net_issue: 3 },
    ]);

    // December: half of the first advance pays an invoice -> 11B, no 11A.
    const decInvoice = await invoiceFor(s, asha, "ADV-D1", "2026-12-03");
    await payFrom(s, decInvoice, adv.id, 5_900_00, "2026-12-10");
    const dec = await gstr1(s, "2026-12");
    expect(dec.at).toBeUndefined();
    expect(dec.txpd).toEqual([
      {
        pos: "27",
        sply_ty: "INTRA",
        itms: [{ rt: 18, ad_amt: 5_000, iamt: 0, camt: 450, samt: 450, csamt: 0 }],
      },
    ]);
    // November is unchanged by December's application.
    expect((await gstr1(s, "2026-11")).at).toEqual(nov.at);

    const summary = (await t.get("/api/reports/gstr1/summary?period=2026-12", s.cookie)).json();
    expect(summary.sections.find((x: { section: string }) => x.section === "txpd")).toMatchObject({
      count: 1,
      taxableMinor: 5_000_00,
      taxMinor: 900_00,
    });
    const csv = await t.get("/api/reports/gstr1?period=2026-11&format=csv&section=at", s.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("27-Maharashtra,,18,10000.00,0.00");

    // Deleting an unused advance takes it out of the return.
    const del = await t.send("DELETE", `/api/clients/${ravi}/advances/${other.id}`, undefined, s.cookie);
    expect(del.statusCode, del.body).toBe(200);
    expect((await gstr1(s, "2026-11")).at?.map((r) => r.pos)).toEqual(["27"]);
  }, 90_000);

  it("refuses what cannot be taxed, and an unregistered business records no tax", async () => {
    const s = await registered();
    const asha = await client(s, "Asha Consultants", mh);
    const badRate = await record(s, asha, 1_000_00, "2026-11-05", { ratePercent: 7 });
    expect(badRate.statusCode).toBe(400);
    expect(badRate.json().error.fields["gst.ratePercent"]).toBe(ADVANCE_GST_MESSAGES.rate);
    const usd = await t.post(
      `/api/clients/${asha}/advances`,
      {
        amountMinor: 1_000_00,
        currency: "USD",
        receivedOn: "2026-11-05",
        method: "other",
        gst: { ratePercent: 18 },
      },
      s.cookie,
    );
    expect(usd.statusCode).toBe(400);
    expect(usd.json().error.message).toBe(ADVANCE_GST_MESSAGES.currency);
    // A client whose state cannot be told needs the place of supply chosen.
    const vague = await client(s, "Vague Co", { line1: "Somewhere", city: "Nowhere", state: "Atlantis" });
    const noPlace = await record(s, vague, 1_000_00, "2026-11-05", { ratePercent: 18 });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().error.fields["gst.placeOfSupply"]).toBe(ADVANCE_GST_MESSAGES.placeOfSupply);
    const chosen = await recorded(s, vague, 1_000_00, "2026-11-05", { ratePercent: 18, placeOfSupply: "07" });
    // The refused ones took no voucher number.
    expect(chosen.gst).toMatchObject({
      placeOfSupply: "07",
      split: "igst",
      voucherNumber: "RV/2026-27/0001",
    });

    const plain = await t.signUpAndSignIn();
    const meera = await client(plain, "Meera", mh);
    const refused = await record(plain, meera, 1_000_00, "2026-11-05", { ratePercent: 18 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(ADVANCE_GST_MESSAGES.notRegistered);
    expect((await recorded(plain, meera, 1_000_00, "2026-11-05", null)).gst).toBeNull();
  }, 60_000);

  it("export -> clear -> import keeps the tax and the voucher number; the series goes on after it", async () => {
    const s = await registered();
    const asha = await client(s, "Asha Consultants", mh);
    await recorded(s, asha, 11_800_00, "2026-11-05", { ratePercent: 18 });
    const file = (await t.get("/api/export", s.cookie)).json();
    expect(file.clientAdvances[0].gst).toEqual({
      ratePercent: 18,
      placeOfSupply: "27",
      split: "cgst_sgst",
      voucherNumber: "RV/2026-27/0001",
    });
    expect((await t.post("/api/functions/clear-user-data", {}, s.cookie)).statusCode).toBe(200);
    const imported = await t.post("/api/import", file, s.cookie);
    expect(imported.statusCode, imported.body).toBe(200);
    const clients = (await t.get("/api/clients", s.cookie)).json().items as { id: string; name: string }[];
    const again = clients.find((c) => c.name === "Asha Consultants")!.id;
    const [back] = (await t.get(`/api/clients/${again}/advances`, s.cookie)).json().advances as Advance[];
    expect(back!.gst).toMatchObject({
      taxableMinor: 10_000_00,
      cgstMinor: 900_00,
      voucherNumber: "RV/2026-27/0001",
    });
    expect((await gstr1(s, "2026-11")).at?.[0]?.itms[0]?.ad_amt).toBe(10_000);
    const next = await recorded(s, again, 1_180_00, "2026-11-06", { ratePercent: 18 });
    expect(next.gst?.voucherNumber).toBe("RV/2026-27/0002");

    const bad = structuredClone(file);
    bad.clientAdvances[0].gst.ratePercent = 7;
    const refused = await t.post("/api/import", bad, s.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain("Client advance import error at index 0");
  }, 90_000);
  it("the bank review's Record as advance takes the same GST choice; a refused one leaves the line in review", async () => {
    const s = await registered();
    const asha = await client(s, "Asha Consultants", ka);
    const line = await creditInReview(
      t,
      s.cookie,
      [
        "13 May 2026",
        "DEP TFR UPI/CR/612345678904/A DESIGNS/ICIC/ad@ybl/advance",
        "",
        "5,900.00",
        "16,880.00",
      ],
      "SHARMA CONSULTANTS",
    );
    const url = `/api/bank-statements/lines/${line.id}/advance`;
    const refused = await t.post(url, { clientId: asha, gst: { ratePercent: 7 } }, s.cookie);
    expect(refused.statusCode).toBe(400);
    expect((await t.get("/api/bank-statements/lines?status=review", s.cookie)).json().items).toHaveLength(1);

    const kept = await t.post(url, { clientId: asha, gst: { ratePercent: 18 } }, s.cookie);
    expect(kept.statusCode, kept.body).toBe(200);
    const [adv] = (await t.get(`/api/clients/${asha}/advances`, s.cookie)).json().advances as Advance[];
    expect(adv!.gst).toMatchObject({
      placeOfSupply: "29",
      split: "igst",
      taxableMinor: 5_000_00,
      igstMinor: 900_00,
      voucherNumber: "RV/2026-27/0001",
    });
    expect((await gstr1(s, "2026-05")).at).toEqual([
      {
        pos: "29",
        sply_ty: "INTER",
        itms: [{ rt: 18, ad_amt: 5_000, iamt: 900, camt: 0, samt: 0, csamt: 0 }],
      },
    ]);
  }, 60_000);
});
