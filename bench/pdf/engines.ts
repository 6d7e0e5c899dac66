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
  await requireReactPdf();
  const { renderInvoiceReactPdf } = await import("./react-pdf-invoice.js");
  return renderInvoiceReactPdf;
}

/**
 * @react-pdf/renderer is not a dependency of Bahi: only this comparison uses it, so it is installed
 * for the run alone. Stops with the command to run when it is missing.
 */
export async function requireReactPdf(): Promise<void> {
  try {
    await import("@react-pdf/renderer");
  } catch {
    console.error(
      "This benchmark compares pdfkit with @react-pdf/renderer, which Bahi does not install.\n" +
        "Install it for the run: npm install --no-save @react-pdf/renderer",
    );
    process.exit(1);
  }
}
