import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { type StatementRow, sbiStatement } from "../testing/bank-statement";
import { describeEachDb, type TestApp, testAppForSuite } from "../testing/harness";
import { accountWithTwoClients, invoiceRequest } from "../testing/invoice-request";

// Bank statements matched to invoices (issue 33, decision 0083), through the API on both databases:
// import, automatic matches recorded as payments, the review queue, re-import, undo, and another
// business seeing none of it.

const ROWS: StatementRow[] = [
  [
    "10 May 2026",
    "DEP TFR UPI/CR/612345678901/ASHA T/HDFC/asha@okhdfcbank/INV/2026-27/0001",
    "",
    "1,180.00",
    "11,180.00",
  ],
  [
    "11 May 2026",
    "DEP TFR UPI/CR/612345678902/MEERA/SBIN/meera@oksbi/INV2026270002",
    "",
    "1,000.00",
    "12,180.00",
  ],
  [
    "12 May 2026",
    "DEP TFR UPI/CR/612345678903/ASHA T/HDFC/asha@okhdfcbank/thanks",
    "",
    "500.00",
    "12,680.00",
  ],
  ["13 May 2026", "DEP TFR UPI/CR/612345678904/R SHARMA/ICIC/rs@ybl/payment", "", "4,200.00", "16,880.00"],
  ["14 May 2026", "WDL TFR UPI/DR/612345678905/BESCOM/SBIN/bescom@sbi/bill", "300.00", "", "16,580.00"],
];

interface Line {
  id: string;
  amountMinor: number;
  status: string;
  matchTier: string | null;
  suggestions: { invoiceNumber: string; amountMinor: number }[];
  payments: { invoiceNumber: string; paymentId: string; amountMinor: number }[];
}

describeEachDb("bank statements", (kind) => {
  const t = testAppForSuite(kind);

  async function setUp(t: TestApp) {
    const { s, asha, meera, invoice } = await accountWithTwoClients(t);
    const ids = {
      i1: await invoice("INV/2026-27/0001", asha, "Asha Traders", "1180"),
      i2: await invoice("INV/2026-27/0002", meera, "Meera Stores", "2360"),
      i3: await invoice("INV/2026-27/0003", asha, "Asha Traders", "500"),
      i4: await invoice("INV/2026-27/0004", meera, "Meera Stores", "4200"),
    };
    return { s, ids, clients: { asha, meera } };
  }

  const read = async (cookie: string, id: string) =>
    (await t.get(`/api/invoices/${id}`, cookie)).json().invoice;
  const lines = async (cookie: string, status = "") =>
    (await t.get(`/api/bank-statements/lines${status ? `?status=${status}` : ""}`, cookie)).json();

  it("imports a statement: three credits paid at once, one in review, the debit set aside; twice or overlapping records nothing twice", async () => {
    const { s, ids } = await setUp(t);
    const text = sbiStatement(ROWS);
    const preview = await t.post("/api/bank-statements/preview", { fileName: "sbi.tsv", text }, s.cookie);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ bank: "SBI", account: "00000012345678901", problems: [] });
    expect(preview.json().lines).toHaveLength(5);

    const res = await t.post("/api/bank-statements/import", { fileName: "sbi.tsv", text }, s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      imported: 5,
      alreadyImported: 0,
      credits: 4,
      autoMatched: 3,
      toReview: 1,
    });

    // (a) in full, (a) a part, (b) the payer learned from the first credit.
    expect(await read(s.cookie, ids.i1)).toMatchObject({ status: "paid", paymentDate: "2026-05-10" });
    expect(await read(s.cookie, ids.i2)).toMatchObject({ status: "due", balanceDueMinor: 136_000 });
    expect(await read(s.cookie, ids.i3)).toMatchObject({ status: "paid" });
    expect(await read(s.cookie, ids.i4)).toMatchObject({ status: "due", balanceDueMinor: 420_000 });
    const payments = (await t.get(`/api/invoices/${ids.i1}/payments`, s.cookie)).json().payments;
    expect(payments).toMatchObject([
      {
        amountMinor: 118_000,
        method: "upi",
        reference: "612345678901",
        paidOn: "2026-05-10",
        source: "bank_statement",
      },
    ]);

    const all = await lines(s.cookie);
    expect(all.counts).toEqual({ review: 1, matched: 3, advance: 0, ignored: 1 });
    const tiers = (all.items as Line[]).map((l) => [l.amountMinor, l.status, l.matchTier]);
    expect(tiers).toEqual([
      [30_000, "ignored", null],
      [420_000, "review", "amount"],
      [50_000, "matched", "known_payer"],
      [100_000, "matched", "invoice_number"],
      [118_000, "matched", "invoice_number"],
    ]);

    const again = await t.post("/api/bank-statements/import", { fileName: "sbi.tsv", text }, s.cookie);
    expect(again.json()).toMatchObject({ imported: 0, alreadyImported: 5, autoMatched: 0 });
    const overlap = sbiStatement([
      ...ROWS.slice(3),
      [
        "15 May 2026",
        "DEP TFR UPI/CR/612345678906/MEERA/SBIN/meera@oksbi/INV/2026-27/0002",
        "",
        "1,360.00",
        "17,940.00",
      ],
    ]);
    const next = await t.post(
      "/api/bank-statements/import",
      { fileName: "sbi-2.tsv", text: overlap },
      s.cookie,
    );
    expect(next.json()).toMatchObject({ imported: 1, alreadyImported: 2, autoMatched: 1 });
    expect(await read(s.cookie, ids.i2)).toMatchObject({ status: "paid", amountPaidMinor: 236_000 });

    // The log says who imported the statement and which payments it recorded.
    const log = (await t.get("/api/activity?pageSize=100", s.cookie)).json().items;
    expect(log.filter((e: { action: string }) => e.action === "bank_statement_imported")).toHaveLength(3);
    const recorded = log.filter(
      (e: { action: string; detail: { source?: string } }) =>
        e.action === "payment_recorded" && e.detail.source === "bank_statement",
    );
    expect(recorded).toHaveLength(4);
  }, 90_000);

  it("the same statement imported twice at once: each line stored once, each payment recorded once", async () => {
    const { s, ids } = await setUp(t);
    const text = sbiStatement(ROWS);
    const both = await Promise.all([
      t.post("/api/bank-statements/import", { fileName: "a.tsv", text }, s.cookie),
      t.post("/api/bank-statements/import", { fileName: "b.tsv", text }, s.cookie),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both.reduce((n, r) => n + r.json().imported, 0)).toBe(5);
    expect(both.reduce((n, r) => n + r.json().autoMatched, 0)).toBe(3);
    const payments = (await t.get(`/api/invoices/${ids.i1}/payments`, s.cookie)).json().payments;
    expect(payments).toHaveLength(1);
    expect((await lines(s.cookie)).counts).toEqual({ review: 1, matched: 3, advance: 0, ignored: 1 });
  }, 90_000);

  it("one credit for two invoices of a client: both suggested, confirmed as a split, undone together", async () => {
    const { s, ids } = await setUp(t);
    const text = sbiStatement([
      ["12 May 2026", "DEP TFR UPI/CR/612345678931/A RELATIVE/HDFC/rel@ybl/UPI", "", "1,680.00", "11,680.00"],
    ]);
    await t.post("/api/bank-statements/import", { text }, s.cookie);
    const [line] = (await lines(s.cookie, "review")).items as Line[];
    expect(line!.suggestions.map((x) => [x.invoiceNumber, x.amountMinor])).toEqual([
      ["INV/2026-27/0001", 118_000],
      ["INV/2026-27/0003", 50_000],
    ]);
    const split = await t.post(
      `/api/bank-statements/lines/${line!.id}/confirm`,
      {
        allocations: [
          { invoiceId: ids.i1, amountMinor: 118_000 },
          { invoiceId: ids.i3, amountMinor: 50_000 },
        ],
      },
      s.cookie,
    );
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().payments).toHaveLength(2);
    expect(await read(s.cookie, ids.i1)).toMatchObject({ status: "paid" });
    expect(await read(s.cookie, ids.i3)).toMatchObject({ status: "paid" });
    await t.post(`/api/bank-statements/lines/${line!.id}/undo`, {}, s.cookie);
    expect(await read(s.cookie, ids.i1)).toMatchObject({ status: "due" });
    expect(await read(s.cookie, ids.i3)).toMatchObject({ status: "due" });
  }, 90_000);

  it("a credit that is an invoice's balance less 10 % TDS waits in review with the TDS; confirmed, the invoice is paid and the TDS reported", async () => {
    const { s } = await setUp(t);
    // ₹10,000 of fees + 18 % GST = ₹11,800; the client deducts 10 % of ₹10,000 and sends ₹10,800.
    const made = await t.post(
      "/api/invoices",
      invoiceRequest("INV/2026-27/0009", {
        client: { name: "Kiran Exports" },
        items: [{ id: "l1", name: "Audit fee", quantity: "1", rate: "10000", taxPercent: "18" }],
      }),
      s.cookie,
    );
    expect(made.statusCode, made.body).toBe(201);
    const invoiceId = made.json().invoice.id as string;
    const text = sbiStatement([
      ["15 May 2026", "DEP TFR NEFT/N1234/KIRAN EXPORTS/INV/2026-27/0009", "", "10,800.00", "20,800.00"],
    ]);
    const imported = await t.post("/api/bank-statements/import", { text }, s.cookie);
    expect(imported.json()).toMatchObject({ autoMatched: 0, toReview: 1 });
    // Not a part payment that would leave ₹1,000 to remind the client of.
    expect(await read(s.cookie, invoiceId)).toMatchObject({ status: "due", balanceDueMinor: 1_180_000 });
    const [line] = (await lines(s.cookie, "review")).items as (Line & {
      matchReason: string;
      suggestions: { tds?: { tdsMinor: number; rateBp: number; section: string } }[];
    })[];
    expect(line!.matchReason).toBe(
      "The amount is the balance of INV/2026-27/0009 less TDS: confirm it with the TDS",
    );
    expect(line!.suggestions[0]).toMatchObject({
      invoiceNumber: "INV/2026-27/0009",
      amountMinor: 1_080_000,
      tds: { tdsMinor: 100_000, rateBp: 1000, section: "194J" },
    });
    const confirm = (tds: Record<string, unknown>) =>
      t.post(
        `/api/bank-statements/lines/${line!.id}/confirm`,
        { allocations: [{ invoiceId, amountMinor: 1_080_000, tds }] },
        s.cookie,
      );
    // The payment rules hold: TDS past the balance is refused and nothing is recorded.
    const over = await confirm({ tdsMinor: 200_000, tdsSection: "194J", tdsRateBp: 1000 });
    expect(over.statusCode).toBe(400);
    expect(await read(s.cookie, invoiceId)).toMatchObject({ balanceDueMinor: 1_180_000 });
    const ok = await confirm({ tdsMinor: 100_000, tdsSection: "194I", tdsRateBp: 1000 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await read(s.cookie, invoiceId)).toMatchObject({ status: "paid", balanceDueMinor: 0 });
    const tds = (await t.get("/api/reports/tds?financialYear=2026-27", s.cookie)).json();
    expect(tds.totals).toMatchObject({ receivedMinor: 1_080_000, tdsMinor: 100_000 });
    expect(JSON.stringify(tds.groups)).toContain("194I");
    // Undo takes the payment and its TDS away together.
    await t.post(`/api/bank-statements/lines/${line!.id}/undo`, {}, s.cookie);
    expect(await read(s.cookie, invoiceId)).toMatchObject({ status: "due", balanceDueMinor: 1_180_000 });
    expect((await t.get("/api/reports/tds?financialYear=2026-27", s.cookie)).json().totals).toMatchObject({
      tdsMinor: 0,
    });
  }, 90_000);

  it("review: confirm with the first suggestion; undo removes exactly that line's payment; another business sees and changes none of it", async () => {
    const { s, ids, clients } = await setUp(t);
    await t.post("/api/bank-statements/import", { fileName: "sbi.tsv", text: sbiStatement(ROWS) }, s.cookie);
    const [waiting] = (await lines(s.cookie, "review")).items as Line[];
    expect(waiting!.suggestions[0]).toMatchObject({
      invoiceNumber: "INV/2026-27/0004",
      amountMinor: 420_000,
    });

    const other = await t.signUpAndSignIn();
    for (const path of ["confirm", "undo", "ignore", "advance"]) {
      const body =
        path === "confirm"
          ? { allocations: [{ invoiceId: ids.i4, amountMinor: 100 }] }
          : path === "advance"
            ? { clientId: ids.i4 }
            : {};
      const res = await t.post(`/api/bank-statements/lines/${waiting!.id}/${path}`, body, other.cookie);
      expect(res.statusCode, `${path} ${res.body}`).toBe(404);
    }
    expect((await lines(other.cookie)).items).toEqual([]);
    // Nor can the owner pay another business's invoice with their line.
    const theirs = await t.post("/api/invoices", invoiceRequest("THEIRS-1"), other.cookie);
    const stolen = await t.post(
      `/api/bank-statements/lines/${waiting!.id}/confirm`,
      { allocations: [{ invoiceId: theirs.json().invoice.id, amountMinor: 100 }] },
      s.cookie,
    );
    expect(stolen.statusCode).toBe(404);

    const over = await t.post(
      `/api/bank-statements/lines/${waiting!.id}/confirm`,
      { allocations: [{ invoiceId: ids.i4, amountMinor: 420_001 }] },
      s.cookie,
    );
    expect(over.statusCode).toBe(400);

    const confirmed = await t.post(
      `/api/bank-statements/lines/${waiting!.id}/confirm`,
      { allocations: [{ invoiceId: ids.i4, amountMinor: 420_000 }] },
      s.cookie,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: "matched", matchTier: "manual" });
    expect(await read(s.cookie, ids.i4)).toMatchObject({ status: "paid" });
    const twice = await t.post(
      `/api/bank-statements/lines/${waiting!.id}/confirm`,
      { allocations: [{ invoiceId: ids.i4, amountMinor: 1 }] },
      s.cookie,
    );
    expect(twice.json().error.code).toBe("bank_line_closed");

    // Undo the automatic match of INV/2026-27/0001: its payment goes, the other invoice keeps its own.
    const first = ((await lines(s.cookie, "matched")).items as Line[]).find(
      (l) => l.amountMinor === 118_000,
    )!;
    const undone = await t.post(`/api/bank-statements/lines/${first.id}/undo`, {}, s.cookie);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: "review", payments: [] });
    expect(undone.json().suggestions[0]).toMatchObject({ invoiceNumber: "INV/2026-27/0001" });
    expect(await read(s.cookie, ids.i1)).toMatchObject({ status: "due", amountPaidMinor: 0 });
    expect(await read(s.cookie, ids.i3)).toMatchObject({ status: "paid" });
    expect((await t.get(`/api/invoices/${ids.i1}/payments`, s.cookie)).json().payments).toEqual([]);

    // Set aside, then as an advance after an undo.
    const ignored = await t.post(`/api/bank-statements/lines/${first.id}/ignore`, {}, s.cookie);
    expect(ignored.json().status).toBe("ignored");
    await t.post(`/api/bank-statements/lines/${first.id}/undo`, {}, s.cookie);
    // An advance needs the client who paid (decision 0092).
    const advance = await t.post(
      `/api/bank-statements/lines/${first.id}/advance`,
      { clientId: clients.asha },
      s.cookie,
    );
    expect(advance.json().status).toBe("advance");
  }, 90_000);

  it("a file sent as base64: a CSV reads as text, a broken .xls is refused with what to do, text and base64 together are refused", async () => {
    const s = await t.signUpAndSignIn();
    const base64 = Buffer.from(sbiStatement(ROWS)).toString("base64");
    const csv = await t.post("/api/bank-statements/preview", { fileName: "s.csv", base64 }, s.cookie);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.json().lines).toHaveLength(5);
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).toString("base64");
    const xls = await t.post("/api/bank-statements/preview", { fileName: "s.xls", base64: ole }, s.cookie);
    expect(xls.statusCode).toBe(400);
    expect(xls.json().error.message).toMatch(
      /^This \.xls file is damaged .* save it again, or download the statement as CSV\.$/,
    );
    const both = await t.post("/api/bank-statements/preview", { text: "a", base64 }, s.cookie);
    expect(both.statusCode).toBe(400);
  });

  it("an old Excel (.xls) statement from HDFC previews and imports the same transactions as HDFC's CSV (decision 0093)", async () => {
    const s = await t.signUpAndSignIn();
    const client = (await t.post("/api/clients", { name: "Ojas Aklecha" }, s.cookie)).json();
    const invoice = await t.post(
      "/api/invoices",
      invoiceRequest("INV/2026-27/0002", {
        clientId: (client.client ?? client).id,
        client: { name: "Ojas Aklecha" },
        invoiceDate: "2026-04-01",
        dueDate: "2026-04-30",
        items: [{ id: "l1", name: "Goods", quantity: "1", rate: "2360" }],
      }),
      s.cookie,
    );
    expect(invoice.statusCode, invoice.body).toBe(201);
    const fixtures = new URL("../../domain/bank-statements/fixtures/", import.meta.url);
    const base64 = readFileSync(new URL("xls/hdfc.xls", fixtures)).toString("base64");
    const text = readFileSync(new URL("hdfc.csv", fixtures), "utf8");
    const fromXls = await t.post("/api/bank-statements/preview", { fileName: "hdfc.xls", base64 }, s.cookie);
    expect(fromXls.statusCode, fromXls.body).toBe(200);
    const fromCsv = await t.post("/api/bank-statements/preview", { fileName: "hdfc.csv", text }, s.cookie);
    expect(fromXls.json()).toMatchObject({ bank: "HDFC", account: "50100123456789", problems: [] });
    expect(fromXls.json().lines).toEqual(fromCsv.json().lines);
    expect(fromXls.json().lines).toMatchObject([
      { txnDate: "2026-04-01", direction: "CR", amountMinor: 236_000, utr: "516001238743" },
      { txnDate: "2026-04-02", direction: "DR", amountMinor: 100_000 },
      { txnDate: "2026-04-03", direction: "CR", amountMinor: 75_050, payerVpa: "neha.g@ybl" },
    ]);

    const imported = await t.post("/api/bank-statements/import", { fileName: "hdfc.xls", base64 }, s.cookie);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ imported: 3, alreadyImported: 0, credits: 2, autoMatched: 1 });
    // The narration names INV2026270002 and pays its 2,360 in full.
    expect(await read(s.cookie, invoice.json().invoice.id)).toMatchObject({
      status: "paid",
      paymentDate: "2026-04-01",
    });
    const again = await t.post("/api/bank-statements/import", { fileName: "hdfc.csv", text }, s.cookie);
    expect(again.json()).toMatchObject({ imported: 0, alreadyImported: 3 });
  });

  it("a layout Bahi does not know: its first rows to map, import with the columns chosen, then the same header read by itself", async () => {
    const s = await t.signUpAndSignIn();
    const text = [
      "Co-op Bank of Pune",
      "Dt,Details,Out,In,Bal",
      "10/05/2026,UPI/CR/612345678911/ASHA/HDFC/asha@ok/INV 9,,500.00,1500.00",
    ].join("\n");
    const preview = await t.post("/api/bank-statements/preview", { text }, s.cookie);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ needsLayout: true, lines: [] });
    expect(preview.json().sample[1]).toEqual(["Dt", "Details", "Out", "In", "Bal"]);
    const refused = await t.post("/api/bank-statements/import", { text }, s.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/^No header row found/);
    const unusable = await t.post(
      "/api/bank-statements/import",
      { text, layout: { headerRow: 1, columns: { date: 0, narration: 1 } } },
      s.cookie,
    );
    expect(unusable.statusCode).toBe(400);

    const layout = { headerRow: 1, columns: { date: 0, narration: 1, debit: 2, credit: 3, balance: 4 } };
    const imported = await t.post(
      "/api/bank-statements/import",
      { text, layout, account: "Co-op" },
      s.cookie,
    );
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ imported: 1, credits: 1 });
    const next = `${text}\n11/05/2026,NEFT/HDFCN00431068090/ASHA/HDFC/INV 10,,700.00,2200.00`;
    const again = await t.post("/api/bank-statements/preview", { text: next, account: "Co-op" }, s.cookie);
    expect(again.json()).toMatchObject({ needsLayout: false });
    expect(again.json().lines.map((l: { alreadyImported: boolean }) => l.alreadyImported)).toEqual([
      true,
      false,
    ]);
  });
});
