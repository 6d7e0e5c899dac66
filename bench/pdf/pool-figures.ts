// The pool's figures in a process of their own, compiled as the server is (no tsx in the process
// or its threads), run with the server's Node arguments. Started by figures.ts, which bundles it
// with esbuild beside the compiled render thread; prints one JSON line.
//
// Order matters: the peak with 10 in flight is measured first (after warming both threads), so it
// holds what 10 downloads hold, not what an earlier 400-at-once burst left behind.

import { readFileSync } from "node:fs";
import { PdfPool } from "#server/pdf/pool";
import { sampleInvoiceDocument } from "#server/pdf/sample-invoice";
import { toPdfView } from "#server/pdf/view";

const N = Number(process.env.BENCH_N ?? 200);
const WARMUP = 20;
const THROUGHPUT = 400;
const CONCURRENT = 10;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

// The sample's PNGs, written beside this file by figures.ts: sharp (which makes them) is not
// loaded here, as a server that is not taking an upload does not load it.
const png = (name: string) => readFileSync(new URL(`./${name}.png`, import.meta.url));
const images = { logo: png("logo"), signature: png("signature"), upiQr: null };
const view = toPdfView(sampleInvoiceDocument(), images);
const rssIdle = process.memoryUsage.rss();

const pool = new PdfPool(2);
await pool.warm();
// Threads start on demand: two renders at once start the second one.
await Promise.all([pool.render(view), pool.render(view)]);
const rssWarm = process.memoryUsage.rss();
const warmUsage = process.memoryUsage();

// Peak RSS of the whole process (main thread and both render threads) with 10 downloads in flight.
let peak = process.memoryUsage.rss();
let atPeak = process.memoryUsage();
const sampler = setInterval(() => {
  const rss = process.memoryUsage.rss();
  if (rss > peak && process.env.BENCH_DEBUG) atPeak = process.memoryUsage();
  peak = Math.max(peak, rss);
}, 2);
for (let burst = 0; burst < 5; burst++)
  await Promise.all(Array.from({ length: CONCURRENT }, () => pool.render(view)));
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());

// Through the pool, one at a time: what a download waits for (post the view, render, take the bytes).
for (let i = 0; i < WARMUP; i++) await pool.render(view);
const ms: number[] = [];
for (let i = 0; i < N; i++) {
  const start = performance.now();
  await pool.render(view);
  ms.push(performance.now() - start);
}
ms.sort((a, b) => a - b);

// Throughput: many downloads at once on the 2 threads.
const start = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(Array.from({ length: THROUGHPUT }, () => pool.render(view)));
const perSecond = THROUGHPUT / ((performance.now() - start) / 1000);
// CPU time of the whole process (main thread and both render threads) per PDF: what a PDF costs
// whatever else the machine is doing (the wall-clock figures above depend on the load).
const cpu = process.cpuUsage(cpuBefore);
const cpuMsPerPdf = (cpu.user + cpu.system) / 1000 / THROUGHPUT;
const rssAfterBurst = process.memoryUsage.rss();
const size = (await pool.render(view)).byteLength;
await pool.close();

console.log(
  JSON.stringify({
    median: pct(ms, 0.5),
    p95: pct(ms, 0.95),
    perSecond,
    cpuMsPerPdf,
    rssIdle,
    rssWarm,
    peak,
    rssAfterBurst,
    size,
    throughputRenders: THROUGHPUT,
    concurrent: CONCURRENT,
    ...(process.env.BENCH_DEBUG ? { atPeak, warmUsage } : {}),
  }),
);
