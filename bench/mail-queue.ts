// 1,000 e-mails through the job queue (pg-boss) to a real local SMTP server that refuses every third
// attempt with a temporary error (451), with the production retry rule (5 s, doubling): how long
// until all are delivered, and that each is delivered exactly once. The workers poll as a server's
// do (JOB_POLL_SECONDS=0.5 here); the SMTP server runs in this process, the queue's database is a
// fresh PostgreSQL database (BENCH_DATABASE_URL) or, with BENCH_DB=pglite, the embedded one.
// Run: npx tsx bench/mail-queue.ts   (BENCH_MAILS=1000)
import { randomBytes } from "node:crypto";
import pg from "pg";
import pino from "pino";
import { DEFAULT_MAIL_LIMITS } from "#domain/mail-limits";
import { type Database, openDatabase, openMemoryDatabase } from "#server/db/client";
import { JobQueue } from "#server/jobs/queue";
import { JobRunner } from "#server/jobs/runner";
import { createMetrics } from "#server/metrics";
import { createMailer } from "#server/services/mail";
import { defineMailJobs } from "#server/services/mail-jobs";
import { startLocalSmtp } from "#server/testing/smtp";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MAILS = Number(process.env.BENCH_MAILS ?? 1000);
const ON_PGLITE = process.env.BENCH_DB === "pglite";

async function freshPostgres(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `bahi_bench_mail_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin(`drop database ${name} with (force)`);
    },
  };
}

async function main() {
  const log = pino({ level: "silent" });
  const { database, drop } = ON_PGLITE
    ? await openMemoryDatabase().then((database) => ({ database, drop: () => database.close() }))
    : await freshPostgres();
  const smtp = await startLocalSmtp({ failEvery: 3 });
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: "Bahi <bench@example.com>",
    dataDir: "unused",
    logger: log,
  });
  const metrics = createMetrics();
  const queue = new JobQueue({
    database,
    log,
    metrics,
    runner: new JobRunner(metrics, log),
    pollSeconds: 0.5,
  });
  const outbox = defineMailJobs(queue, { db: database.db, mailer, limits: DEFAULT_MAIL_LIMITS });
  await queue.start();

  const started = performance.now();
  for (let i = 0; i < MAILS; i++) {
    await outbox.send({
      to: `client-${i}@example.com`,
      subject: `Invoice B-${i}`,
      text: `Your invoice B-${i}.`,
    });
  }
  const queuedMs = performance.now() - started;
  let shown = 0;
  while (smtp.accepted.length < MAILS) {
    await new Promise((r) => setTimeout(r, 100));
    const second = Math.floor((performance.now() - started) / 5000);
    if (second > shown) {
      shown = second;
      console.log(`  ${second * 5} s: ${smtp.accepted.length} delivered, ${smtp.attempts()} attempts`);
    }
  }
  const deliveredMs = performance.now() - started;

  const subjects = smtp.accepted.map((m) => m.subject);
  const unique = new Set(subjects);
  console.log(`database: ${database.kind}; ${MAILS} mails; SMTP refuses every 3rd attempt (451)`);
  console.log(
    `queued in ${(queuedMs / 1000).toFixed(2)} s (${((queuedMs / MAILS) * 1000).toFixed(0)} µs each)`,
  );
  console.log(`all delivered after ${(deliveredMs / 1000).toFixed(1)} s; SMTP attempts ${smtp.attempts()}`);
  console.log(
    `delivered ${subjects.length}, distinct ${unique.size}, duplicates ${subjects.length - unique.size}`,
  );
  await queue.stop();
  mailer.close?.();
  await smtp.close();
  await drop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
