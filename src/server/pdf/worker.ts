import { parentPort, workerData } from "node:worker_threads";
import { readFontsFrom, type SharedFonts } from "./fonts";
import { renderInvoicePdf } from "./render";
import { preloadFonts } from "./text-runs";
import type { PdfView } from "./view";

// One render thread of the pool: parses the default family and every fallback font, renders a
// throw-away invoice per template so the first real one is warm, then renders one view per
// message. The other seven families are parsed on first use (once per thread): parsing all eight
// up front cost ~60 MB more per thread.

interface RenderRequest {
  id: number;
  view: PdfView;
}

// The pool's one shared block of font files: parsed from there, not read into a copy of our own.
readFontsFrom((workerData as { fonts?: SharedFonts } | null)?.fonts);
preloadFonts(["Roboto"]);
const { sampleInvoiceDocument } = await import("./sample-invoice");
const { toPdfView } = await import("./view");
for (const template of ["classic", "modern", "minimal"] as const) {
  await renderInvoicePdf(
    toPdfView(sampleInvoiceDocument({ template }), { logo: null, signature: null, upiQr: null }),
  );
}

parentPort!.on("message", async ({ id, view }: RenderRequest) => {
  try {
    const pdf = await renderInvoicePdf(view);
    const bytes = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
    parentPort!.postMessage({ id, bytes }, [bytes]);
  } catch (error) {
    parentPort!.postMessage({
      id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
parentPort!.postMessage({ ready: true });
