// The pool half of the benchmark, run by run.ts in a fresh process so that the RSS figures are
// those of a server process with its render threads, not of the process that also ran Chromium
// and both engines. Prints one JSON line. Usage: node --import tsx bench/pdf/pool-run.ts pdfkit
import { makeAssets } from "./assets.js";
import type { Engine } from "./engines.js";
import { sampleInvoice } from "./invoice.js";
import { RenderPool } from "./pool.js";

const THROUGHPUT_RENDERS = 200;
const CONCURRENT = 10;

/** The highest RSS of the whole process (all threads) during 5 bursts of 10 concurrent renders. */
async function peakRss(pool: RenderPool): Promise<number> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  for (let burst = 0; burst < 5; burst++)
    await Promise.all(Array.from({ length: CONCURRENT }, () => pool.render()));
  clearInterval(sampler);
  return Math.max(peak, process.memoryUsage.rss());
}

const engine = process.argv[2] as Engine;
const invoice = sampleInvoice();
const assets = await makeAssets(invoice.upiId, invoice.grandTotal.replace(/[₹,]/g, ""));
const baseline = process.memoryUsage.rss();
const pool = await RenderPool.start(engine, 2, assets);
const warm = process.memoryUsage.rss();
const start = performance.now();
await Promise.all(Array.from({ length: THROUGHPUT_RENDERS }, () => pool.render()));
const perSecond = THROUGHPUT_RENDERS / ((performance.now() - start) / 1000);
const peak = await peakRss(pool);
await pool.close();
// The harsher case: ten threads, so that ten renders really run at once.
const pool10 = await RenderPool.start(engine, CONCURRENT, assets);
const peak10 = await peakRss(pool10);
await pool10.close();
console.log(JSON.stringify({ engine, renders: THROUGHPUT_RENDERS, perSecond, baseline, warm, peak, peak10 }));
