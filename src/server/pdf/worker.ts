import { parentPort } from "node:worker_threads";
import { FONT_FAMILIES } from "./fonts";
import { renderInvoicePdf } from "./render";
import { preloadFonts } from "./text-runs";
import type { PdfView } from "./view";

// One render thread of the pool: parses every bundled font once, renders a throw-away invoice
// so the first real one is warm, then renders one view per message.

interface RenderRequest {
  id: number;
  view: PdfView;
}

preloadFonts(FONT_FAMILIES);
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
