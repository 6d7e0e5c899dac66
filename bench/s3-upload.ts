// Uploading a large backup file to an S3-compatible bucket with S3Store (16 MiB parts read one at
// a time), sampling this process's resident memory every 20 ms. The bucket is the tests' fake
// (tests/fakes/s3.ts, checking each request's SigV4 headers) in its own process.
//   npx tsx bench/s3-upload.ts          (BENCH_MB, default 512: the file's size)
// Prints the RSS before and the peak during the upload, MET/MISS against RSS growth under 256 MB (16 parts), whatever the file's size.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { S3Store } from "#server/backup/s3";

const MB = Number(process.env.BENCH_MB ?? 512);
const dir = mkdtempSync(path.join(tmpdir(), "bahi-s3-bench-"));
const file = path.join(dir, "big.bahi-backup");
const chunk = randomBytes(1024 * 1024);
writeFileSync(file, "");
for (let i = 0; i < MB; i++) writeFileSync(file, chunk, { flag: "a" });

// Node itself (not npx, whose grandchild would outlive the SIGTERM below and keep this bench alive).
const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "s3-fake.ts")], {
  stdio: ["ignore", "pipe", "inherit"],
});
const url = await new Promise<string>((resolve) =>
  child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim())),
);
const store = new S3Store({
  bucket: "bench",
  endpoint: url,
  region: "us-east-1",
  prefix: "bahi/",
  forcePathStyle: true,
  accessKeyId: "AKIABENCH",
  secretAccessKey: "bench-secret",
});
try {
  await store.list(); // loads aws4fetch, so the baseline includes it
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  await store.put("big.bahi-backup", file);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  const [stored] = await store.list();
  const grew = (peak - before) / 1024 / 1024;
  console.log(
    `upload of ${MB} MB in ${seconds.toFixed(1)} s (${(MB / seconds).toFixed(0)} MB/s), stored ${stored?.bytes === MB * 1024 * 1024 ? "whole" : "WRONG SIZE"}`,
  );
  console.log(
    `RSS before ${(before / 1024 / 1024).toFixed(0)} MB, peak ${(peak / 1024 / 1024).toFixed(0)} MB: grew ${grew.toFixed(0)} MB ${grew < 256 ? "MET" : "MISS"} (< 256 MB); load average ${loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  child.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
