import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { companyGstSnapshot } from "#domain/gst-document";
import { gstRegistrationSchema } from "#domain/gst-registration";
import { pdfText } from "../testing/pdf-text";
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

/** The PDF's text with its white space folded (table cells and wrapped lines become one line). */
const flatText = (file: string) => pdfText(file).replace(/\s+/g, " ");

const MH = "27AAPFU0939F1ZV";
const CH = "04AAACC1234D1ZK";
const MH_BUYER = "27AABCS1429B1ZU";
const KA_BUYER = "29AAACB1234C1ZB";

function gstDocument(
  template: (typeof TEMPLATES)[number],
  opts: {
    supplier?: string;
    buyer: string;
    type?: "regular" | "composition";
    gst?: Record<string, unknown>;
    /** Anything else of the invoice (currency, lines, rate...). */
    over?: Record<string, unknown>;
  },
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
      ...opts.over,
    },
    { gstin: gst?.gstin ?? "", gst },
  );
}

async function textOf(name: string, doc: ReturnType<typeof gstDocument>) {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, await renderInvoicePdf(toPdfView(doc, images)));
  return flatText(file);
}

type Page = (string | RegExp)[];

/** Each case: the document (beside its template), what its page shows and what it must not. */
const CASES: {
  name: string;
  file: string;
  opts: Parameters<typeof gstDocument>[1];
  shows: Page;
  hides: Page;
}[] = [
  {
    name: "an intra-state tax invoice shows CGST and SGST per rate and the HSN summary",
    file: "intra",
    opts: { buyer: MH_BUYER },
    shows: [
      "TAX INVOICE",
      MH,
      MH_BUYER,
      /Place of Supply Reverse Charge .* Maharashtra \(27\) No BILL TO/,
      "State: Maharashtra (27)",
      // Each line's components are rounded once; the totals by rate add the lines up.
      "CGST @ 9% ₹5,165.74",
      "SGST @ 9% ₹5,165.74",
      "CGST @ 6% ₹649.80",
      "SGST @ 6% ₹649.80",
      "HSN/SAC SUMMARY",
      "998314 OTH 1 45,000.00",
      "1,115.74",
      "Taxable value",
      "Authorised Signatory",
    ],
    hides: ["IGST @"],
  },
  {
    name: "a union territory's intra-state invoice charges UTGST",
    file: "ut",
    opts: { supplier: CH, buyer: "", gst: { placeOfSupply: "04" } },
    shows: [
      /Place of Supply Reverse Charge .* Chandigarh \(04\) No BILL TO/,
      "UTGST @ 9% ₹5,165.74",
      "CGST @ 9% ₹5,165.74",
    ],
    hides: ["SGST @"],
  },
  {
    name: "an inter-state invoice charges IGST",
    file: "inter",
    opts: { buyer: KA_BUYER },
    shows: [
      "TAX INVOICE",
      KA_BUYER,
      /Place of Supply Reverse Charge .* Karnataka \(29\) No BILL TO/,
      "IGST @ 18% ₹10,331.48",
      "IGST @ 12% ₹1,299.60",
      "IGST rate",
      "2,231.48",
    ],
    hides: ["CGST @"],
  },
  {
    name: "reverse charge shows the tax and leaves it out of the total",
    file: "reverse",
    opts: { buyer: KA_BUYER, gst: { reverseCharge: true } },
    shows: [
      /Place of Supply Reverse Charge .* Karnataka \(29\) Yes BILL TO/,
      "₹68,227.00 Total",
      "Tax payable on reverse charge: ₹11,631.08 (not included in the amount payable)",
    ],
    hides: [],
  },
  {
    name: "an export under LUT prints the LUT number",
    file: "lut",
    opts: { buyer: "", gst: { exportType: "without_payment", lutNumber: "AD270325001234X" } },
    shows: [
      /Place of Supply Reverse Charge .* Other Country \(96\) No/,
      "Supply meant for export under LUT without payment of integrated tax (LUT No. AD270325001234X)",
    ],
    hides: [],
  },
  {
    name: "a composition taxpayer's bill of supply shows no tax",
    file: "composition",
    opts: { buyer: MH_BUYER, type: "composition" },
    shows: ["BILL OF SUPPLY", "Composition taxable person, not eligible to collect tax on supplies"],
    hides: [/CGST|SGST|IGST|UTGST/, "TAX INVOICE"],
  },
];

describe("GST invoice PDF text", () => {
  describe.each(TEMPLATES)("%s", (template) => {
    it.each(CASES)("$name", async ({ file, opts, shows, hides }) => {
      const text = await textOf(`${file}-${template}`, gstDocument(template, opts));
      for (const shown of shows) {
        if (typeof shown === "string") expect(text).toContain(shown);
        else expect(text).toMatch(shown);
      }
      for (const hidden of hides) {
        if (typeof hidden === "string") expect(text).not.toContain(hidden);
        else expect(text).not.toMatch(hidden);
      }
    });
  });
});

// Issue 34's example on paper: a USD 1,000.00 services export under LUT at 83.1200 prints its rupee
// value beside the dollars, the rate with its date and source, and the LUT endorsement.
describe("an export invoice in USD prints both currencies", () => {
  it.each(TEMPLATES)("%s", async (template) => {
    const usd = gstDocument(template, {
      buyer: "",
      gst: { exportType: "without_payment", lutNumber: "AD270325001234X" },
      over: {
        invoiceNumber: "EXP/2026-27/0001",
        currency: "USD",
        items: [
          { id: "l1", name: "Logo design", hsnSac: "998391", quantity: "1", rate: "1000", taxPercent: "18" },
        ],
        client: { name: "Acme Inc", billingAddress: { city: "San Francisco", country: "United States" } },
        exchangeRate: { rate: "83.12", rateDate: "2026-11-16", source: "fbil_reference" },
      },
    });
    expect(usd.inrTotals?.totalMinor).toBe(8_312_000);
    const text = await textOf(`usd-${template}`, usd);
    expect(text).toContain("$1,000.00");
    expect(text).toMatch(/Total in INR:? ₹83,120\.00/);
    expect(text).toMatch(/IGST in INR:? Nil \(under LUT\)/);
    expect(text).toContain("Rate ₹83.1200 per USD on 16 Nov 2026 (FBIL reference rate");
    expect(text).toContain(
      "Supply meant for export under LUT without payment of integrated tax (LUT No. AD270325001234X)",
    );
  });
});
