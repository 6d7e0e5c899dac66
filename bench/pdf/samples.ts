// Writes the product's PDF templates as PDFs and 60 dpi PNGs to look at:
//   npx tsx bench/pdf/samples.ts  ->  bench/pdf/out/samples/*.pdf, *.png
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { renderInvoicePdf } from "#server/pdf/render";
import { sampleImages } from "#server/pdf/sample-images";
import { sampleInvoiceDocument, sampleItems } from "#server/pdf/sample-invoice";
import { toPdfView } from "#server/pdf/view";

const OUT = new URL("./out/samples/", import.meta.url).pathname;
mkdirSync(OUT, { recursive: true });
const images = await sampleImages();
const samples: [string, Record<string, unknown>][] = [
  ["classic", {}],
  ["modern-dark", { template: "modern", primaryColor: "#0F172A", accentColor: "#F59E0B" }],
  [
    "minimal-paid",
    {
      template: "minimal",
      primaryColor: "#FDE68A",
      accentColor: "#E0F2FE",
      status: "paid",
      paymentDate: "2025-08-20",
    },
  ],
  [
    "classic-light-lato",
    { primaryColor: "#FEF3C7", accentColor: "#FCE7F3", fontFamily: "Lato", status: "cancelled" },
  ],
  [
    "modern-light",
    { template: "modern", primaryColor: "#BAE6FD", accentColor: "#FDE68A", fontFamily: "Verdana" },
  ],
  [
    "long-150",
    { items: sampleItems(150), template: "modern", fontFamily: "Times New Roman", status: "draft" },
  ],
];
for (const [name, overrides] of samples) {
  const start = performance.now();
  const pdf = await renderInvoicePdf(toPdfView(sampleInvoiceDocument(overrides), images));
  writeFileSync(`${OUT}${name}.pdf`, pdf);
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "2", `${OUT}${name}.pdf`, `${OUT}${name}`]);
  console.log(
    name.padEnd(20),
    `${(performance.now() - start).toFixed(1)} ms`,
    `${Math.round(pdf.length / 1024)} KB`,
  );
}
