// PDF engine benchmark: the same 20-line A4 invoice rendered by pdfkit, @react-pdf/renderer and
// a warm headless Chromium (page.pdf()), then each engine in a pool of worker threads (pool-run.ts).
// Run: npm install --no-save @react-pdf/renderer && npx tsx bench/pdf/run.ts
// (BENCH_N=100 sequential renders per engine by default; @react-pdf/renderer is not a dependency)
// Needs pdftotext (apt-get install -y poppler-utils) and /usr/bin/chromium.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium";
import { makeAssets } from "./assets.js";
import { type Engine, loadRenderer, requireReactPdf } from "./engines.js";
import { invoiceBody, invoiceHead, invoiceHtml } from "./html-invoice.js";
import { sampleInvoice } from "./invoice.js";

// React's development build is several times slower; the server runs the production one.
process.env.NODE_ENV = "production";
const N = Number(process.env.BENCH_N ?? 100);
const WARMUP = 20;
const OUT = new URL("./out/", import.meta.url).pathname;

interface Timing {
  name: string;
  median: number;
  p95: number;
  min: number;
  kb: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function time(name: string, render: () => Promise<Buffer | Uint8Array>): Promise<Timing> {
  let size = 0;
  for (let i = 0; i < WARMUP; i++) size = (await render()).byteLength;
  const ms: number[] = [];
  for (let i = 0; i < N; i++) {
    const start = performance.now();
    await render();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return {
    name,
    median: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    min: ms[0],
    kb: Math.round(size / 1024),
  };
}

/** Checks that the text layer of a PDF has the ₹ sign and the invoice number. */
function verify(file: string, invoiceNumber: string): string {
  try {
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    const ok = text.includes("₹") && text.includes(invoiceNumber);
    return ok ? "ok (₹ and number found)" : "FAILED: ₹ or invoice number missing from text";
  } catch {
    return "not checked (pdftotext missing: apt-get install -y poppler-utils)";
  }
}

interface PoolFigures {
  engine: Engine;
  perSecond: number;
  baseline: number;
  warm: number;
  peak: number;
  peak10: number;
}

/** Runs pool-run.ts in a fresh process (see there why). */
function poolFigures(engine: Engine): PoolFigures {
  const script = new URL("./pool-run.ts", import.meta.url).pathname;
  const out = execFileSync(process.execPath, ["--import", "tsx", script, engine], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production" },
  });
  return JSON.parse(out.trim().split("\n").at(-1)!);
}

async function main() {
  await requireReactPdf();
  mkdirSync(OUT, { recursive: true });
  const invoice = sampleInvoice();
  const assets = await makeAssets(invoice.upiId, invoice.grandTotal.replace(/[₹,]/g, ""));
  const renderPdfkit = await loadRenderer("pdfkit");
  const renderReactPdf = await loadRenderer("react-pdf");

  const checks: [string, string][] = [];
  for (const [name, render, family] of [
    ["pdfkit.pdf", renderPdfkit, "Roboto"],
    ["pdfkit-lato.pdf", renderPdfkit, "Lato"],
    ["react-pdf.pdf", renderReactPdf, "Roboto"],
  ] as const) {
    writeFileSync(OUT + name, await render(invoice, assets, family));
    checks.push([name, verify(OUT + name, invoice.invoiceNumber)]);
  }

  const timings: Timing[] = [];
  timings.push(await time("pdfkit", () => renderPdfkit(invoice, assets, "Roboto")));
  timings.push(await time("@react-pdf/renderer", () => renderReactPdf(invoice, assets, "Roboto")));

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  const html = invoiceHtml(invoice, assets, "Roboto");
  const pdfOptions = { format: "A4", printBackground: true, preferCSSPageSize: true } as const;
  await page.setContent(html, { waitUntil: "load" });
  writeFileSync(`${OUT}chromium.pdf`, await page.pdf(pdfOptions));
  checks.push(["chromium.pdf", verify(`${OUT}chromium.pdf`, invoice.invoiceNumber)]);
  // Kindest case for Chromium: the page is loaded once, only page.pdf() is timed.
  timings.push(await time("chromium page.pdf()", () => page.pdf(pdfOptions)));
  // A tuned server: a warm page keeps the fonts and styles; per invoice, swap the body and print.
  await page.setContent(`${invoiceHead(invoice, "Roboto")}<body></body></html>`, { waitUntil: "load" });
  const body = invoiceBody(invoice, assets);
  timings.push(
    await time("chromium swap body+pdf", async () => {
      await page.evaluate(async (html) => {
        document.body.innerHTML = html;
        await Promise.all([...document.images].map((image) => image.decode()));
        await document.fonts.ready;
      }, body);
      return page.pdf(pdfOptions);
    }),
  );
  // Naive: load the whole self-contained HTML (3.5 MB of inline fonts) for every invoice.
  timings.push(
    await time("chromium setContent+pdf", async () => {
      await page.setContent(html, { waitUntil: "load" });
      return page.pdf(pdfOptions);
    }),
  );
  await browser.close();

  const pools = [poolFigures("pdfkit"), poolFigures("react-pdf")];

  console.log(
    `\nPDF engine benchmark: 20-line A4 invoice, ${N} warm sequential renders after ${WARMUP} warm-up`,
  );
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), NODE_ENV=production\n`,
  );
  console.table(
    timings.map((t) => ({
      engine: t.name,
      "median ms": +t.median.toFixed(1),
      "p95 ms": +t.p95.toFixed(1),
      "min ms": +t.min.toFixed(1),
      "PDF KB": t.kb,
    })),
  );
  console.table(
    pools.map((p) => ({
      engine: p.engine,
      "PDFs/s (2 threads, 200 renders)": +p.perSecond.toFixed(1),
      "RSS before pool MB": mb(p.baseline),
      "RSS pool warm MB": mb(p.warm),
      "peak RSS, 10 concurrent, 2 threads MB": mb(p.peak),
      "peak RSS, 10 concurrent, 10 threads MB": mb(p.peak10),
    })),
  );
  console.log("Text checks (pdftotext):");
  for (const [file, result] of checks) console.log(`  ${file.padEnd(16)} ${result}`);

  const [pdfkit, reactPdf, chromiumPdf, chromiumSwap, chromiumFull] = timings;
  const pdfkitPool = pools[0];
  const goals: [string, boolean][] = [
    [`pdfkit median < 40 ms (${pdfkit.median.toFixed(1)})`, pdfkit.median < 40],
    [`@react-pdf median < 40 ms (${reactPdf.median.toFixed(1)})`, reactPdf.median < 40],
    [`pdfkit >= 25 PDFs/s on 2 threads (${pdfkitPool.perSecond.toFixed(1)})`, pdfkitPool.perSecond >= 25],
    [
      `pdfkit >= 10x faster than Chromium: ${(chromiumPdf.median / pdfkit.median).toFixed(1)}x vs page.pdf() alone, ` +
        `${(chromiumSwap.median / pdfkit.median).toFixed(1)}x vs swap body+pdf, ` +
        `${(chromiumFull.median / pdfkit.median).toFixed(1)}x vs setContent+pdf`,
      chromiumPdf.median / pdfkit.median >= 10,
    ],
    [
      `pdfkit peak RSS < 400 MB, 10 concurrent on the 2-thread pool (${mb(pdfkitPool.peak)} MB)`,
      mb(pdfkitPool.peak) < 400,
    ],
    [
      `pdfkit peak RSS < 400 MB, 10 concurrent on 10 threads (${mb(pdfkitPool.peak10)} MB)`,
      mb(pdfkitPool.peak10) < 400,
    ],
  ];
  console.log("\nGoals:");
  for (const [goal, met] of goals) console.log(`  ${met ? "MET " : "MISS"} ${goal}`);
  writeFileSync(`${OUT}results.json`, JSON.stringify({ n: N, timings, pools, checks }, null, 2));
}

await main();
