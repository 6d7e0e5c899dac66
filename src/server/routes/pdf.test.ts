import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { canonicalEmail } from "#domain/validation";
import { type BahiApp, buildApp } from "../app";
import { creditLedger, signupGrants, userCredits } from "../db/schema";
import type { PdfRenderer } from "../pdf/pool";
import { RenderQueue } from "../pdf/render-queue";
import { accountsForSuite, describeEachDb, post, type Session, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";
import { pdfText } from "../testing/pdf-text";

const OUT_OF_CREDITS = {
  error: { code: "payment_required", message: "You have no download credits left. Buy more to download." },
};

const invoiceBody = (invoiceNumber: string) =>
  invoiceRequest(invoiceNumber, {
    items: [
      { id: "l1", name: "Consulting", quantity: "2", rate: "61725", taxPercent: "18" },
      { id: "l2", name: "Travel", quantity: "1", rate: "1500.50" },
    ],
  });

describeEachDb("invoice PDF download", (kind) => {
  const t = testAppForSuite(kind);
  const [a, b] = accountsForSuite(t, 2);
  const db = () => t.database.db;

  async function balanceAndLedger(businessId: string) {
    const [row] = await db().select().from(userCredits).where(eq(userCredits.businessId, businessId));
    const [sum] = await db()
      .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.businessId, businessId));
    return { credits: row?.credits, ledger: Number(sum.total) };
  }

  async function createInvoice(s: Session, number = `INV/2026-27/${randomBytes(3).toString("hex")}`) {
    const res = await t.post("/api/invoices", invoiceBody(number), s.cookie);
    expect(res.statusCode).toBe(201);
    return res.json().invoice as { id: string; invoiceNumber: string };
  }

  /** Leaves the user with `credits`, keeping the ledger's sum equal to the balance. */
  async function setCredits(businessId: string, credits: number) {
    const { credits: now } = await balanceAndLedger(businessId);
    await db().update(userCredits).set({ credits }).where(eq(userCredits.businessId, businessId));
    await db()
      .insert(creditLedger)
      .values({ id: randomUUID(), businessId, delta: credits - (now ?? 0), reason: "download" });
  }

  it("sends the PDF, takes one credit and writes it in the ledger", async () => {
    const invoice = await createInvoice(a);
    const businessId = await t.userIdOf(a.cookie);
    expect(await balanceAndLedger(businessId)).toEqual({ credits: 25, ledger: 25 });

    const res = await t.post(`/api/invoices/${invoice.id}/pdf`, undefined, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const safeName = invoice.invoiceNumber.replaceAll("/", "-");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${safeName}.pdf"`);
    expect(res.headers["x-credits-remaining"]).toBe("24");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.rawPayload);
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain("₹1,47,171.50");

    expect(await balanceAndLedger(businessId)).toEqual({ credits: 24, ledger: 24 });
    const [entry] = await db()
      .select()
      .from(creditLedger)
      .where(sql`${creditLedger.businessId} = ${businessId} and ${creditLedger.documentId} = ${invoice.id}`);
    expect(entry).toMatchObject({
      delta: -1,
      reason: "download",
      documentKind: "invoice",
      documentNumber: invoice.invoiceNumber,
    });
  });

  it("20 parallel downloads at 1 credit left give exactly one PDF", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    const invoice = await createInvoice(s);
    await setCredits(businessId, 1);

    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.post(`/api/invoices/${invoice.id}/pdf`, undefined, s.cookie)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 402);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect(ok[0].headers["x-credits-remaining"]).toBe("0");
    for (const r of refused) expect(r.json()).toEqual(OUT_OF_CREDITS);
    expect(await balanceAndLedger(businessId)).toEqual({ credits: 0, ledger: 0 });
  });

  it("answers 402 at 0 credits and sends no PDF", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    const invoice = await createInvoice(s);
    await setCredits(businessId, 0);
    const res = await t.post(`/api/invoices/${invoice.id}/pdf`, undefined, s.cookie);
    expect(res.statusCode).toBe(402);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual(OUT_OF_CREDITS);
    expect(await balanceAndLedger(businessId)).toEqual({ credits: 0, ledger: 0 });
  });

  it("gives an account without a balance its sign-up credits first", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    const invoice = await createInvoice(s);
    await db().delete(creditLedger).where(eq(creditLedger.businessId, businessId));
    await db().delete(userCredits).where(eq(userCredits.businessId, businessId));
    // Sign-up credits are once per mailbox: forget that this one had them.
    const mailbox = createHash("sha256").update(canonicalEmail(s.email)).digest("hex");
    await db().delete(signupGrants).where(eq(signupGrants.emailHash, mailbox));
    const res = await t.post(`/api/invoices/${invoice.id}/pdf`, undefined, s.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-credits-remaining"]).toBe("24");
    expect(await balanceAndLedger(businessId)).toEqual({ credits: 24, ledger: 24 });
  });

  it("another user's invoice is not found and costs nothing", async () => {
    const invoice = await createInvoice(a);
    const bId = await t.userIdOf(b.cookie);
    const before = await balanceAndLedger(bId);
    const res = await t.post(`/api/invoices/${invoice.id}/pdf`, undefined, b.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
    expect(await balanceAndLedger(bId)).toEqual(before);
    expect((await t.post("/api/invoices/no-such-id/pdf", undefined, b.cookie)).statusCode).toBe(404);
  });

  it("asks for a sign-in without a session", async () => {
    const invoice = await createInvoice(a);
    const res = await t.post(`/api/invoices/${invoice.id}/pdf`, undefined);
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
      const businessId = await t.userIdOf(a.cookie);
      const before = await balanceAndLedger(businessId);
      const res = await post(broken.app, `/api/invoices/${invoice.id}/pdf`, undefined, a.cookie);
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe("internal");
      expect(res.headers["x-credits-remaining"]).toBeUndefined();
      expect(await balanceAndLedger(businessId)).toEqual(before);
      // Reserved before the render, given back after it failed: two ledger rows that cancel out.
      const rows = await db()
        .select({ delta: creditLedger.delta, reason: creditLedger.reason })
        .from(creditLedger)
        .where(
          sql`${creditLedger.businessId} = ${businessId} and ${creditLedger.documentId} = ${invoice.id}`,
        );
      expect(rows.sort((x, y) => x.delta - y.delta)).toEqual([
        { delta: -1, reason: "download" },
        { delta: 1, reason: "download_refund" },
      ]);
    } finally {
      await broken?.app.close();
    }
  });

  /** A renderer whose renders wait until the test lets each one finish (or fail). */
  function gatedRenderer() {
    const calls: Array<{ title: string; done: boolean; finish: (ok?: boolean) => void }> = [];
    const renderer: PdfRenderer = {
      render: (view) =>
        new Promise<Buffer>((resolve, reject) => {
          const call = {
            title: view.info.title,
            done: false,
            finish: (ok = true) => {
              call.done = true;
              if (ok) resolve(Buffer.from("%PDF-1.7 gated"));
              else reject(new Error("render failed"));
            },
          };
          calls.push(call);
        }),
      warm: async () => {},
      close: async () => {},
    };
    const open = (invoiceNumber: string) =>
      calls.filter((c) => !c.done && c.title === `Invoice ${invoiceNumber}`);
    return { renderer, calls, open };
  }

  async function withApp(renderer: PdfRenderer, use: (app: BahiApp["app"]) => Promise<void>) {
    const built = await buildApp({
      config: t.config,
      database: t.database,
      logger: pino({ level: "silent" }),
      mailer: t.mailer,
      pdfRenderer: renderer,
    });
    try {
      await built.app.ready();
      await use(built.app);
    } finally {
      await built.app.close();
    }
  }

  const pdfUrl = (invoice: { id: string }) => `/api/invoices/${invoice.id}/pdf`;

  it("GET and HEAD never spend a credit; the download is a POST from the app's origin", async () => {
    const invoice = await createInvoice(a);
    const businessId = await t.userIdOf(a.cookie);
    const before = await balanceAndLedger(businessId);
    for (const method of ["HEAD", "GET"] as const) {
      const res = await t.app.inject({ method, url: pdfUrl(invoice), headers: { cookie: a.cookie } });
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toBe("POST");
      expect(res.headers["content-type"]).not.toBe("application/pdf");
    }
    // A form on another site cannot POST it either.
    const foreign = await t.app.inject({
      method: "POST",
      url: pdfUrl(invoice),
      headers: { cookie: a.cookie, origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await balanceAndLedger(businessId)).toEqual(before);
    const res = await t.post(pdfUrl(invoice), undefined, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(await balanceAndLedger(businessId)).toEqual({
      credits: before.credits! - 1,
      ledger: before.ledger - 1,
    });
  });

  it("reserves the credit before rendering and returns it when the render fails", async () => {
    const gate = gatedRenderer();
    await withApp(gate.renderer, async (app) => {
      const s = await t.signUpAndSignIn();
      const businessId = await t.userIdOf(s.cookie);
      const invoice = await createInvoice(s);
      const pending = post(app, pdfUrl(invoice), undefined, s.cookie);
      await vi.waitFor(() => expect(gate.open(invoice.invoiceNumber)).toHaveLength(1));
      expect(await balanceAndLedger(businessId)).toEqual({ credits: 24, ledger: 24 });
      gate.open(invoice.invoiceNumber)[0]!.finish(false);
      expect((await pending).statusCode).toBe(500);
      expect(await balanceAndLedger(businessId)).toEqual({ credits: 25, ledger: 25 });
    });
  });

  it("one account renders one PDF at a time while another account's PDF goes through", async () => {
    const gate = gatedRenderer();
    await withApp(gate.renderer, async (app) => {
      const hammer = await t.signUpAndSignIn();
      const other = await t.signUpAndSignIn();
      const big = await createInvoice(hammer);
      const small = await createInvoice(other);
      const hammering = Array.from({ length: 4 }, () => post(app, pdfUrl(big), undefined, hammer.cookie));
      // All four are accepted (their credits reserved) before the other account asks.
      await vi.waitFor(async () =>
        expect((await balanceAndLedger(await t.userIdOf(hammer.cookie))).credits).toBe(21),
      );
      const quick = post(app, pdfUrl(small), undefined, other.cookie);
      await vi.waitFor(() => expect(gate.open(small.invoiceNumber)).toHaveLength(1));
      expect(gate.open(big.invoiceNumber)).toHaveLength(1);
      gate.open(small.invoiceNumber)[0]!.finish();
      expect((await quick).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) {
        await vi.waitFor(() => expect(gate.open(big.invoiceNumber)).toHaveLength(1));
        gate.open(big.invoiceNumber)[0]!.finish();
      }
      expect((await Promise.all(hammering)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    });
  });

  it("a full queue answers 503 with Retry-After and a clear message, and costs nothing", async () => {
    const gate = gatedRenderer();
    const queue = new RenderQueue(gate.renderer, { slots: 1, perOwnerPending: 2, queueLimit: 1 });
    await withApp(queue, async (app) => {
      const busy = await t.signUpAndSignIn();
      const late = await t.signUpAndSignIn();
      const mine = await createInvoice(busy);
      const theirs = await createInvoice(late);
      const first = post(app, pdfUrl(mine), undefined, busy.cookie);
      await vi.waitFor(() => expect(queue.counts()).toEqual({ running: 1, waiting: 0 }));
      const second = post(app, pdfUrl(mine), undefined, busy.cookie);
      await vi.waitFor(() => expect(queue.counts()).toEqual({ running: 1, waiting: 1 }));
      // The same account's third: too many of its own in progress.
      const third = await post(app, pdfUrl(mine), undefined, busy.cookie);
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(third.json().error.code).toBe("too_many_requests");
      // Another account: the queue is full.
      const refused = await post(app, pdfUrl(theirs), undefined, late.cookie);
      expect(refused.statusCode).toBe(503);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(refused.json().error).toEqual({
        code: "service_unavailable",
        message: "Many PDFs are being prepared right now. Please try again in a few seconds.",
      });
      expect(await balanceAndLedger(await t.userIdOf(late.cookie))).toEqual({ credits: 25, ledger: 25 });
      expect(await balanceAndLedger(await t.userIdOf(busy.cookie))).toEqual({ credits: 23, ledger: 23 });
      gate.calls[0]!.finish();
      await vi.waitFor(() => expect(gate.calls).toHaveLength(2));
      gate.calls[1]!.finish();
      expect([(await first).statusCode, (await second).statusCode]).toEqual([200, 200]);
    });
  });

  it("another user's one-page PDF is not kept behind someone's 500-line invoices (real threads)", async () => {
    const hammer = await t.signUpAndSignIn();
    const other = await t.signUpAndSignIn();
    const hammerId = await t.userIdOf(hammer.cookie);
    const bigBody = {
      ...invoiceBody(`BIG-${randomBytes(3).toString("hex")}`),
      items: Array.from({ length: 500 }, (_, i) => ({
        id: `l${i}`,
        name: `Line ${i}: consulting hours with a longer description that wraps`,
        quantity: "3",
        rate: "1234.50",
        taxPercent: "18",
      })),
    };
    const created = await t.post("/api/invoices", bigBody, hammer.cookie);
    expect(created.statusCode).toBe(201);
    const big = created.json().invoice as { id: string };
    const small = await createInvoice(other);
    const finished: string[] = [];
    const hammering = Array.from({ length: 5 }, () =>
      t.post(pdfUrl(big), undefined, hammer.cookie).then((r) => {
        finished.push("big");
        return r;
      }),
    );
    await vi.waitFor(async () => expect((await balanceAndLedger(hammerId)).credits).toBe(20), {
      timeout: 10_000,
    });
    const quick = await t.post(pdfUrl(small), undefined, other.cookie);
    finished.push("small");
    expect(quick.statusCode).toBe(200);
    // At most the big PDF already rendering when the small one arrived finished before it.
    expect(finished.indexOf("small")).toBeLessThanOrEqual(1);
    expect((await Promise.all(hammering)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
  });
});
