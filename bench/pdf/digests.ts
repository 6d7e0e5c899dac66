// SHA-256 of a fixed set of PDFs (three templates x two families x logo/signature/QR or none, each
// rendered three times in one thread), to show a change to the renderer left the bytes alone.
// Run: npx tsx bench/pdf/digests.ts > before.txt; (change); npx tsx bench/pdf/digests.ts | diff before.txt -
import { createHash } from "node:crypto";
import QRCode from "qrcode";
import { renderInvoicePdf } from "#server/pdf/render";
import { sampleImages } from "#server/pdf/sample-images";
import { sampleInvoiceDocument } from "#server/pdf/sample-invoice";
import { toPdfView } from "#server/pdf/view";

const images = await sampleImages();
const upiQr = await QRCode.toBuffer("upi://pay?pa=shreeganesh@hdfcbank&am=390672.00", { margin: 1 });
const sets = {
  images: { ...images, upiQr },
  none: { logo: null, signature: null, upiQr: null },
};
for (const template of ["classic", "modern", "minimal"] as const) {
  for (const fontFamily of ["Roboto", "Lato"] as const) {
    for (const [name, set] of Object.entries(sets)) {
      for (let i = 0; i < 3; i++) {
        const pdf = await renderInvoicePdf(toPdfView(sampleInvoiceDocument({ template, fontFamily }), set));
        console.log(
          `${createHash("sha256").update(pdf).digest("hex")} ${template} ${fontFamily} ${name} #${i + 1}`,
        );
      }
    }
  }
}
