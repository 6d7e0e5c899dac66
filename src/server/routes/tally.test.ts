import { beforeAll, expect, it } from "vitest";
import { type Gstr1Json, gstr1HsnRows } from "#domain/gst-gstr1";
import { buildInvoiceDocument, type InvoiceCompany, invoiceInputSchema } from "#domain/invoice";
import { PAYMENT_METHODS } from "#domain/payments";
import { DEFAULT_TALLY_MAPPING, type TallyMapping } from "#domain/tally/mapping";
import { validateTallyExport } from "#domain/tally/validate";
import { gstinCheckCharacter } from "#domain/validation";
import { describeEachDb, type Session, testAppForSuite } from "../testing/harness";

// Issue 32 part 1, done-when: a month of data (104 invoices across CGST/SGST and IGST and three
// rates, 2 of them cancelled, 5 credit notes and a debit note, 50 receipts) exports to the two
// XML files; the validator passes them, and every total equals Bahi's own GSTR-1 of the month to
// the paisa; exporting twice gives the same REMOTEIDs. The invoices and payments go in with one
// data-file import (cheap); the notes through their route.

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const OURS = "29AAACG0569P1Z3";
const MONTH = { from: "2026-11-01", to: "2026-11-30" };
const ka = { line1: "4 Residency Road", city: "Bengaluru", state: "Karnataka", postalCode: "560025" };
const mh = { line1: "7 Hill Road", city: "Pune", state: "Maharashtra", postalCode: "411001" };
const CLIENTS = [
  { name: "Sharma Enterprises", gstin: "29ACEFS6707L1ZL", billingAddress: ka },
  {
    name: "Reliable & Sons",
    company: "Reliable Supplies <LLP>",
    gstin: gstin("29AAACR5055K1Z"),
    billingAddress: ka,
  },
  { name: "Mehta Industries", gstin: "27AAPFU0939F1ZV", billingAddress: mh },
  { name: "Pune Office Mart", gstin: gstin("27AAACR5055K1Z"), billingAddress: mh },
  { name: "Walk-in Bengaluru", billingAddress: ka },
  { name: "Walk-in Pune", billingAddress: mh },
];
const COMPANY: InvoiceCompany = {
  name: "Bahi Demo Traders",
  email: "",
  address: "1 MG Road\nBengaluru 560001\nKarnataka",
  phone: "",
  gstin: OURS,
  logoImageId: null,
  signatureImageId: null,
  upiQrImageId: null,
  gst: {
    registrationType: "regular",
    gstin: OURS,
    legalName: "Bahi Demo Traders",
    tradeName: "Bahi Demo Traders",
    stateCode: "29",
    turnoverAbove5Crore: false,
  },
};
const RATES = ["5", "12", "18"];
const day = (i: number) => `2026-11-${String(1 + (i % 26)).padStart(2, "0")}`;
const number = (i: number) => `INV/2026-27/${String(i).padStart(4, "0")}`;

/** The month's invoices as the data file carries them, with their payments. */
function monthFile() {
  let receipts = 0;
  let receivedMinor = 0;
  const invoices = Array.from({ length: 104 }, (_, k) => {
    const i = k + 1;
    const line = (id: string, rate: string, n: number) => ({
      id,
      name: `Steel almirah ${n}`,
      hsnSac: n % 5 === 0 ? "998719" : "94031090",
      unit: "pcs",
      quantity: String((i % 3) + 1),
      rate: `${100 + i * 13}.${String((i * 7) % 100).padStart(2, "0")}`,
      taxPercent: rate,
    });
    const items = [line("l1", RATES[i % 3]!, i)];
    if (i % 4 === 0) items.push(line("l2", RATES[(i + 1) % 3]!, i + 1));
    const cancelled = i === 100 || i === 102;
    const paidInFull = i % 10 === 1 && i < 100;
    const input = {
      invoiceNumber: number(i),
      status: cancelled ? "cancelled" : paidInFull ? "paid" : "due",
      invoiceDate: day(i),
      dueDate: "2026-12-31",
      paymentDate: paidInFull ? day(i) : null,
      currency: "INR",
      client: CLIENTS[i % 6],
      items,
      roundOff: i % 2 === 0,
    };
    const total = buildInvoiceDocument(invoiceInputSchema.parse(input), COMPANY).totals.totalMinor;
    const payments =
      i % 2 === 1 && i < 100
        ? [
            {
              amount: paidInFull ? (total / 100).toFixed(2) : `${50 + i}.00`,
              paidOn: day(i),
              method: PAYMENT_METHODS[((i - 1) / 2) % 4],
              reference: i % 4 === 3 ? "" : `UTR${1000 + i}`,
              note: "",
            },
          ]
        : [];
    receipts += payments.length;
    receivedMinor += payments.reduce((s, p) => s + Math.round(Number(p.amount) * 100), 0);
    return { ...input, company: COMPANY, payments };
  });
  return { invoices, receipts, receivedMinor };
}

/** GSTR-1's figures net of notes, paise: what the sales and tax ledgers must hold. */
function gstr1Net(r: Gstr1Json) {
  const net = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
  const p = (v: number | undefined) => Math.round((v ?? 0) * 100);
  const add = (d: { txval: number; iamt: number; camt?: number; samt?: number }, sign = 1) => {
    net.taxable += sign * p(d.txval);
    net.igst += sign * p(d.iamt);
    net.cgst += sign * p(d.camt);
    net.sgst += sign * p(d.samt);
  };
  for (const b of r.b2b ?? []) for (const inv of b.inv) for (const it of inv.itms) add(it.itm_det);
  for (const b of r.b2cl ?? []) for (const inv of b.inv) for (const it of inv.itms) add(it.itm_det);
  for (const row of r.b2cs ?? []) add(row);
  for (const e of r.exp ?? []) for (const inv of e.inv) for (const it of inv.itms) add(it);
  for (const c of r.cdnr ?? [])
    for (const nt of c.nt) for (const it of nt.itms) add(it.itm_det, nt.ntty === "C" ? -1 : 1);
  for (const nt of r.cdnur ?? []) for (const it of nt.itms) add(it.itm_det, nt.ntty === "C" ? -1 : 1);
  const hsn = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
  for (const row of gstr1HsnRows(r.hsn)) {
    hsn.taxable += p(row.txval);
    hsn.igst += p(row.iamt);
    hsn.cgst += p(row.camt);
    hsn.sgst += p(row.samt);
  }
  return { net, hsn };
}

describeEachDb("Export to Tally", (kind) => {
  const t = testAppForSuite(kind);
  let owner: Session;
  let fixture: ReturnType<typeof monthFile>;
  const notes: { number: string; kind: string; totalMinor: number }[] = [];
  const exportPart = (s: Session, part: string, range = MONTH) =>
    t.get(`/api/reports/tally?from=${range.from}&to=${range.to}&part=${part}`, s.cookie);
  const files = async (s: Session) => {
    const [masters, vouchers] = [await exportPart(s, "masters"), await exportPart(s, "vouchers")];
    expect(masters.statusCode, masters.body).toBe(200);
    expect(vouchers.statusCode, vouchers.body).toBe(200);
    return { masters: masters.body, vouchers: vouchers.body };
  };
  const validate = (
    f: { masters: string; vouchers: string },
    mapping: TallyMapping = DEFAULT_TALLY_MAPPING,
  ) =>
    validateTallyExport({
      ...f,
      ...MONTH,
      companyGstin: OURS,
      existingLedgers: Object.values(mapping.receiptLedgers),
    });

  beforeAll(async () => {
    owner = await t.signUpAndSignIn();
    const registration = {
      gstRegistration: {
        type: "regular",
        gstin: OURS,
        legalName: "Bahi Demo Traders",
        tradeName: "Bahi Demo Traders",
      },
      companyName: "Bahi Demo Traders",
      companyAddress: COMPANY.address,
    };
    expect((await t.putSettings(registration, owner.cookie)).statusCode).toBe(200);
    const exported = (await t.get("/api/export", owner.cookie)).json();
    fixture = monthFile();
    const imported = await t.post("/api/import", { ...exported, invoices: fixture.invoices }, owner.cookie);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().imported.invoices).toBe(104);
    const idOf = async (i: number) =>
      (await t.get(`/api/invoices?search=${encodeURIComponent(number(i))}`, owner.cookie)).json().items[0].id;
    // Five credit notes on intra- and inter-state, registered and unregistered sales; one debit note.
    for (const [i, noteKind] of [
      [1, "credit"],
      [2, "credit"],
      [3, "credit"],
      [4, "credit"],
      [5, "credit"],
      [8, "debit"],
    ] as const) {
      const lines =
        noteKind === "credit"
          ? [{ originalLineId: "l1", quantity: "1" }]
          : [{ originalLineId: null, name: "Price revision", amount: "500", taxPercent: "18" }];
      const res = await t.post(
        "/api/credit-notes",
        { invoiceId: await idOf(i), kind: noteKind, noteDate: "2026-11-27", reason: "others", lines },
        owner.cookie,
      );
      expect(res.statusCode, res.body).toBe(201);
      notes.push({
        number: res.json().note.noteNumber,
        kind: noteKind,
        totalMinor: res.json().note.totalMinor,
      });
    }
  }, 120_000);

  it.each(["accounting", "item"] as const)(
    "exports a month as %s invoices that the validator passes, every total equal to the month's GSTR-1",
    async (voucherMode) => {
      const mode = await t.send(
        "PUT",
        "/api/reports/tally/ledgers",
        { ...DEFAULT_TALLY_MAPPING, voucherMode },
        owner.cookie,
      );
      expect(mode.statusCode, mode.body).toBe(200);
      const f = await files(owner);
      const { problems, totals } = validate(f);
      expect(problems).toEqual([]);
      if (voucherMode === "item") {
        // Every live sale and credit note is an item invoice; the typed-amount debit note and
        // the two cancelled invoices (no entries) stay accounting ones.
        expect(f.vouchers.match(/<VCHENTRYMODE>Item Invoice</g)).toHaveLength(102 + 5);
        expect(f.vouchers.match(/<VCHENTRYMODE>Accounting Invoice</g)).toHaveLength(1 + 2);
        expect(f.masters).toContain('<UNIT NAME="Pcs" ACTION="Create">');
        expect(f.masters).toContain('<STOCKITEM NAME="Steel almirah 1" ACTION="Create">');
      } else expect(f.vouchers).not.toContain("ALLINVENTORYENTRIES.LIST");
      const gstr1: Gstr1Json = (await t.get("/api/reports/gstr1?period=2026-11", owner.cookie)).json();
      const { net, hsn } = gstr1Net(gstr1);
      const tally = {
        taxable: totals.taxableMinor,
        igst: totals.igstMinor,
        cgst: totals.cgstMinor,
        sgst: totals.sgstMinor,
      };
      expect(tally).toEqual(net);
      expect(tally).toEqual(hsn);
      // Both kinds of supply and three rates are in it.
      expect(net.cgst).toBeGreaterThan(0);
      expect(net.igst).toBeGreaterThan(0);
      expect(f.masters).toContain('<LEDGER NAME="Sales @5%"');
      expect(f.masters).toContain('<LEDGER NAME="Sales @12%"');
      expect(f.masters).toContain('<LEDGER NAME="Sales @18%"');
      // Documents issued and cancelled, as the return's Table 13 counts them.
      const invoicesIssued = gstr1.doc_issue!.doc_det.find((d) => d.doc_num === 1)!.docs[0]!;
      expect(totals.byType.Sales).toMatchObject({
        count: invoicesIssued.net_issue,
        cancelled: invoicesIssued.cancel,
      });
      expect(totals.byType.Sales!.cancelled).toBe(2);
      expect(totals.byType["Credit Note"]!.count).toBe(5);
      expect(totals.byType["Debit Note"]!.count).toBe(1);
      expect(totals.byType.Receipt).toEqual({
        count: fixture.receipts,
        cancelled: 0,
        partyDebitMinor: -fixture.receivedMinor,
      });
      expect(fixture.receipts).toBe(50);
      // Each voucher's party amount is the document's own total.
      const docs = (await t.get("/api/export", owner.cookie)).json().invoices as {
        invoiceNumber: string;
        status: string;
        totals: { totalMinor: number };
      }[];
      for (const d of docs.filter((x) => x.status !== "cancelled")) {
        expect(totals.partyByVoucher.get(`Sales|${d.invoiceNumber}`), d.invoiceNumber).toBe(
          d.totals.totalMinor,
        );
      }
      for (const n of notes) {
        const type = n.kind === "credit" ? "Credit Note" : "Debit Note";
        expect(totals.partyByVoucher.get(`${type}|${n.number}`)).toBe(
          n.kind === "credit" ? -n.totalMinor : n.totalMinor,
        );
      }
    },
    120_000,
  );

  it("exports the month twice with identical files and REMOTEIDs; the log names both downloads", async () => {
    const first = await files(owner);
    const second = await files(owner);
    expect(second).toEqual(first);
    const ids = validate(first).totals.remoteIds;
    expect(ids).toHaveLength(104 + 6 + 50);
    expect(new Set(ids).size).toBe(ids.length);
    const res = await exportPart(owner, "vouchers");
    expect(res.headers["content-type"]).toBe("text/xml; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="bahi-vouchers-2026-11-01-2026-11-30.xml"',
    );
    const log = (await t.get("/api/activity?action=data_exported", owner.cookie)).json().items;
    expect(log[0].record.label).toBe("Tally vouchers 2026-11-01 to 2026-11-30");
  }, 120_000);

  it("saves the ledger names per business and writes them; refuses a blank name; another business sees none of it", async () => {
    const defaults = (await t.get("/api/reports/tally/ledgers", owner.cookie)).json();
    expect(defaults).toEqual({ ...DEFAULT_TALLY_MAPPING, voucherMode: "item" });
    const mapping: TallyMapping = {
      ...DEFAULT_TALLY_MAPPING,
      companyName: "Bahi Demo Traders (2026-27)",
      release: "legacy",
      salesLedgers: { ...DEFAULT_TALLY_MAPPING.salesLedgers, "18": "GST Sales 18%" },
      igstLedger: "IGST Payable",
      receiptLedgers: { ...DEFAULT_TALLY_MAPPING.receiptLedgers, upi: "HDFC Bank A/c 1234" },
      createBankLedgers: true,
    };
    const saved = await t.send("PUT", "/api/reports/tally/ledgers", mapping, owner.cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.get("/api/reports/tally/ledgers", owner.cookie)).json()).toEqual(mapping);
    const logged = (await t.get("/api/activity?action=settings_changed", owner.cookie)).json().items;
    expect(logged[0]).toMatchObject({
      record: { kind: "settings", label: "Tally ledger names" },
      detail: { fields: ["tallyLedgers"] },
    });
    const f = await files(owner);
    expect(
      validate(f, { ...mapping, receiptLedgers: { ...mapping.receiptLedgers, upi: "" } }).problems,
    ).toEqual([]);
    expect(f.masters).toContain("<SVCURRENTCOMPANY>Bahi Demo Traders (2026-27)</SVCURRENTCOMPANY>");
    expect(f.masters).toContain('<LEDGER NAME="GST Sales 18%"');
    expect(f.masters).toContain("<GSTDUTYHEAD>Integrated Tax</GSTDUTYHEAD>");
    expect(f.masters).toContain('<LEDGER NAME="HDFC Bank A/c 1234"');
    const blank = await t.send(
      "PUT",
      "/api/reports/tally/ledgers",
      { ...mapping, cgstLedger: " " },
      owner.cookie,
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toHaveProperty("cgstLedger");

    // Another business, registered too: its own (empty) month and its own defaults.
    const other = await t.signUpAndSignIn();
    const theirs = gstin("27AAPFU0939F1Z");
    await t.putSettings(
      { gstRegistration: { type: "regular", gstin: theirs, legalName: "Other" } },
      other.cookie,
    );
    const otherFiles = await files(other);
    expect(otherFiles.vouchers).not.toContain("<VOUCHER");
    expect(otherFiles.masters).not.toContain("Sharma");
    expect((await t.get("/api/reports/tally/ledgers", other.cookie)).json()).toEqual(DEFAULT_TALLY_MAPPING);
    // Not registered: a message, no file.
    const retail = await t.signUpAndSignIn();
    const refused = await exportPart(retail, "vouchers");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("tally_not_offered");
    // A range the other way round.
    expect((await exportPart(owner, "vouchers", { from: "2026-11-30", to: "2026-11-01" })).statusCode).toBe(
      400,
    );
  }, 120_000);
});
