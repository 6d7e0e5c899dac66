import Ajv from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { E_INVOICE_B2C_MESSAGE } from "#domain/gst-einvoice-eligibility";
import type { Gstr1Json } from "#domain/gst-gstr1";
import { GSTR1_NOT_OFFERED_MESSAGE, gstr1HsnRows } from "#domain/gst-gstr1";
import { csvLines } from "#domain/testing/csv";
import { gstinCheckCharacter } from "#domain/validation";
import schema from "../../../tests/fixtures/einvoice-inv01-1.1.schema.json";
import { describeEachDb, type Session, testAppForSuite } from "../testing/harness";
import { creditNoteRequest } from "../testing/invoice-request";

// GSTR-1 and e-invoice downloads through the API (issue parts 6 and 7). Every expected figure is
// worked out here from what the test sends, in paise, apart from the domain's own code.

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const OURS_MH = gstin("27AAPFU0939F1Z");
const OURS_CH = gstin("04AAPFU0939F1Z");
const BUYER_KA = gstin("29AAACR5055K1Z");
const BUYER_MH = gstin("27AAACR5055K1Z");
const BUYER_CH = gstin("04AAACR5055K1Z");
const validateEInvoice = new Ajv({ allErrors: true, strict: true }).compile(schema);

const registration = (type: "regular" | "composition", number: string) => ({
  gstRegistration: {
    type,
    gstin: number,
    legalName: "Sharma Traders Private Limited",
    tradeName: "Sharma Traders",
  },
  companyName: "Sharma Traders",
  companyAddress: "12, Linking Road\nBandra West\nMumbai 400050\nMaharashtra",
  companyPhone: "9820012345",
});

type Line = {
  name: string;
  hsnSac: string;
  quantity: string;
  rate: string;
  taxPercent: string;
  unit?: string;
};
type Client = { name: string; company?: string; gstin?: string; billingAddress?: Record<string, string> };

let lineId = 0;
function invoice(
  number: string,
  date: string,
  client: Client,
  lines: Line[],
  over: Record<string, unknown> = {},
) {
  return {
    invoiceNumber: number,
    status: "due",
    invoiceDate: date,
    currency: "INR",
    client,
    items: lines.map((l) => ({ id: `l${++lineId}`, ...l })),
    ...over,
  };
}

const ka = { line1: "4 Residency Road", city: "Bengaluru", state: "Karnataka", postalCode: "560025" };
const mh = { line1: "7 Hill Road", city: "Pune", state: "Maharashtra", postalCode: "411001" };
const goods = (rate: string, taxPercent: string, quantity = "1"): Line => ({
  name: "Steel almirah",
  hsnSac: "94031090",
  unit: "pcs",
  quantity,
  rate,
  taxPercent,
});

/** Paise of rupee text "84745.76". */
const p = (rupees: string) => Math.round(Number(rupees) * 100);
/** Half a rate's tax on each component, or all of it as IGST, rounded per component (decision 0033). */
const igst = (taxable: number, rate: number) => Math.round((taxable * rate) / 100);
const half = (taxable: number, rate: number) => Math.round((taxable * rate) / 200);
const r = (paise: number) => Number((paise / 100).toFixed(2));

describeEachDb("GSTR-1 and e-invoice downloads", (kind) => {
  const t = testAppForSuite(kind);
  async function create(s: Session, body: unknown) {
    const res = await t.post("/api/invoices", body, s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().invoice as { id: string };
  }
  let regular: Session;
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    regular = await t.signUpAndSignIn();
    expect((await t.putSettings(registration("regular", OURS_MH), regular.cookie)).statusCode).toBe(200);
    ids = {};
    // The month's documents, created in this order: key, then invoice()'s arguments.
    const abroad = { line1: "1 Main Street", city: "Boston", country: "United States" };
    const ravi = { name: "Ravi", gstin: BUYER_KA, billingAddress: ka };
    const unregistered = (name: string, billingAddress = ka) => ({ name, billingAddress });
    const month: [string, ...Parameters<typeof invoice>][] = [
      // B2B, inter-state, two rates.
      [
        "b2b",
        "INV/2026-27/0001",
        "2026-11-03",
        { name: "Ravi", company: "Reliable Supplies LLP", gstin: BUYER_KA, billingAddress: ka },
        [
          goods("10000", "18", "2"),
          { name: "Fitting service", hsnSac: "998719", quantity: "1", rate: "1000", taxPercent: "12" },
        ],
      ],
      // B2B, intra-state.
      [
        "b2bIntra",
        "INV/2026-27/0002",
        "2026-11-04",
        { name: "Pune Office Mart", gstin: BUYER_MH, billingAddress: mh },
        [goods("2500", "5", "3")],
      ],
      // B2CL: inter-state, unregistered, well above the limit.
      ["b2cl", "INV/2026-27/0003", "2026-11-05", unregistered("Anita Rao"), [goods("150000", "18")]],
      // Exactly ₹1,00,000.00 with tax: B2CS. One paisa more: B2CL.
      ["edge", "INV/2026-27/0004", "2026-11-06", unregistered("Kiran Shah"), [goods("84745.76", "18")]],
      ["edgePlus", "INV/2026-27/0005", "2026-11-07", unregistered("Meera Iyer"), [goods("84745.77", "18")]],
      // B2CS intra-state.
      ["b2cs", "INV/2026-27/0006", "2026-11-08", unregistered("Walk-in buyer", mh), [goods("500", "18")]],
      // Exports.
      [
        "expWith",
        "INV/2026-27/0007",
        "2026-11-09",
        { name: "Acme Inc", billingAddress: abroad },
        [goods("20000", "18")],
        {
          gst: {
            exportType: "with_payment",
            portCode: "INBOM4",
            shippingBillNumber: "1234567",
            shippingBillDate: "2026-11-10",
          },
        },
      ],
      [
        "expWithout",
        "INV/2026-27/0008",
        "2026-11-10",
        { name: "Globex GmbH", billingAddress: { ...abroad, city: "Berlin", country: "Germany" } },
        [goods("30000", "18")],
        { gst: { exportType: "without_payment", lutNumber: "AD270326000123X" } },
      ],
      // Cancelled: only in the document summary.
      [
        "cancelled",
        "INV/2026-27/0009",
        "2026-11-11",
        { name: "Ravi", company: "Reliable Supplies LLP", gstin: BUYER_KA, billingAddress: ka },
        [goods("999", "18")],
        { status: "cancelled" },
      ],
      // Not this month, and a draft.
      ["october", "INV/2026-27/0010", "2026-10-31", ravi, [goods("777", "18")]],
      ["december", "INV/2026-27/0011", "2026-12-01", ravi, [goods("777", "18")]],
      ["draft", "DRAFT-1", "2026-11-12", ravi, [goods("888", "18")], { status: "draft" }],
      // A draft cancelled before it was issued: still on its provisional number, never issued.
      ["cancelledDraft", "DRAFT-0A1B2C3D", "2026-11-13", ravi, [goods("999", "18")], { status: "cancelled" }],
    ];
    for (const [key, ...args] of month) ids[key] = (await create(regular, invoice(...args))).id;
  });

  async function gstr1(cookie = regular.cookie, period = "2026-11") {
    const res = await t.get(`/api/reports/gstr1?period=${period}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return { res, json: res.json() as Gstr1Json };
  }

  it("downloads the month's GSTR-1 JSON with every section, matching totals worked out here", async () => {
    const credits = (await t.get("/api/credits", regular.cookie)).json();
    const { res, json } = await gstr1();
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="GSTR1_${OURS_MH}_112026.json"`);
    expect(json).toMatchObject({ gstin: OURS_MH, fp: "112026" });

    // B2B: two buyers; the inter-state invoice has one item per rate.
    const b2bTaxable18 = 2 * p("10000");
    const b2bTaxable12 = p("1000");
    const ka18 = json.b2b?.find((b) => b.ctin === BUYER_KA);
    expect(ka18?.inv).toHaveLength(1);
    const inv1 = ka18!.inv[0];
    expect(inv1).toMatchObject({
      inum: "INV/2026-27/0001",
      idt: "03-11-2026",
      pos: "29",
      rchrg: "N",
      inv_typ: "R",
    });
    expect(inv1.val).toBe(r(b2bTaxable18 + igst(b2bTaxable18, 18) + b2bTaxable12 + igst(b2bTaxable12, 12)));
    expect(inv1.itms.map((i) => i.itm_det)).toEqual(
      expect.arrayContaining([
        { txval: r(b2bTaxable18), rt: 18, iamt: r(igst(b2bTaxable18, 18)), camt: 0, samt: 0, csamt: 0 },
        { txval: r(b2bTaxable12), rt: 12, iamt: r(igst(b2bTaxable12, 12)), camt: 0, samt: 0, csamt: 0 },
      ]),
    );
    const intraTaxable = 3 * p("2500");
    const mhInv = json.b2b?.find((b) => b.ctin === BUYER_MH)?.inv[0];
    expect(mhInv?.pos).toBe("27");
    expect(mhInv?.itms[0].itm_det).toEqual({
      txval: r(intraTaxable),
      rt: 5,
      iamt: 0,
      camt: r(half(intraTaxable, 5)),
      samt: r(half(intraTaxable, 5)),
      csamt: 0,
    });

    // B2CL: the large one and the ₹1,00,000.01 one, not the ₹1,00,000.00 one.
    const b2cl = json.b2cl?.find((b) => b.pos === "29");
    expect(b2cl?.inv.map((i) => i.inum).sort()).toEqual(["INV/2026-27/0003", "INV/2026-27/0005"]);
    const edgePlusTaxable = p("84745.77");
    expect(edgePlusTaxable + igst(edgePlusTaxable, 18)).toBe(100_000_01);
    expect(b2cl?.inv.find((i) => i.inum === "INV/2026-27/0005")?.val).toBe(100000.01);

    // B2CS: the ₹1,00,000.00 one inter-state, the small one intra-state.
    const edgeTaxable = p("84745.76");
    expect(edgeTaxable + igst(edgeTaxable, 18)).toBe(100_000_00);
    expect(json.b2cs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sply_ty: "INTER",
          pos: "29",
          rt: 18,
          txval: r(edgeTaxable),
          iamt: r(igst(edgeTaxable, 18)),
        }),
        expect.objectContaining({
          sply_ty: "INTRA",
          pos: "27",
          rt: 18,
          txval: 500,
          camt: r(half(p("500"), 18)),
          samt: r(half(p("500"), 18)),
        }),
      ]),
    );
    expect(json.b2cs).toHaveLength(2);

    // Exports: with payment carries IGST, without payment none.
    const wpay = json.exp?.find((e) => e.exp_typ === "WPAY")?.inv[0];
    expect(wpay).toMatchObject({
      inum: "INV/2026-27/0007",
      sbpcode: "INBOM4",
      sbnum: "1234567",
      sbdt: "10-11-2026",
    });
    expect(wpay?.itms[0]).toEqual({ txval: 20000, rt: 18, iamt: r(igst(p("20000"), 18)), csamt: 0 });
    const wopay = json.exp?.find((e) => e.exp_typ === "WOPAY")?.inv[0];
    expect(wopay?.itms[0]).toEqual({ txval: 30000, rt: 18, iamt: 0, csamt: 0 });

    // HSN summary: every live taxable value once.
    const liveTaxable =
      b2bTaxable18 +
      b2bTaxable12 +
      intraTaxable +
      p("150000") +
      edgeTaxable +
      edgePlusTaxable +
      p("500") +
      p("20000") +
      p("30000");
    const hsnTaxable = gstr1HsnRows(json.hsn).reduce((sum, row) => sum + p(String(row.txval)), 0);
    expect(hsnTaxable).toBe(liveTaxable);

    // Document summary: nine numbers of the month (the cancelled one too), no draft (nor one
    // cancelled unissued), no other month.
    const invoicesIssued = json.doc_issue?.doc_det.find((d) => d.doc_num === 1)?.docs;
    expect(invoicesIssued).toEqual([
      { num: 1, from: "INV/2026-27/0001", to: "INV/2026-27/0009", totnum: 9, cancel: 1, net_issue: 8 },
    ]);
    const everyNumber = JSON.stringify(json);
    for (const absent of ["INV/2026-27/0010", "INV/2026-27/0011", "DRAFT-1", "DRAFT-0A1B2C3D"])
      expect(everyNumber).not.toContain(absent);
    expect(JSON.stringify(json.b2b)).not.toContain("INV/2026-27/0009");

    // Free: no credit spent.
    expect((await t.get("/api/credits", regular.cookie)).json()).toEqual(credits);
  });

  it("takes the month's credit notes in: CDNR, CDNUR against a B2CL invoice, and B2CS rows reduced", async () => {
    const noted = await t.signUpAndSignIn();
    expect((await t.putSettings(registration("regular", OURS_MH), noted.cookie)).statusCode).toBe(200);
    const bodies = {
      b2cs: invoice("INV/2026-27/0001", "2026-11-02", { name: "Walk-in buyer", billingAddress: mh }, [
        goods("500", "18", "2"),
      ]),
      b2cl: invoice("INV/2026-27/0002", "2026-11-02", { name: "Anita Rao", billingAddress: ka }, [
        goods("150000", "18"),
      ]),
      b2b: invoice(
        "INV/2026-27/0003",
        "2026-11-02",
        { name: "Ravi", company: "Reliable Supplies LLP", gstin: BUYER_KA, billingAddress: ka },
        [goods("10000", "18")],
      ),
    };
    const returned = async (body: (typeof bodies)["b2cs"], quantity: string) => {
      const created = await create(noted, body);
      const lines = [{ originalLineId: body.items[0]!.id, quantity }];
      const res = await t.post(
        "/api/credit-notes",
        creditNoteRequest(created.id, "2026-11-20", lines),
        noted.cookie,
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().note as { noteNumber: string };
    };
    const onB2cs = await returned(bodies.b2cs, "1");
    const onB2cl = await returned(bodies.b2cl, "1");
    const onB2b = await returned(bodies.b2b, "1");
    const { json } = await gstr1(noted.cookie);

    // The B2CS invoice's row is what is left after its credit note: one of two almirahs.
    expect(json.b2cs).toEqual([
      expect.objectContaining({
        sply_ty: "INTRA",
        pos: "27",
        rt: 18,
        txval: 500,
        camt: r(half(p("1000"), 18) - half(p("500"), 18)),
        samt: r(half(p("1000"), 18) - half(p("500"), 18)),
      }),
    ]);
    expect(JSON.stringify(json.cdnur ?? [])).not.toContain(onB2cs.noteNumber);
    expect(JSON.stringify(json.cdnr ?? [])).not.toContain(onB2cs.noteNumber);
    // The B2CL invoice's note is in CDNUR, IGST only.
    expect(json.cdnur).toEqual([
      expect.objectContaining({
        typ: "B2CL",
        ntty: "C",
        nt_num: onB2cl.noteNumber,
        nt_dt: "20-11-2026",
        val: r(p("150000") + igst(p("150000"), 18)),
        pos: "29",
      }),
    ]);
    // The registered buyer's note is in CDNR under its GSTIN.
    const cdnr = json.cdnr?.find((c) => c.ctin === BUYER_KA)?.nt;
    expect(cdnr).toEqual([
      expect.objectContaining({
        ntty: "C",
        nt_num: onB2b.noteNumber,
        val: r(p("10000") + igst(p("10000"), 18)),
        pos: "29",
      }),
    ]);
    // Documents issued: three invoices and three credit notes.
    const credit = json.doc_issue?.doc_det.find((d) => d.doc_num === 5)?.docs;
    expect(credit).toEqual([
      expect.objectContaining({
        from: onB2cs.noteNumber,
        to: onB2b.noteNumber,
        totnum: 3,
        cancel: 0,
        net_issue: 3,
      }),
    ]);
    // HSN summary: what was sold less what came back.
    const hsnTaxable = gstr1HsnRows(json.hsn).reduce((sum, row) => sum + p(String(row.txval)), 0);
    expect(hsnTaxable).toBe(p("1000") + p("150000") + p("10000") - p("500") - p("150000") - p("10000"));
  });

  it("answers each section as CSV, and the page's figures", async () => {
    const res = await t.get("/api/reports/gstr1?period=2026-11&format=csv&section=b2b", regular.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="GSTR1_${OURS_MH}_112026_b2b.csv"`);
    const lines = csvLines(res.body);
    expect(lines[0]).toContain("GSTIN/UIN of Recipient");
    expect(lines.filter((l) => l.includes("INV/2026-27/0001"))).toHaveLength(2);
    expect(res.body).toContain("Reliable Supplies LLP");
    // The download is in the activity log (decision 0077); refusals and the page's figures are not.
    const newest = async () => (await t.get("/api/activity?pageSize=1", regular.cookie)).json().items[0];
    expect(await newest()).toMatchObject({
      action: "data_exported",
      actor: { kind: "member" },
      record: { kind: "data", label: "GSTR-1 2026-11 (CSV b2b)" },
      detail: { report: "gstr1", period: "2026-11", format: "CSV b2b" },
    });
    for (const section of ["b2cl", "b2cs", "exp", "nil", "hsn", "docs", "cdnr", "cdnur"]) {
      const csv = await t.get(
        `/api/reports/gstr1?period=2026-11&format=csv&section=${section}`,
        regular.cookie,
      );
      expect(csv.statusCode, section).toBe(200);
    }
    const noSection = await t.get("/api/reports/gstr1?period=2026-11&format=csv", regular.cookie);
    expect(noSection.statusCode).toBe(400);
    expect(noSection.json().error.fields.section).toBe("Choose a section for the CSV file.");
    expect((await t.get("/api/reports/gstr1?period=2026-13", regular.cookie)).statusCode).toBe(400);

    const summary = (await t.get("/api/reports/gstr1/summary?period=2026-11", regular.cookie)).json();
    expect(summary).toMatchObject({
      period: "2026-11",
      fp: "112026",
      gstin: OURS_MH,
      documents: { issued: 9, cancelled: 1 },
    });
    const b2cl = summary.sections.find((s: { section: string }) => s.section === "b2cl");
    expect(b2cl).toMatchObject({ count: 2, taxableMinor: p("150000") + p("84745.77") });
    expect(b2cl.taxMinor).toBe(igst(p("150000"), 18) + igst(p("84745.77"), 18));
    expect(summary.sections.find((s: { section: string }) => s.section === "exp")).toMatchObject({
      count: 2,
    });
    expect((await newest()).record.label).toBe("GSTR-1 2026-11 (CSV cdnur)");
  });

  it("refuses composition and unregistered accounts with the domain's message", async () => {
    const composition = await t.signUpAndSignIn();
    await t.putSettings(registration("composition", OURS_MH), composition.cookie);
    const retail = await t.signUpAndSignIn();
    for (const s of [composition, retail]) {
      for (const url of ["/api/reports/gstr1?period=2026-11", "/api/reports/gstr1/summary?period=2026-11"]) {
        const res = await t.get(url, s.cookie);
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toEqual({ code: "gstr1_not_offered", message: GSTR1_NOT_OFFERED_MESSAGE });
      }
    }
  });

  it("never shows another user's invoices, even under the same GSTIN", async () => {
    const other = await t.signUpAndSignIn();
    await t.putSettings(registration("regular", OURS_MH), other.cookie);
    await create(
      other,
      invoice("OTHER/0001", "2026-11-15", { name: "Someone", gstin: BUYER_KA, billingAddress: ka }, [
        goods("5", "18"),
      ]),
    );
    expect(JSON.stringify((await gstr1()).json)).not.toContain("OTHER/0001");
    const theirs = (await gstr1(other.cookie)).json;
    expect(JSON.stringify(theirs)).not.toContain("INV/2026-27/");
    expect(theirs.b2b?.[0].inv.map((i) => i.inum)).toEqual(["OTHER/0001"]);
    expect((await t.get(`/api/invoices/${ids.b2b}/einvoice`, other.cookie)).statusCode).toBe(404);
  });

  it("serves a read-only API key, and nobody signed out", async () => {
    const key = (await t.post("/api/api-keys", { name: "Accountant", scope: "read" }, regular.cookie)).json()
      .key;
    const withKey = (url: string) =>
      t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${key}` } });
    const res = await withKey("/api/reports/gstr1?period=2026-11");
    expect(res.statusCode).toBe(200);
    expect(res.json().fp).toBe("112026");
    expect((await withKey(`/api/invoices/${ids.b2b}/einvoice`)).statusCode).toBe(200);
    expect((await t.get("/api/reports/gstr1?period=2026-11")).statusCode).toBe(401);
  });

  describe("e-invoice JSON", () => {
    const einvoice = (id: string, cookie = regular.cookie) => t.get(`/api/invoices/${id}/einvoice`, cookie);

    function expectValid(body: string) {
      const payload = JSON.parse(body);
      expect(validateEInvoice(payload), JSON.stringify(validateEInvoice.errors)).toBe(true);
      return payload;
    }

    it("inter-state and intra-state B2B invoices validate against INV-01 1.1", async () => {
      const inter = await einvoice(ids.b2b);
      expect(inter.statusCode, inter.body).toBe(200);
      expect(inter.headers["content-disposition"]).toBe(
        'attachment; filename="einvoice_INV_2026-27_0001.json"',
      );
      const a = expectValid(inter.body);
      expect(a.TranDtls.SupTyp).toBe("B2B");
      expect(a.SellerDtls).toMatchObject({ Gstin: OURS_MH, Pin: 400050, Loc: "Mumbai", Stcd: "27" });
      expect(a.BuyerDtls).toMatchObject({ Gstin: BUYER_KA, Pos: "29", Stcd: "29", Pin: 560025 });
      const taxable = 2 * p("10000") + p("1000");
      expect(a.ValDtls.AssVal).toBe(r(taxable));
      expect(a.ValDtls.IgstVal).toBe(r(igst(2 * p("10000"), 18) + igst(p("1000"), 12)));

      const intra = expectValid((await einvoice(ids.b2bIntra)).body);
      expect(intra.ValDtls).toMatchObject({
        IgstVal: 0,
        CgstVal: r(half(3 * p("2500"), 5)),
        SgstVal: r(half(3 * p("2500"), 5)),
      });
    });

    it("a credit note and a debit note to a registered buyer validate as CRN and DBN with their invoice; a B2C note is refused", async () => {
      const noted = await t.signUpAndSignIn();
      expect((await t.putSettings(registration("regular", OURS_MH), noted.cookie)).statusCode).toBe(200);
      const body = invoice(
        "INV/2026-27/0001",
        "2026-11-02",
        { name: "Ravi", company: "Reliable Supplies LLP", gstin: BUYER_KA, billingAddress: ka },
        [goods("10000", "18", "2")],
      );
      const b2b = await create(noted, body);
      const note = async (invoiceId: string, kind: "credit" | "debit", lines: unknown[]) => {
        const res = await t.post(
          "/api/credit-notes",
          { invoiceId, kind, noteDate: "2026-11-20", reason: "correction_in_invoice", lines },
          noted.cookie,
        );
        expect(res.statusCode, res.body).toBe(201);
        return res.json().note as { id: string; noteNumber: string };
      };
      const credit = await note(b2b.id, "credit", [{ originalLineId: body.items[0]!.id, quantity: "1" }]);
      const res = await t.get(`/api/credit-notes/${credit.id}/einvoice`, noted.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const crn = expectValid(res.body);
      expect(crn.DocDtls).toEqual({ Typ: "CRN", No: credit.noteNumber, Dt: "20/11/2026" });
      expect(crn.RefDtls.PrecDocDtls).toEqual([{ InvNo: "INV/2026-27/0001", InvDt: "02/11/2026" }]);
      expect(crn.ValDtls).toMatchObject({ AssVal: 10000, IgstVal: r(igst(p("10000"), 18)) });
      expect(crn.BuyerDtls).toMatchObject({ Gstin: BUYER_KA, Pos: "29" });

      const debit = await note(b2b.id, "debit", [{ originalLineId: body.items[0]!.id, quantity: "1" }]);
      const dbn = expectValid((await t.get(`/api/credit-notes/${debit.id}/einvoice`, noted.cookie)).body);
      expect(dbn.DocDtls.Typ).toBe("DBN");

      const retailBody = invoice("INV/2026-27/0002", "2026-11-02", { name: "Walk-in", billingAddress: mh }, [
        goods("500", "18"),
      ]);
      const b2c = await create(noted, retailBody);
      const b2cNote = await note(b2c.id, "credit", [
        { originalLineId: retailBody.items[0]!.id, quantity: "1" },
      ]);
      const refused = await t.get(`/api/credit-notes/${b2cNote.id}/einvoice`, noted.cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: "einvoice_not_available",
        message: E_INVOICE_B2C_MESSAGE,
      });
      // Another user's note is not found.
      const other = await t.signUpAndSignIn();
      expect((await t.get(`/api/credit-notes/${credit.id}/einvoice`, other.cookie)).statusCode).toBe(404);
    });

    it("an export validates, with URP and 96", async () => {
      const res = await einvoice(ids.expWith);
      expect(res.statusCode, res.body).toBe(200);
      const payload = expectValid(res.body);
      expect(payload.TranDtls.SupTyp).toBe("EXPWP");
      expect(payload.BuyerDtls).toMatchObject({ Gstin: "URP", Pos: "96", Stcd: "96", Pin: 999999 });
      expect(payload.ExpDtls).toMatchObject({ ShipBNo: "1234567", ShipBDt: "10/11/2026", Port: "INBOM4" });
      expect(expectValid((await einvoice(ids.expWithout)).body).TranDtls.SupTyp).toBe("EXPWOP");
    });

    it("a union territory (Chandigarh, 04) supply within it carries UTGST in SgstAmt and validates", async () => {
      const ut = await t.signUpAndSignIn();
      await t.putSettings(
        { ...registration("regular", OURS_CH), companyAddress: "Plot 7, Sector 17\nChandigarh\n160017" },
        ut.cookie,
      );
      const made = await create(
        ut,
        invoice(
          "CH/0001",
          "2026-11-20",
          {
            name: "Sector Stores",
            gstin: BUYER_CH,
            billingAddress: { line1: "SCO 12", city: "Chandigarh", postalCode: "160022" },
          },
          [goods("1000", "18")],
        ),
      );
      const res = await einvoice(made.id, ut.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const payload = expectValid(res.body);
      expect(payload.SellerDtls).toMatchObject({ Stcd: "04", Loc: "Chandigarh", Pin: 160017 });
      expect(payload.BuyerDtls).toMatchObject({ Pos: "04", Stcd: "04" });
      expect(payload.ItemList[0]).toMatchObject({ CgstAmt: 90, SgstAmt: 90, IgstAmt: 0 });
    });

    it("refuses a B2C invoice, a draft and a cancelled one with the reason", async () => {
      const b2c = await einvoice(ids.b2cs);
      expect(b2c.statusCode).toBe(409);
      expect(b2c.json().error).toEqual({ code: "einvoice_not_available", message: E_INVOICE_B2C_MESSAGE });
      expect((await einvoice(ids.draft)).json().error.code).toBe("einvoice_not_available");
      expect((await einvoice(ids.cancelled)).json().error.message).toBe(
        "A cancelled invoice is not e-invoiced.",
      );
    });
  });
});
