// One thread rendering the 20-line sample invoice in a loop, for a CPU profile:
// NODE_ENV=production npx node --import tsx --cpu-prof --cpu-prof-dir=/tmp/pdf-prof bench/pdf/profile.ts
import { renderInvoicePdf } from "#server/pdf/render";
import { sampleImages } from "#server/pdf/sample-images";
import { sampleInvoiceDocument } from "#server/pdf/sample-invoice";
import { preloadFonts } from "#server/pdf/text-runs";
import { toPdfView } from "#server/pdf/view";

const N = Number(process.env.BENCH_N ?? 300);
const view = toPdfView(sampleInvoiceDocument(), await sampleImages());
preloadFonts(["Roboto"]);
for (let i = 0; i < 30; i++) await renderInvoicePdf(view);
const start = performance.now();
for (let i = 0; i < N; i++) await renderInvoicePdf(view);
console.log(`${((performance.now() - start) / N).toFixed(1)} ms per render (wall), ${N} renders`);
