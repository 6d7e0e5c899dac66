import { readFileSync } from "node:fs";
import { FALLBACK_FACES, type FontFamily, fontFace } from "#server/pdf/fonts";
import type { InvoiceAssets } from "./assets.js";
import type { InvoiceView } from "./invoice.js";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const dataUrl = (bytes: Buffer, type: string) => `data:${type};base64,${bytes.toString("base64")}`;

function fontFaces(family: FontFamily): { css: string; stack: string } {
  const faces = [{ ...fontFace(family), name: family }, ...FALLBACK_FACES];
  const css = faces
    .flatMap((face) =>
      (["regular", "bold"] as const).map(
        (weight) =>
          `@font-face{font-family:"${face.name}";font-weight:${weight === "bold" ? 700 : 400};src:url(${dataUrl(readFileSync(face[weight]), "font/ttf")})}`,
      ),
    )
    .join("\n");
  return { css, stack: faces.map((face) => `"${face.name}"`).join(",") };
}

/** The same invoice as one self-contained HTML page (fonts and images inline), for Chromium. */
export function invoiceHtml(invoice: InvoiceView, assets: InvoiceAssets, family: FontFamily): string {
  return `${invoiceHead(invoice, family)}<body>${invoiceBody(invoice, assets)}</body></html>`;
}

/** The page up to <body>: the fonts and the styles, which a warm page can keep between invoices. */
export function invoiceHead(invoice: InvoiceView, family: FontFamily): string {
  const fonts = fontFaces(family);
  return `<!doctype html><html><head><meta charset="utf-8"><title>Invoice ${invoice.invoiceNumber}</title><style>
${fonts.css}
@page{size:A4;margin:36pt}
body{font-family:${fonts.stack};font-size:8.5pt;margin:0;color:#000}
.row{display:flex;justify-content:space-between}.m{color:#555}.r{text-align:right}
.label{font-size:7.5pt;font-weight:700;color:#555;margin:0 0 2pt}
h1{font-size:14pt;color:#1E3A8A;margin:0 0 3pt}h2{font-size:18pt;color:#1E3A8A;margin:0 0 6pt;text-align:right}
.rule{height:1.5pt;background:#2DD4BF;margin:10pt 0 8pt}
table{border-collapse:collapse;width:100%}td,th{padding:2.5pt 3pt}
.items th{background:#1E3A8A;color:#fff;font-size:7.5pt;text-align:left}.items td{font-size:7.8pt}
.items tr:nth-child(even) td{background:#F3F6FB}.items th.r{text-align:right}
.total{background:#1E3A8A;color:#fff;font-weight:700;padding:5pt;display:flex;justify-content:space-between}
</style></head>`;
}

/** The invoice itself, the part that changes from one invoice to the next. */
export function invoiceBody(invoice: InvoiceView, assets: InvoiceAssets): string {
  const e = escapeHtml;
  const rows = invoice.lines
    .map(
      (l) =>
        `<tr><td>${l.index}</td><td>${e(l.description)}</td><td>${l.hsn}</td><td class=r>${l.qty}</td><td>${l.unit}</td><td class=r>${l.rate}</td><td class=r>${l.discount}</td><td class=r>${l.tax}</td><td class=r>${l.amount}</td></tr>`,
    )
    .join("");
  const slabs = invoice.taxSummary
    .map((t) => `<tr><td>${t.label}</td><td class=r>${t.taxable}</td><td class=r>${t.tax}</td></tr>`)
    .join("");
  const totals = invoice.totals
    .map((t) => `<tr><td class=m>${t.label}</td><td class=r>${t.value}</td></tr>`)
    .join("");
  return `<div class=row><div style="display:flex"><img src="${dataUrl(assets.logoPng, "image/png")}" style="width:56pt;height:56pt;margin-right:10pt">
<div><h1>${e(invoice.company.name)}</h1>${invoice.company.lines.map((l) => `<div class=m>${e(l)}</div>`).join("")}</div></div>
<div style="width:180pt"><h2>${invoice.title}</h2>
<div class=row><span class=m>Invoice no.</span><b>${invoice.invoiceNumber}</b></div>
<div class=row><span class=m>Invoice date</span><b>${invoice.invoiceDate}</b></div>
<div class=row><span class=m>Due date</span><b>${invoice.dueDate}</b></div></div></div>
<div class=rule></div><p class=label>BILL TO</p><div style="font-size:11pt;font-weight:700">${e(invoice.client.name)}</div>
${invoice.client.lines.map((l) => `<div>${e(l)}</div>`).join("")}
<table class=items style="margin-top:8pt"><tr><th>#</th><th>Item</th><th>HSN/SAC</th><th class=r>Qty</th><th>Unit</th><th class=r>Rate</th><th class=r>Disc.</th><th class=r>GST</th><th class=r>Amount</th></tr>${rows}</table>
<div class=row style="margin-top:10pt"><div style="width:240pt"><p class=label>TAX SUMMARY</p>
<table style="font-size:7.5pt"><tr><th align=left>Tax</th><th class=r>Taxable value</th><th class=r>Tax amount</th></tr>${slabs}</table></div>
<div style="width:225pt"><table>${totals}</table><div class=total><span style="font-size:10pt">Total</span><span style="font-size:12pt">${invoice.grandTotal}</span></div>
<div class="m r" style="font-size:7.8pt;margin-top:4pt">${e(invoice.amountInWords)}</div></div></div>
<div style="display:flex;margin-top:12pt;font-size:7.8pt"><div style="width:200pt;margin-right:10pt"><p class=label>NOTES</p>${e(invoice.notes)}
<p class=label style="margin-top:4pt">TERMS</p>${e(invoice.terms)}</div>
<div style="width:190pt"><p class=label>BANK DETAILS</p>${invoice.bank.map((l) => `<div>${e(l)}</div>`).join("")}<div>UPI: ${invoice.upiId}</div></div>
<div style="width:96pt;text-align:center"><img src="${dataUrl(assets.upiQrPng, "image/png")}" style="width:96pt;height:96pt"><div class=m style="font-size:6.5pt">Scan to pay with UPI</div></div></div>
<div style="width:150pt;margin:16pt 0 0 auto;text-align:right;font-size:7.8pt">For ${e(invoice.company.name)}
<div style="height:24pt;border-bottom:0.5pt solid #888"></div><div class=m style="font-size:7.5pt">Authorised signatory</div></div>
`;
}
