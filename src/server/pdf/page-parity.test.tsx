import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { JSDOM } from "jsdom";
import { renderToStaticMarkup } from "react-dom/server";
import type { InvoiceDocument } from "#domain/invoice";
import { buildInvoicePage } from "#domain/invoice-page";
import { InvoicePage } from "#web/features/documents/preview/InvoicePage";
import { renderInvoicePdf } from "./render";
import { sampleImages } from "./sample-images";
import { sampleInvoiceDocument, sampleItems } from "./sample-invoice";
import { type PdfImages, toPdfView } from "./view";

// The PDF and the editor's preview draw one page model (docs/decisions/0015-one-page-model.md), so
// they must show the very same words: every label, amount and mark. The PDF is read through
// poppler (its content area, above the page numbers that only paper has), the preview through the
// DOM's text (React renders it; jsdom reads it back as a browser would: pdfkit cannot run inside
// vitest's jsdom environment, so this file stays in Node's); the two are compared word for word,
// in any order, since their layouts differ.

const work = mkdtempSync(path.join(tmpdir(), "bahi-parity-"));
let images: PdfImages;

beforeAll(async () => {
  images = await sampleImages();
});

/** Above the footer rule (PAGE.height - 42 pt): what the preview's one sheet also shows. */
const CONTENT_HEIGHT = 792;

async function pdfWords(name: string, doc: InvoiceDocument, pdfImages: PdfImages): Promise<string[]> {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, await renderInvoicePdf(toPdfView(doc, pdfImages)));
  const pages = /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1];
  expect(pages, "each parity invoice fits on one page").toBe("1");
  const crop = ["-x", "0", "-y", "0", "-W", "596", "-H", String(CONTENT_HEIGHT)];
  return words(execFileSync("pdftotext", ["-enc", "UTF-8", ...crop, file, "-"], { encoding: "utf8" }));
}

function previewWords(doc: InvoiceDocument, pdfImages: PdfImages): string[] {
  // The same images as the PDF had, so both leave out the same ones.
  const page = buildInvoicePage(doc, {
    logo: pdfImages.logo !== null,
    signature: pdfImages.signature !== null,
    upiQr: pdfImages.upiQr !== null,
  });
  const { window } = new JSDOM(renderToStaticMarkup(<InvoicePage page={page} />));
  const texts: string[] = [];
  const walker = window.document.createTreeWalker(window.document.body, window.NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue ?? "");
  return words(texts.join(" "));
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** The words one side shows more often than the other. */
function difference(a: string[], b: string[]): string[] {
  const left = new Map<string, number>();
  for (const word of a) left.set(word, (left.get(word) ?? 0) + 1);
  for (const word of b) left.set(word, (left.get(word) ?? 0) - 1);
  return [...left].flatMap(([word, count]) => Array.from({ length: Math.max(0, count) }, () => word)).sort();
}

const client = {
  name: "Asha Traders",
  company: "Asha Traders Pvt. Ltd.",
  email: "accounts@asha.example",
  phone: "+91 20 2345 6789",
  gstin: "27AAPFU0939F1ZV",
  billingAddress: {
    line1: "5, FC Road",
    line2: "Shivajinagar",
    city: "Pune",
    state: "Maharashtra",
    postalCode: "411005",
    country: "India",
  },
  shippingAddress: null,
};
const shipTo = {
  line1: "Gate 2, MIDC",
  line2: "",
  city: "Chakan",
  state: "",
  postalCode: "410501",
  country: "",
};
const noBank = { bankName: "", accountNumber: "", ifscCode: "", branchName: "", upiId: "" };

const cases: [string, Record<string, unknown>, Partial<InvoiceDocument["company"]>?, Partial<PdfImages>?][] =
  [
    ["classic, due, round-off, bank, UPI link and signature", { template: "classic", status: "due" }],
    [
      "modern, draft, no round-off, bank, UPI or signature",
      {
        template: "modern",
        status: "draft",
        roundOff: false,
        includeBankDetails: false,
        includeUpiQrCode: false,
        includeSignature: false,
        notes: "",
        client: { ...client, shippingAddress: shipTo },
      },
    ],
    [
      "minimal, paid, round-off, bank and signature",
      { template: "minimal", status: "paid", paymentDate: "2025-08-20", primaryColor: "#FDE68A" },
    ],
    [
      "classic, cancelled, an uploaded UPI QR, bank without a UPI ID",
      { template: "classic", status: "cancelled", bankDetails: { ...noBank, bankName: "HDFC Bank" } },
      { upiQrImageId: "upi-qr" },
    ],
    [
      "modern, due, an uploaded UPI QR and a total above UPI's limit",
      { template: "modern", status: "due", items: sampleItems(8), terms: "" },
      { upiQrImageId: "upi-qr" },
    ],
    [
      "minimal, due, euros (no UPI), discounts, no company name, signature left out",
      { template: "minimal", currency: "EUR", items: sampleItems(4), includeSignature: true },
      { name: "", logoImageId: null },
      { signature: null, logo: null },
    ],
  ];

describe("the PDF and the preview show the same words", () => {
  it.each(cases)("%s", async (name, overrides, company = {}, imagePatch = {}) => {
    const doc = sampleInvoiceDocument({ items: sampleItems(5), client, ...overrides }, company);
    const pdfImages = { ...images, upiQr: images.logo, ...imagePatch };
    const pdf = await pdfWords(name.replace(/\W+/g, "-"), doc, pdfImages);
    const preview = previewWords(doc, pdfImages);
    expect({ onlyInPdf: difference(pdf, preview), onlyInPreview: difference(preview, pdf) }).toEqual({
      onlyInPdf: [],
      onlyInPreview: [],
    });
    // The comparison saw the whole page, not two empty texts.
    expect(pdf).toContain(doc.invoiceNumber);
    for (const word of words(buildInvoicePage(doc).total.value)) expect(preview).toContain(word);
  });
});
