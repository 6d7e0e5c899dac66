import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { FONT_FAMILIES } from "#domain/settings";
import { testProcessEnv } from "#server/testing/test-config";
import { pdfText } from "../testing/pdf-text";
import { renderInvoicePdf } from "./render";
import { sampleImages } from "./sample-images";
import { sampleInvoiceDocument, sampleItems } from "./sample-invoice";
import { forgetParsedFonts } from "./text-runs";
import { type PdfImages, toPdfView } from "./view";

// What a person would check on the PDF, through poppler: the text layer holds every line and
// total in each template and font, long invoices flow onto numbered pages, and the first page of
// each template still looks like its golden image (UPDATE_GOLDEN=1 writes new ones).

const TEMPLATES = ["classic", "modern", "minimal"] as const;
/** `UPDATE_GOLDEN=1` writes new golden pages instead of comparing (read through test-config). */
const UPDATE_GOLDEN = testProcessEnv().UPDATE_GOLDEN === "1";
const GOLDEN_DIR = path.resolve(import.meta.dirname, "../../../tests/golden");
const work = mkdtempSync(path.join(tmpdir(), "bahi-pdf-test-"));
let images: PdfImages;

beforeAll(async () => {
  images = await sampleImages();
});

function save(name: string, pdf: Buffer): string {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** The PDF's text with its white space folded (table cells and wrapped lines become one line). */
const flatText = (file: string) => pdfText(file).replace(/\s+/g, " ");

const pageCount = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]);

describe("invoice PDF text", () => {
  for (const template of TEMPLATES) {
    it.each(FONT_FAMILIES)(
      `${template} in %s holds the number, every line, the totals and the words`,
      async (fontFamily) => {
        const doc = sampleInvoiceDocument({ template, fontFamily });
        const view = toPdfView(doc, images);
        const text = flatText(save(`${template}-${fontFamily}`, await renderInvoicePdf(view)));
        expect(text).toContain(doc.invoiceNumber);
        for (const line of view.lines) {
          expect(text).toContain(line.name);
          expect(text).toContain(line.amount);
        }
        expect(text).toContain("₹3,90,966.00");
        expect(text).toContain("₹3,49,364.00");
        for (const slab of view.taxSummary) expect(text).toContain(slab.tax);
        expect(text).toContain("Round Off");
        expect(text).toContain(doc.amountInWords);
        expect(text).toContain("Authorised Signatory");
        expect(text).toContain("HDFC0000060");
        // ₹3,90,966 is above UPI's per-payment limit.
        expect(text).toContain("the payer may need to split this amount");
        expect(text).toContain("राम कुमार");
      },
    );
  }

  it("prints other currencies with their own sign and grouping", async () => {
    const doc = sampleInvoiceDocument({ currency: "EUR", fontFamily: "Lato" });
    const text = flatText(save("eur", await renderInvoicePdf(toPdfView(doc, images))));
    expect(text).toContain("€390,966.00");
    expect(text).toContain("Euros Three Hundred Ninety Thousand");
    expect(text).not.toContain("Scan to pay");
  });

  it("marks paid, cancelled and draft invoices", async () => {
    for (const [status, mark] of [
      ["paid", "PAID"],
      ["cancelled", "CANCELLED"],
      ["draft", "DRAFT"],
    ] as const) {
      const doc = sampleInvoiceDocument({ status, paymentDate: status === "paid" ? "2025-08-20" : null });
      const text = flatText(save(`mark-${status}`, await renderInvoicePdf(toPdfView(doc, images))));
      expect(text).toContain(mark);
    }
  });

  it("flows a 150-line invoice over numbered pages, the table head on each", async () => {
    const doc = sampleInvoiceDocument({ items: sampleItems(150), template: "modern" });
    const file = save("long", await renderInvoicePdf(toPdfView(doc, images)));
    const pages = pageCount(file);
    expect(pages).toBeGreaterThan(1);
    const text = flatText(file);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page} of ${pages}`);
    // Every page that holds rows has the head (the last may hold only the totals).
    expect(text.match(/HSN\/SAC/g)?.length).toBeGreaterThanOrEqual(pages - 1);
    expect(text).toContain(
      "Annual maintenance contract for all office equipment, including quarterly visits (7)",
    );
  });

  it("gives the same bytes for the same invoice", async () => {
    const view = toPdfView(sampleInvoiceDocument(), images);
    const [a, b] = await Promise.all([renderInvoicePdf(view), renderInvoicePdf(view)]);
    expect(a.equals(b)).toBe(true);
  });

  it("gives an invoice the same bytes after other invoices reused the thread's remembered fonts", async () => {
    // Font subsets, their compressed font files, shaped text and QR codes are remembered per
    // thread: none of it may leak from one invoice into another.
    const view = toPdfView(sampleInvoiceDocument(), { ...images, upiQr: null });
    forgetParsedFonts();
    const first = await renderInvoicePdf(view); // as in a thread that never rendered anything
    forgetParsedFonts();
    const other = sampleInvoiceDocument({
      invoiceNumber: "INV-XYZ-7",
      client: { name: "Zoë Quixote", billingAddress: { line1: "1 Jump St" } },
      items: sampleItems(3),
      bankDetails: { upiId: "someone.else@okaxis" },
    });
    const otherText = flatText(save("other", await renderInvoicePdf(toPdfView(other, images))));
    expect(otherText).toContain("Zoë Quixote");
    expect(otherText).not.toContain("राम कुमार");
    expect((await renderInvoicePdf(view)).equals(first)).toBe(true);
  });
});

describe("golden first pages", () => {
  const cases = [
    ["classic", {}],
    ["modern", { template: "modern", primaryColor: "#0F172A", accentColor: "#F59E0B", fontFamily: "Inter" }],
    [
      "minimal",
      { template: "minimal", primaryColor: "#FDE68A", accentColor: "#E0F2FE", fontFamily: "Georgia" },
    ],
  ] as const;

  it.each(cases)("%s looks as it did", async (name, overrides) => {
    const file = save(
      `golden-${name}`,
      await renderInvoicePdf(toPdfView(sampleInvoiceDocument(overrides), images)),
    );
    const prefix = path.join(work, `golden-${name}`);
    execFileSync("pdftoppm", ["-r", "50", "-png", "-f", "1", "-l", "1", "-singlefile", file, prefix]);
    const actual = readFileSync(`${prefix}.png`);
    const golden = path.join(GOLDEN_DIR, `pdf-${name}.png`);
    if (UPDATE_GOLDEN || !existsSync(golden)) {
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(golden, actual);
      if (!UPDATE_GOLDEN) throw new Error(`no golden page yet: wrote ${golden}`);
      return;
    }
    const diff = await meanPixelDifference(actual, readFileSync(golden));
    // Anti-aliasing may differ by a shade between poppler builds; a moved block is far above this.
    expect(diff).toBeLessThan(1.5);
  });
});

async function meanPixelDifference(a: Buffer, b: Buffer): Promise<number> {
  const [ra, rb] = await Promise.all(
    [a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (ra.info.width !== rb.info.width || ra.info.height !== rb.info.height) return 255;
  let sum = 0;
  for (let i = 0; i < ra.data.length; i++) sum += Math.abs(ra.data[i] - rb.data[i]);
  return sum / ra.data.length;
}
