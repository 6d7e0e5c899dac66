import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { expect, it } from "vitest";
import { invoiceEvents } from "../db/schema";
import { JobQueue } from "../jobs/queue";
import { JobRunner } from "../jobs/runner";
import { createMetrics } from "../metrics";
import { describeEachDb, MemoryMailer, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";
import type { MailMessage } from "./mail";
import { defineMailJobs } from "./mail-jobs";
import { sendDueReminders } from "./reminders";

// Payment reminders with a clock the test sets: Asia/Kolkata (UTC+5:30), reminders from 10:00 there.

const at = (isoDate: string, hourIst = 12) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + (hourIst * 60 - 330) * 60_000);

describeEachDb("payment reminders", (kind) => {
  const t = testAppForSuite(kind);

  async function setUp(over: Record<string, unknown> = {}) {
    const s = await t.signUpAndSignIn();
    const schedule = { enabled: true, daysBefore: 3, onDueDate: true, everyDaysAfter: 7, maxReminders: 3 };
    expect((await t.send("PUT", "/api/settings/reminders", schedule, s.cookie)).statusCode).toBe(200);
    const email = `client-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await t.post(
      "/api/invoices",
      invoiceRequest(`REM-${Math.random().toString(36).slice(2, 8)}`, {
        invoiceDate: "2026-11-20",
        dueDate: "2026-12-10",
        client: { name: "Asha Traders", email },
        ...over,
      }),
      s.cookie,
    );
    return { s, email, invoice: res.json().invoice as { id: string; invoiceNumber: string } };
  }
  const run = (now: Date, mailer = t.mailer) =>
    sendDueReminders({ db: t.database.db, mailer, publicUrl: t.config.publicUrl }, now);
  const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);

  it("sends exactly the schedule's e-mails: 3 days before, on the day, 7 days after, at most 3", async () => {
    const { email, invoice } = await setUp();
    await run(at("2026-12-06"));
    await run(at("2026-12-07", 9));
    expect(mailsTo(email)).toHaveLength(0);
    await run(at("2026-12-07", 10));
    await run(at("2026-12-07", 15));
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0]!.subject).toBe(`Reminder: invoice ${invoice.invoiceNumber} from us`);
    expect(mailsTo(email)[0]!.text).toMatch(/\/i\/[A-Za-z0-9_-]{32}/);
    await run(at("2026-12-10", 11));
    await run(at("2026-12-17", 11));
    await run(at("2026-12-24", 11));
    await run(at("2027-01-10", 11));
    expect(mailsTo(email).map((m) => m.subject.startsWith("Reminder: overdue"))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("after downtime sends the latest missed point once, and none for a paid or stopped invoice", async () => {
    const { s, email } = await setUp();
    await run(at("2026-12-18", 11)); // down since before the 7th: only the 17th goes
    await run(at("2026-12-18", 12));
    expect(mailsTo(email)).toHaveLength(1);

    const paid = await setUp();
    await t.post(`/api/invoices/${paid.invoice.id}/status`, { status: "paid" }, paid.s.cookie);
    const stopped = await setUp();
    expect(
      (await t.post(`/api/invoices/${stopped.invoice.id}/reminders`, { off: true }, stopped.s.cookie)).json(),
    ).toEqual({
      remindersOff: true,
    });
    await run(at("2026-12-10", 11));
    expect(mailsTo(paid.email)).toHaveLength(0);
    expect(mailsTo(stopped.email)).toHaveLength(0);
    expect((await t.get("/api/settings/reminders", s.cookie)).json()).toMatchObject({
      enabled: true,
      maxReminders: 3,
    });
  });

  it("two servers running at once send each reminder once; a mail that failed goes on the next run", async () => {
    const { s, email, invoice } = await setUp();
    await Promise.all([run(at("2026-12-07", 11)), run(at("2026-12-07", 11)), run(at("2026-12-07", 11))]);
    expect(mailsTo(email)).toHaveLength(1);

    const failing = {
      limits: t.mailer.limits,
      send: async (_m: MailMessage) => Promise.reject(new Error("SMTP down")),
    };
    await expect(run(at("2026-12-10", 11), failing as never)).rejects.toThrow("SMTP down");
    expect(mailsTo(email)).toHaveLength(1);
    await run(at("2026-12-10", 12));
    expect(mailsTo(email)).toHaveLength(2);
    const events = (await t.get(`/api/invoices/${invoice.id}/activity`, s.cookie)).json().events;
    expect(events.filter((e: { kind: string }) => e.kind === "reminder_sent")).toHaveLength(2);
  });

  it("a restart in the middle loses none and repeats none: the next server delivers what was queued, once", async () => {
    const { email } = await setUp();
    const second = await setUp({ invoiceDate: "2026-11-21" });
    // One server's queue: the run claims both points and queues both mails, then the server stops
    // before its workers deliver them (the jobs stay in the database).
    const server = (mailer: MemoryMailer) => {
      const metrics = createMetrics();
      const log = pino({ level: "silent" });
      const queue = new JobQueue({
        database: t.database,
        log,
        metrics,
        runner: new JobRunner(metrics, log),
        pollSeconds: 3_600,
      });
      // Retries at once here, as in queue.test.ts: the backoff itself is pg-boss's, not what is tested.
      const outbox = defineMailJobs(
        queue,
        { db: t.database.db, mailer, limits: mailer.limits },
        { limit: 3, delaySeconds: 0, backoff: false },
      );
      const runReminders = (now: Date) =>
        sendDueReminders({ db: t.database.db, mailer: outbox, publicUrl: t.config.publicUrl }, now);
      return { queue, runReminders };
    };
    const [before, after] = [new MemoryMailer(), new MemoryMailer()];
    const first = server(before);
    expect(await first.runReminders(at("2026-12-07", 11))).toEqual({ sent: 2, deferred: 0 });
    await first.queue.stop();
    const delivered = (to: string) =>
      [...before.sent, ...after.sent, ...t.mailer.sent].filter((m) => m.to === to).length;
    // Its workers may have delivered one before the stop (seen once on a fast machine, 2026-11-28):
    // none twice, and what was still queued is the restarted server's to deliver, once.
    expect([delivered(email), delivered(second.email)].every((n) => n <= 1)).toBe(true);

    // The restarted server: its own run finds both points taken, its workers deliver the queued mail.
    const restarted = server(after);
    try {
      expect(await restarted.runReminders(at("2026-12-07", 12))).toEqual({ sent: 0, deferred: 0 });
      // Under load a worker may hold a job a moment longer: drain until both are out, then check
      // that each went exactly once.
      await expect
        .poll(
          async () => {
            await restarted.queue.drain();
            return [delivered(email), delivered(second.email)];
          },
          { timeout: 20_000 },
        )
        .toEqual([1, 1]);
      expect(await restarted.runReminders(at("2026-12-07", 15))).toEqual({ sent: 0, deferred: 0 });
      await restarted.queue.drain();
      expect([delivered(email), delivered(second.email)]).toEqual([1, 1]);
    } finally {
      await restarted.queue.stop();
    }
  });

  it("use the user's own templates from Settings, with the placeholders filled", async () => {
    const { s, email, invoice } = await setUp();
    const defaults = (await t.get("/api/settings/mail-templates", s.cookie)).json();
    expect(defaults.reminderSubject).toBe("{reminder} invoice {invoice_number} from {business_name}");
    const own = {
      ...defaults,
      reminderSubject: "{reminder} {invoice_number} for {amount}",
      reminderMessage: "Hello {client_name}, {invoice_number} {is_was} due on {due_date}: {link}",
    };
    const saved = await t.send("PUT", "/api/settings/mail-templates", own, s.cookie);
    expect(saved.json()).toEqual(own);
    expect(
      (await t.send("PUT", "/api/settings/mail-templates", { ...own, sendSubject: " " }, s.cookie))
        .statusCode,
    ).toBe(400);
    await run(at("2026-12-11", 11));
    const [mail] = mailsTo(email);
    expect(mail!.subject).toBe(`Reminder: overdue ${invoice.invoiceNumber} for ₹100.00`);
    expect(mail!.text).toMatch(
      new RegExp(
        `^Hello Asha Traders, ${invoice.invoiceNumber} was due on 10 Dec 2026: https?://\\S+/i/[A-Za-z0-9_-]{32}$`,
      ),
    );
  });

  it("a client address saved as a list is not mailed: the activity says what to fix, once", async () => {
    const { invoice } = await setUp();
    // Saved before addresses were checked: the row holds two addresses and a header.
    await t.database.db.execute(
      sql`update invoices set invoice_data = jsonb_set(invoice_data, '{client,email}', ${JSON.stringify("a@x.com, b@y.com\r\nBcc: c@z.com")}::jsonb) where id = ${invoice.id}`,
    );
    const before = t.mailer.sent.length;
    await run(at("2026-12-07", 11));
    await run(at("2026-12-07", 12));
    expect(t.mailer.sent.length).toBe(before);
    const events = await t.database.db
      .select({ kind: invoiceEvents.kind, detail: invoiceEvents.detail })
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.invoiceId, invoice.id), eq(invoiceEvents.kind, "reminder_not_sent")));
    expect(events).toHaveLength(1);
    expect(String((events[0]!.detail as { reason: string }).reason)).toMatch(
      /is not one valid e-mail address: fix/,
    );
  });

  it("over the account's mail limit a reminder is held back, not lost: it goes once the limit allows", async () => {
    class TightOutbox extends MemoryMailer {
      override readonly limits = { perHour: 1, perDay: 1, newPerHour: 1, newPerDay: 1 };
    }
    const first = await setUp();
    const s = first.s;
    const second = await t.post(
      "/api/invoices",
      invoiceRequest(`REM-${Math.random().toString(36).slice(2, 8)}`, {
        invoiceDate: "2026-11-20",
        dueDate: "2026-12-10",
        client: { name: "Ravi Stores", email: "ravi@example.com" },
      }),
      s.cookie,
    );
    expect(second.statusCode).toBe(201);
    const tight = new TightOutbox();
    const answer = await sendDueReminders(
      { db: t.database.db, mailer: tight, publicUrl: t.config.publicUrl },
      at("2026-12-07", 11),
    );
    expect(answer).toMatchObject({ sent: 1, deferred: 1 });
    expect(tight.sent).toHaveLength(1);
    // The held-back one was given back: a run with room sends it, and only it.
    const roomy = new MemoryMailer();
    await sendDueReminders(
      { db: t.database.db, mailer: roomy, publicUrl: t.config.publicUrl },
      at("2026-12-07", 12),
    );
    expect(roomy.sent).toHaveLength(1);
    expect([tight.sent[0]!.to, roomy.sent[0]!.to].sort()).toEqual([first.email, "ravi@example.com"].sort());
  });
});
