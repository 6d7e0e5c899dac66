import type { FontFamily } from "#server/pdf/fonts";
import type { InvoiceAssets } from "./assets.js";
import type { InvoiceView } from "./invoice.js";

export type Engine = "pdfkit" | "react-pdf";
export type RenderInvoice = (
  invoice: InvoiceView,
  assets: InvoiceAssets,
  family: FontFamily,
) => Promise<Buffer>;

/** Loads one engine's renderer (dynamically, so a worker only loads the engine it runs). */
export async function loadRenderer(engine: Engine): Promise<RenderInvoice> {
  if (engine === "pdfkit") {
    const [{ renderInvoicePdfkit }, { preloadFonts }] = await Promise.all([
      import("./pdfkit-invoice.js"),
      import("#server/pdf/text-runs"),
    ]);
    preloadFonts(["Roboto"]);
    return renderInvoicePdfkit;
  }
  const { renderInvoiceReactPdf } = await import("./react-pdf-invoice.js");
  return renderInvoiceReactPdf;
}
