// The product's PDF figures in one run: the 20-line sample invoice through the product's view
// model, templates and worker pool, against the same invoice printed by a warm headless Chromium.
// Run: NODE_ENV=production npx tsx bench/pdf/figures.ts   (needs /usr/bin/chromium)
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { type BuildOptions, build } from "esbuild";
import { renderInvoicePdf } from "#server/pdf/render";
import { sampleImages } from "#server/pdf/sample-images";
import { sampleInvoiceDocument } from "#server/pdf/sample-invoice";
import { preloadFonts } from "#server/pdf/text-runs";
import { type PdfView, toPdfView } from "#server/pdf/view";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium";
import { makeAssets } from "./assets.js";
import { invoiceHtml } from "./html-invoice.js";
import { type InvoiceView, sampleInvoice } from "./invoice.js";
import { renderInvoicePdfkit } from "./pdfkit-invoice.js";

const N = Number(process.env.BENCH_N ?? 200);
const WARMUP = 20;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function time(render: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await render();
  const ms: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const start = performance.now();
    await render();
    ms.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  ms.sort((a, b) => a - b);
  // CPU time per render (this process: the thread and V8's helper threads): hardly moved by the load.
  return { median: pct(ms, 0.5), p95: pct(ms, 0.95), cpuMs: (cpu.user + cpu.system) / 1000 / N };
}

/** The same invoice in the shape of the engine benchmark's HTML page, for Chromium. */
function asHtmlInvoice(view: PdfView): InvoiceView {
  const meta = (label: string) => view.meta.find((m) => m.label === label)?.value ?? "";
  return {
    title: view.title,
    invoiceNumber: view.invoiceNumber,
    invoiceDate: meta("Invoice Date"),
    dueDate: meta("Due Date"),
    company: view.company,
    client: { name: view.billTo.name, lines: view.billTo.lines },
    lines: view.lines.map((l) => ({
      index: l.index,
      description: l.name,
      hsn: l.hsnSac,
      qty: l.quantity,
      unit: l.unit,
      rate: l.rate,
      discount: l.discount,
      tax: l.tax,
      amount: l.amount,
    })),
    taxSummary: view.taxSummary.map((s) => ({ label: `Tax ${s.rate}`, taxable: s.taxable, tax: s.tax })),
    totals: view.totals,
    grandTotal: view.total.value,
    amountInWords: view.amountInWords,
    notes: view.notes,
    terms: view.terms,
    bank: (view.bank ?? []).map((b) => `${b.label} ${b.value}`),
    upiId: view.bank?.find((b) => b.label === "UPI")?.value ?? "",
  };
}

const loadAtStart = os.loadavg();
const images = await sampleImages();
const view = toPdfView(sampleInvoiceDocument(), images);

// 2-4. The pool (median through it, throughput, memory) in a process of its own, compiled as the
// server is and run with the server's Node arguments: see pool-figures.ts.
const { serverBuildOptions } = (await import("../../scripts/build-server.mjs" as string)) as {
  serverBuildOptions: BuildOptions;
};
const { SERVER_NODE_ARGS } = (await import("../../scripts/server-node-args.mjs" as string)) as {
  SERVER_NODE_ARGS: string[];
};
const poolDir = path.resolve(import.meta.dirname, "../../dist/bench-pdf");
rmSync(poolDir, { recursive: true, force: true });
await build({
  ...serverBuildOptions,
  entryPoints: { "pool-figures": "bench/pdf/pool-figures.ts", worker: "src/server/pdf/worker.ts" },
  outdir: poolDir,
});
writeFileSync(path.join(poolDir, "logo.png"), images.logo!);
writeFileSync(path.join(poolDir, "signature.png"), images.signature!);
const child = spawnSync(process.execPath, [...SERVER_NODE_ARGS, path.join(poolDir, "pool-figures.mjs")], {
  env: { ...process.env, BENCH_N: String(N) },
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
if (child.status !== 0) throw new Error(`pool-figures exited with ${child.status}`);
const poolFigures = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as {
  median: number;
  p95: number;
  perSecond: number;
  cpuMsPerPdf: number;
  rssIdle: number;
  rssWarm: number;
  peak: number;
  rssAfterBurst: number;
  size: number;
  throughputRenders: number;
  concurrent: number;
};
const pooled = { median: poolFigures.median, p95: poolFigures.p95 };
const { perSecond, peak, size } = poolFigures;

// 1. One thread, no pool: the template's own cost.
preloadFonts([view.fontFamily]);
const direct = await time(() => renderInvoicePdf(view));
// The engine benchmark's stand-in template (17 ms on a quiet machine, ADR 0002). It draws its text
// with text-runs.ts too, so it gains from what that file remembers: not a yardstick across
// versions of Bahi. The load's yardstick is the fixed deflate below.
const benchAssets = await makeAssets("shreeganesh@hdfcbank", "390966.00");
const yardstick = await time(() => renderInvoicePdfkit(sampleInvoice(), benchAssets, "Roboto"));
// A fixed amount of CPU work that no change to Bahi moves: how loaded this machine is right now.
const fixedWork = Buffer.from(Array.from({ length: 8 * 1024 }, (_, i) => `${i * 7919}`).join(" "));
const loadYardstick = await time(async () => deflateSync(fixedWork));

// 5. Chromium: the same invoice as HTML, page loaded once, only page.pdf() timed (its best case).
// BENCH_CHROMIUM=0 leaves it out.
let chromiumPdf = { median: Number.NaN, p95: Number.NaN, cpuMs: Number.NaN };
if (process.env.BENCH_CHROMIUM !== "0") {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  const htmlInvoice = asHtmlInvoice(view);
  await page.setContent(invoiceHtml(htmlInvoice, benchAssets, "Roboto"), { waitUntil: "load" });
  chromiumPdf = await time(() => page.pdf({ format: "A4", printBackground: true }));
  await browser.close();
}

console.log(
  `\nBahi PDF figures: 20-line A4 invoice (sample-invoice.ts), ${N} sequential renders after ${WARMUP} warm-up`,
);
console.log(
  `load average at start ${loadAtStart.map((l) => l.toFixed(1)).join(" ")}, at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  `Node ${process.version}, ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model}), NODE_ENV=${process.env.NODE_ENV}\n`,
);
console.table([
  {
    path: "template in one thread (renderInvoicePdf)",
    "median ms": +direct.median.toFixed(1),
    "p95 ms": +direct.p95.toFixed(1),
    "CPU ms": +direct.cpuMs.toFixed(1),
  },
  {
    path: "engine benchmark's template (0002)",
    "median ms": +yardstick.median.toFixed(1),
    "p95 ms": +yardstick.p95.toFixed(1),
    "CPU ms": +yardstick.cpuMs.toFixed(1),
  },
  {
    path: "load yardstick: deflate of fixed bytes",
    "median ms": +loadYardstick.median.toFixed(1),
    "p95 ms": +loadYardstick.p95.toFixed(1),
    "CPU ms": +loadYardstick.cpuMs.toFixed(1),
  },
  {
    path: "through the pool (PdfPool.render)",
    "median ms": +pooled.median.toFixed(1),
    "p95 ms": +pooled.p95.toFixed(1),
  },
  {
    path: "Chromium page.pdf(), page already loaded",
    "median ms": +chromiumPdf.median.toFixed(1),
    "p95 ms": +chromiumPdf.p95.toFixed(1),
  },
]);
console.log(`PDF size: ${Math.round(size / 1024)} KB`);
console.log(
  `Throughput, 2-thread pool, ${poolFigures.throughputRenders} renders at once: ${perSecond.toFixed(1)} PDFs/s ` +
    `(CPU ${poolFigures.cpuMsPerPdf.toFixed(1)} ms per PDF, all threads: 2 idle cores would give ~${(2000 / poolFigures.cpuMsPerPdf).toFixed(0)} PDFs/s)`,
);
console.log(
  `RSS of the compiled pool's process (main thread + 2 render threads): idle ${mb(poolFigures.rssIdle)} MB, ` +
    `pool warm ${mb(poolFigures.rssWarm)} MB, peak with ${poolFigures.concurrent} in flight ${mb(peak)} MB ` +
    `(measured before the throughput burst; after it ${mb(poolFigures.rssAfterBurst)} MB)`,
);
// The goals of issue 29.
const goals: [string, boolean][] = [
  [
    `median through the pool <= 10 ms (${pooled.median.toFixed(1)} ms, p95 ${pooled.p95.toFixed(1)} ms)`,
    pooled.median <= 10,
  ],
  [`throughput >= 150 PDFs/s on 2 threads (${perSecond.toFixed(1)})`, perSecond >= 150],
  [`peak RSS <= 300 MB with ${poolFigures.concurrent} in flight (${mb(peak)} MB)`, mb(peak) <= 300],
];
if (!Number.isNaN(chromiumPdf.median))
  goals.push([
    `faster than Chromium page.pdf(): ${(chromiumPdf.median / pooled.median).toFixed(1)}x`,
    pooled.median < chromiumPdf.median,
  ]);
console.log("\nGoals:");
for (const [goal, met] of goals) console.log(`  ${met ? "MET " : "MISS"} ${goal}`);
