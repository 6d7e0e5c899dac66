// Restoring a backup over 3 GB with the compiled `npm run restore`, sampling the restoring process's
// peak resident memory.
//   npm run build && npx tsx bench/backup-size.ts
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and
// about 10 GB of free disk. The backup is a real one: a Bahi database on PostgreSQL whose images
// table holds BENCH_GB (3.2) GB of random bytes (incompressible, like the PNG and JPEG files users
// upload), backed up by `backupPostgres` (pg_dump's custom format streamed into the backup file),
// then restored into an empty database by `node dist/server/backup.mjs restore FILE` in its own
// process, whose VmRSS and VmHWM are read from /proc every 50 ms. Prints MET/MISS against 300 MB.
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { backupPostgres } from "#server/backup/backup";
import { openDatabase } from "#server/db/client";

const ADMIN = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const GB = Number(process.env.BENCH_GB ?? 3.2);
const ROW_BYTES = 4 * 1024 * 1024;
const GOAL_MB = 300;

const urlOf = (name: string) => {
  const url = new URL(ADMIN);
  url.pathname = `/${name}`;
  return url.toString();
};
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const suffix = randomBytes(3).toString("hex");
const sourceName = `bahi_bench_size_src_${suffix}`;
const targetName = `bahi_bench_size_dst_${suffix}`;
const work = mkdtempSync(path.join(tmpdir(), "bahi-bench-size-"));
const file = path.join(work, "big.bahi-backup");
try {
  await admin(`create database ${sourceName}`);
  await admin(`create database ${targetName}`);
  const source = await openDatabase({ databaseUrl: urlOf(sourceName), dataDir: work });
  await source.close();

  let started = performance.now();
  const client = new pg.Client({ connectionString: urlOf(sourceName) });
  await client.connect();
  const businessId = randomUUID();
  await client.query(`insert into "user" (id, name, email) values ($1, 'Bench', $2)`, [
    businessId,
    `${businessId}@example.com`,
  ]);
  // Its business (same id, as sign-up makes it): images belong to a business (decision 0072).
  await client.query("insert into businesses (id, name) values ($1, 'Bench')", [businessId]);
  const rows = Math.ceil((GB * 1e9) / ROW_BYTES);
  for (let i = 0; i < rows; i++) {
    await client.query(
      "insert into images (id, business_id, content_hash, mime_type, byte_size, bytes) values ($1, $2, $3, 'image/png', $4, $5)",
      [randomUUID(), businessId, randomUUID(), ROW_BYTES, randomBytes(ROW_BYTES)],
    );
  }
  await client.end();
  const fillS = (performance.now() - started) / 1000;

  started = performance.now();
  await backupPostgres(urlOf(sourceName), file);
  const backupS = (performance.now() - started) / 1000;
  const size = statSync(file).size;

  started = performance.now();
  const child = spawn(process.execPath, ["dist/server/backup.mjs", "restore", file], {
    env: { ...process.env, DATABASE_URL: urlOf(targetName), DATA_DIR: work },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  let peakRss = 0;
  let hwm = 0;
  const kb = (status: string, field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  const sampler = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      peakRss = Math.max(peakRss, kb(status, "VmRSS"));
      hwm = Math.max(hwm, kb(status, "VmHWM"));
    } catch {
      // exited between two samples
    }
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearInterval(sampler);
  const restoreS = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`restore failed (${code}): ${output}`);
  const peakMb = Math.max(peakRss, hwm) / 1024;
  const [load] = (await import("node:os")).loadavg();
  console.log(
    `postgres, backup of ${(size / 1e9).toFixed(2)} GB (${rows} images of ${ROW_BYTES / 1024 / 1024} MiB): ` +
      `fill ${fillS.toFixed(0)} s, backup ${backupS.toFixed(0)} s, restore ${restoreS.toFixed(0)} s; ` +
      `restoring process peak RSS ${peakMb.toFixed(0)} MB (VmHWM ${(hwm / 1024).toFixed(0)} MB) ` +
      `${peakMb < GOAL_MB ? "MET" : "MISS"} (goal < ${GOAL_MB} MB); load average ${load!.toFixed(1)}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
  await admin(`drop database if exists ${sourceName} with (force)`).catch(() => {});
  await admin(`drop database if exists ${targetName} with (force)`).catch(() => {});
}
