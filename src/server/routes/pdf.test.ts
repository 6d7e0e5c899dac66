import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { type BahiApp, buildApp } from "../app";
import { creditLedger, userCredits } from "../db/schema";
import type { PdfRenderer } from "../pdf/pool";
import {
  createTestApp,
  describeEachDb,
  get,
  post,
  type Session,
  signUpAndSignIn,
  type TestApp,
} from "../testing/harness";

const OUT_OF_CREDITS = {
  error: { code: "payment_required", message: "You have no download credits left. Buy more to download." },
};

function invoiceBody(invoiceNumber: string) {
  return {
    invoiceNumber,
    status: "due",
    invoiceDate: "2026-05-01",
    dueDate: "2026-05-31",
    currency: "INR",
    client: { name: "Asha Traders" },
    items: [
      { id: "l1", name: "Consulting", quantity: "2", rate: "61725", taxPercent: "18" },
      { id: "l2", name: "Travel", quantity: "1", rate: "1500.50" },
    ],
  };
}

const pdfText = (bytes: Buffer) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "bahi-pdf-")), "invoice.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
};

describeEachDb("invoice PDF download", (kind) => {
  let t: TestApp;
  let a: Session;
  let b: Session;

  const userIdOf = async (s: Session) => (await get(t.app, "/api/profile", s.cookie)).json().id as string;
  const db = () => t.database.db;

  async function balanceAndLedger(userId: string) {
    const [row] = await db().select().from(userCredits).where(eq(userCredits.userId, userId));
    const [sum] = await db()
      .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    return { credits: row?.credits, ledger: Number(sum.total) };
  }

  async function createInvoice(s: Session, number = `INV/2026-27/${randomBytes(3).toString("hex")}`) {
    const res = await post(t.app, "/api/invoices", invoiceBody(number), s.cookie);
    expect(res.statusCode).toBe(201);
    return res.json().invoice as { id: string; invoiceNumber: string };
  }

  /** Leaves the user with `credits`, keeping the ledger's sum equal to the balance. */
  async function setCredits(userId: string, credits: number) {
    const { credits: now } = await balanceAndLedger(userId);
    await db().update(userCredits).set({ credits }).where(eq(userCredits.userId, userId));
    await db()
      .insert(creditLedger)
      .values({ id: randomUUID(), userId, delta: credits - (now ?? 0), reason: "download" });
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    a = await signUpAndSignIn(t);
    b = await signUpAndSignIn(t);
  });
  afterAll(() => t.close());

  it("sends the PDF, takes one credit and writes it in the ledger", async () => {
    const invoice = await createInvoice(a);
    const userId = await userIdOf(a);
    expect(await balanceAndLedger(userId)).toEqual({ credits: 25, ledger: 25 });

    const res = await get(t.app, `/api/invoices/${invoice.id}/pdf`, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const safeName = invoice.invoiceNumber.replaceAll("/", "-");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${safeName}.pdf"`);
    expect(res.headers["x-credits-remaining"]).toBe("24");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.rawPayload);
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain("₹1,47,171.50");

    expect(await balanceAndLedger(userId)).toEqual({ credits: 24, ledger: 24 });
    const [entry] = await db()
      .select()
      .from(creditLedger)
      .where(sql`${creditLedger.userId} = ${userId} and ${creditLedger.invoiceId} = ${invoice.id}`);
    expect(entry).toMatchObject({ delta: -1, reason: "download", invoiceNumber: invoice.invoiceNumber });
  });

  it("20 parallel downloads at 1 credit left give exactly one PDF", async () => {
    const s = await signUpAndSignIn(t);
    const userId = await userIdOf(s);
    const invoice = await createInvoice(s);
    await setCredits(userId, 1);

    const results = await Promise.all(
      Array.from({ length: 20 }, () => get(t.app, `/api/invoices/${invoice.id}/pdf`, s.cookie)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 402);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect(ok[0].headers["x-credits-remaining"]).toBe("0");
    for (const r of refused) expect(r.json()).toEqual(OUT_OF_CREDITS);
    expect(await balanceAndLedger(userId)).toEqual({ credits: 0, ledger: 0 });
  });

  it("answers 402 at 0 credits and sends no PDF", async () => {
    const s = await signUpAndSignIn(t);
    const userId = await userIdOf(s);
    const invoice = await createInvoice(s);
    await setCredits(userId, 0);
    const res = await get(t.app, `/api/invoices/${invoice.id}/pdf`, s.cookie);
    expect(res.statusCode).toBe(402);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual(OUT_OF_CREDITS);
    expect(await balanceAndLedger(userId)).toEqual({ credits: 0, ledger: 0 });
  });

  it("gives an account without a balance its sign-up credits first", async () => {
    const s = await signUpAndSignIn(t);
    const userId = await userIdOf(s);
    const invoice = await createInvoice(s);
    await db().delete(creditLedger).where(eq(creditLedger.userId, userId));
    await db().delete(userCredits).where(eq(userCredits.userId, userId));
    const res = await get(t.app, `/api/invoices/${invoice.id}/pdf`, s.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-credits-remaining"]).toBe("24");
    expect(await balanceAndLedger(userId)).toEqual({ credits: 24, ledger: 24 });
  });

  it("another user's invoice is not found and costs nothing", async () => {
    const invoice = await createInvoice(a);
    const bId = await userIdOf(b);
    const before = await balanceAndLedger(bId);
    const res = await get(t.app, `/api/invoices/${invoice.id}/pdf`, b.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
    expect(await balanceAndLedger(bId)).toEqual(before);
    expect((await get(t.app, "/api/invoices/no-such-id/pdf", b.cookie)).statusCode).toBe(404);
  });

  it("asks for a sign-in without a session", async () => {
    const invoice = await createInvoice(a);
    const res = await get(t.app, `/api/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(401);
  });

  it("a failed render costs nothing", async () => {
    const failing: PdfRenderer = {
      render: async () => {
        throw new Error("renderer exploded");
      },
      warm: async () => {},
      close: async () => {},
    };
    // A second app on the same database, with the failing renderer injected.
    let broken: BahiApp | undefined;
    try {
      broken = await buildApp({
        config: t.config,
        database: t.database,
        logger: pino({ level: "silent" }),
        mailer: t.mailer,
        pdfRenderer: failing,
      });
      await broken.app.ready();
      const invoice = await createInvoice(a);
      const userId = await userIdOf(a);
      const before = await balanceAndLedger(userId);
      const res = await get(broken.app, `/api/invoices/${invoice.id}/pdf`, a.cookie);
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe("internal");
      expect(res.headers["x-credits-remaining"]).toBeUndefined();
      expect(await balanceAndLedger(userId)).toEqual(before);
    } finally {
      await broken?.app.close();
    }
  });
});
