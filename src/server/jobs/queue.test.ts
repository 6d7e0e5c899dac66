import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_MAIL_LIMITS } from "#domain/mail-limits";
import { type Database, queryRows } from "../db/client";
import { createMetrics } from "../metrics";
import { createMailer, type Mailer } from "../services/mail";
import { defineMailJobs, MAIL_JOB } from "../services/mail-jobs";
import { describeEachDb, openTestDatabase } from "../testing/harness";
import { insertPersonWithBusiness } from "../testing/people";
import { startLocalSmtp } from "../testing/smtp";
import { JobQueue } from "./queue";
import { JobRunner } from "./runner";

// The job queue on pg-boss, on both databases: mail handed to a real (local) SMTP server that
// refuses every third message is delivered, each mail once; a mail that can never go out is kept
// as failed and what its sender promised is undone.

const silent = pino({ level: "silent" });

function queueOn(database: Database, mailer: Mailer) {
  const metrics = createMetrics();
  const queue = new JobQueue({
    database,
    log: silent,
    metrics,
    runner: new JobRunner(metrics, silent),
    pollSeconds: 3_600,
  });
  // Retries at once here: the backoff itself is pg-boss's (retryBackoff), not what is tested.
  const outbox = defineMailJobs(
    queue,
    { db: database.db, mailer, limits: DEFAULT_MAIL_LIMITS },
    { limit: 3, delaySeconds: 0, backoff: false },
  );
  return { queue, outbox };
}

describeEachDb("job queue", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("delivers every mail exactly once through an SMTP server that refuses every third attempt", async () => {
    const smtp = await startLocalSmtp({ failEvery: 3 });
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: "Bahi <bahi@example.com>",
      dataDir: "unused",
      logger: silent,
    });
    const { queue, outbox } = queueOn(database, mailer);
    try {
      for (let i = 0; i < 30; i++) {
        await outbox.send({ to: "client@example.com", subject: `Invoice ${i}`, text: `Mail ${i}` });
      }
      // Nothing goes out until a worker takes the jobs; then each failed attempt is retried.
      expect(smtp.accepted).toHaveLength(0);
      for (let round = 0; round < 5 && smtp.accepted.length < 30; round++) await queue.drain();
      const subjects = smtp.accepted.map((m) => m.subject).sort();
      expect(subjects).toEqual(Array.from({ length: 30 }, (_, i) => `Invoice ${i}`).sort());
      expect(smtp.attempts()).toBeGreaterThan(30); // some were refused and sent again
      const states = await queryRows<{ state: string; n: number }>(
        database.db,
        sql`select state::text, count(*)::int as n from pgboss.job where name = 'mail' group by 1`,
      );
      expect(states).toEqual([{ state: "completed", n: 30 }]);
    } finally {
      await queue.stop();
      mailer.close?.();
      await smtp.close();
    }
  });

  // A job queued before decision 0057 named the document `invoiceId` and its number `invoiceNumber`:
  // such a job may still wait in the queue when the server is upgraded, and is undone the same.
  it.each([
    [
      "queued today",
      (businessId: string, id: string) => ({
        businessId,
        document: { kind: "invoice", id },
        refundCredit: { documentNumber: "Q-1" },
      }),
    ],
    [
      "queued before the ledger named documents",
      (businessId: string, invoiceId: string) => ({
        businessId,
        invoiceId,
        refundCredit: { invoiceNumber: "Q-1" },
      }),
    ],
  ])(
    "keeps a mail that never goes out as failed, gives the PDF's credit back and says so on the invoice (%s)",
    async (_shape, giveUpOf) => {
      const businessId = randomUUID();
      await insertPersonWithBusiness(database.db, {
        id: businessId,
        email: `${businessId}@example.com`,
        name: "Queue",
      });
      await database.db.execute(
        sql`insert into user_credits (business_id, credits) values (${businessId}, 4)`,
      );
      const invoiceId = randomUUID();
      await database.db.execute(sql`
      insert into invoices (id, business_id, invoice_number, status, client_name, currency, total_minor,
        invoice_date, invoice_data)
      values (${invoiceId}, ${businessId}, 'Q-1', 'due', 'Asha', 'INR', 100, '2026-11-01', '{}'::jsonb)`);
      let tries = 0;
      const broken: Mailer = {
        async send() {
          tries++;
          throw new Error("connection refused");
        },
      };
      const { queue } = queueOn(database, broken);
      try {
        await queue.send(MAIL_JOB, {
          message: { to: "asha@example.com", subject: "Invoice Q-1", text: "..." },
          giveUp: giveUpOf(businessId, invoiceId),
        });
        for (let round = 0; round < 6; round++) await queue.drain();
        expect(tries).toBe(4); // the first attempt and three retries
        const failed = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from pgboss.job
            where name = 'mail' and state = 'failed' and data->'giveUp'->>'businessId' = ${businessId}`,
        );
        expect(failed[0]!.n).toBe(1);
        const [balance] = await queryRows<{ credits: number }>(
          database.db,
          sql`select credits from user_credits where business_id = ${businessId}`,
        );
        expect(balance!.credits).toBe(5);
        const refunds = await queryRows<{
          document_id: string;
          document_kind: string;
          document_number: string;
        }>(
          database.db,
          sql`select document_id, document_kind, document_number from credit_ledger
            where business_id = ${businessId} and reason = 'download_refund'`,
        );
        expect(refunds).toEqual([
          { document_id: invoiceId, document_kind: "invoice", document_number: "Q-1" },
        ]);
        const events = await queryRows<{ kind: string }>(
          database.db,
          sql`select kind from invoice_events where invoice_id = ${invoiceId}`,
        );
        expect(events.map((e) => e.kind)).toEqual(["send_failed"]);
      } finally {
        await queue.stop();
      }
    },
  );
});
