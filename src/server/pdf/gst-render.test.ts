import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { companyGstSnapshot } from "#domain/gst-document";
import { gstRegistrationSchema } from "#domain/gst-registration";
import { renderInvoicePdf } from "./render";
import { sampleImages } from "./sample-images";
import { sampleInvoiceDocument, sampleItems } from "./sample-invoice";
import { type PdfImages, toPdfView } from "./view";

// Tax invoices and bills of supply through poppler (Rule 46): the title, both GSTINs, the place
// of supply, each component per rate, the HSN/SAC summary; in every template.

const TEMPLATES = ["classic", "modern", "minimal"] as const;
const work = mkdtempSync(path.join(tmpdir(), "bahi-gst-pdf-"));
let images: PdfImages;
beforeAll(async () => {
  images = await sampleImages();
});

const pdfText = (file: string) =>
  execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");

const MH = "27AAPFU0939F1ZV";
const CH = "04AAACC1234D1ZK";
const MH_BUYER = "27AABCS1429B1ZU";
const KA_BUYER = "29AAACB1234C1ZB";

function gstDocument(
  template: (typeof TEMPLATES)[number],
  opts: { supplier?: string; buyer: string; type?: "regular" | "composition"; gst?: Record<string, unknown> },
) {
  const registration = gstRegistrationSchema.parse({
    type: opts.type ?? "regular",
    gstin: opts.supplier ?? MH,
    legalName: "Shree Ganesh Traders Private Limited",
    tradeName: "Shree Ganesh Traders",
  });
  const gst = companyGstSnapshot(registration);
  return sampleInvoiceDocument(
    {
      template,
      invoiceNumber: "INV/2025-26/0007",
      items: sampleItems(4),
      client: { name: "Sharma Stores", gstin: opts.buyer, billingAddress: { city: "Somewhere" } },
      ...(opts.gst ? { gst: opts.gst } : {}),
    },
    { gstin: gst?.gstin ?? "", gst },
  );
}

async function textOf(name: string, doc: ReturnType<typeof gstDocument>) {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, await renderInvoicePdf(toPdfView(doc, images)));
  return pdfText(file);
}

describe("GST invoice PDF text", () => {
  it.each(TEMPLATES)(
    "%s: an intra-state tax invoice shows CGST and SGST per rate and the HSN summary",
    async (template) => {
      const doc = gstDocument(template, { buyer: MH_BUYER });
      const text = await textOf(`intra-${template}`, doc);
      expect(text).toContain("TAX INVOICE");
      expect(text).toContain(MH);
      expect(text).toContain(MH_BUYER);
      expect(text).toMatch(/Place of Supply Reverse Charge .* Maharashtra \(27\) No BILL TO/);
      expect(text).toContain("State: Maharashtra (27)");
      // Each line's components are rounded once; the totals by rate add the lines up.
      expect(text).toContain("CGST @ 9% ₹5,165.74");
      expect(text).toContain("SGST @ 9% ₹5,165.74");
      expect(text).toContain("CGST @ 6% ₹649.80");
      expect(text).toContain("SGST @ 6% ₹649.80");
      expect(text).toContain("HSN/SAC SUMMARY");
      expect(text).toContain("998314 OTH 1 45,000.00");
      expect(text).toContain("1,115.74");
      expect(text).toContain("Taxable value");
      expect(text).toContain("Authorised Signatory");
      expect(text).not.toContain("IGST @");
    },
  );

  it.each(TEMPLATES)("%s: a union territory's intra-state invoice charges UTGST", async (template) => {
    const doc = gstDocument(template, { supplier: CH, buyer: "", gst: { placeOfSupply: "04" } });
    const text = await textOf(`ut-${template}`, doc);
    expect(text).toMatch(/Place of Supply Reverse Charge .* Chandigarh \(04\) No BILL TO/);
    expect(text).toContain("UTGST @ 9% ₹5,165.74");
    expect(text).toContain("CGST @ 9% ₹5,165.74");
    expect(text).not.toContain("SGST @");
  });

  it.each(TEMPLATES)("%s: an inter-state invoice charges IGST", async (template) => {
    const doc = gstDocument(template, { buyer: KA_BUYER });
    const text = await textOf(`inter-${template}`, doc);
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain(KA_BUYER);
    expect(text).toMatch(/Place of Supply Reverse Charge .* Karnataka \(29\) No BILL TO/);
    expect(text).toContain("IGST @ 18% ₹10,331.48");
    expect(text).toContain("IGST @ 12% ₹1,299.60");
    expect(text).toContain("IGST rate");
    expect(text).toContain("2,231.48");
    expect(text).not.toContain("CGST @");
  });

  it.each(TEMPLATES)("%s: reverse charge shows the tax and leaves it out of the total", async (template) => {
    const doc = gstDocument(template, { buyer: KA_BUYER, gst: { reverseCharge: true } });
    const text = await textOf(`reverse-${template}`, doc);
    expect(text).toMatch(/Place of Supply Reverse Charge .* Karnataka \(29\) Yes BILL TO/);
    expect(text).toContain("₹68,227.00 Total");
    expect(text).toContain("Tax payable on reverse charge: ₹11,631.08 (not included in the amount payable)");
  });

  it.each(TEMPLATES)("%s: an export under LUT prints the LUT number", async (template) => {
    const doc = gstDocument(template, {
      buyer: "",
      gst: { exportType: "without_payment", lutNumber: "AD270325001234X" },
    });
    const text = await textOf(`lut-${template}`, doc);
    expect(text).toMatch(/Place of Supply Reverse Charge .* Other Country \(96\) No/);
    expect(text).toContain("Supply meant for export under LUT No. AD270325001234X without payment of IGST");
  });

  it.each(TEMPLATES)("%s: a composition taxpayer's bill of supply shows no tax", async (template) => {
    const doc = gstDocument(template, { buyer: MH_BUYER, type: "composition" });
    const text = await textOf(`composition-${template}`, doc);
    expect(text).toContain("BILL OF SUPPLY");
    expect(text).toContain("Composition taxable person, not eligible to collect tax on supplies");
    expect(text).not.toMatch(/CGST|SGST|IGST|UTGST/);
    expect(text).not.toContain("TAX INVOICE");
  });
});
