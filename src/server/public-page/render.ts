import type { InvoicePageModel, LabelValue } from "#domain/invoice-page";
import { escapeHtml } from "../html";

// The public invoice page (/i/<token>) as one HTML document drawn from the same page model as the
// preview and the PDF (docs/decisions/0015-one-page-model.md): no app bundle, one small script of
// its own for the "I have paid" form and online payment, a print stylesheet for a clean A4.

export interface PublicPageExtras {
  token: string;
  statusLabel: string;
  /** "due", "overdue", "partially_paid", "paid", "cancelled": colours the status. */
  statusKey: string;
  balance: string | null;
  /** Pay by UPI: the link, the payee's UPI ID and the exact amount. */
  upi: { uri: string; upiId: string; amount: string; qrSvg: string } | null;
  /** The note the PDF prints under its QR above UPI's per-payment limit (domain/upi.ts). */
  upiSplitNote?: string | null;
  /**
   * An invoice's page asks to be paid: who asks, for what, by when, first on the screen (issue 33
   * part 3), with the PDF to download. Absent on other documents' pages.
   */
  ask?: { from: string; what: string; total: string; dueLine: string | null; pdfUrl: string | null };
  /** Just paid online: the thank-you at the top, with the amount and the payment's reference. */
  thanks?: { amount: string; reference: string } | null;
  /** An uploaded UPI QR image (the business's own), when it has one instead of a UPI ID. */
  upiImageUrl: string | null;
  logoUrl: string | null;
  signatureUrl: string | null;
  paysOnline: boolean;
  canReport: boolean;
  /** Another document drawn on this page (a quote): its name, its own block after the sheet, its script. */
  document?: { name: string; after: string; script: string };
}

const rows = (items: LabelValue[], cls = "") =>
  items
    .map(
      (r) =>
        `<div class="row ${cls}"><span>${escapeHtml(r.label)}</span><span>${escapeHtml(r.value)}</span></div>`,
    )
    .join("");

const block = (title: string, lines: string[]) =>
  lines.length
    ? `<h2 class="label">${escapeHtml(title)}</h2><p>${lines.map(escapeHtml).join("<br>")}</p>`
    : "";

/** A table that scrolls on its own: the columns' heads, then the rows' cells (HTML), each aligned as its column. */
function scrollTable(
  label: string,
  columns: readonly { title: string; align: string }[],
  rows: string[][],
  /** On a phone each row becomes a card of "column: value" lines, so no amount hides off to the right. */
  stack = false,
): string {
  const head = columns.map((c) => `<th scope="col" class="${c.align}">${escapeHtml(c.title)}</th>`).join("");
  const body = rows
    .map(
      (row) =>
        `<tr>${row
          .map(
            (cell, i) =>
              `<td class="${columns[i]?.align ?? "left"}"${stack ? ` data-label="${escapeHtml(columns[i]?.title ?? "")}"` : ""}>${cell}</td>`,
          )
          .join("")}</tr>`,
    )
    .join("");
  return `<div class="table${stack ? " stack" : ""}" tabindex="0" role="region" aria-label="${label}"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function linesTable(page: InvoicePageModel): string {
  const rows = page.lines.map((line) =>
    page.columns.map((c) => escapeHtml(line[c.key] ?? "").replaceAll("\n", "<br>")),
  );
  return scrollTable("Items", page.columns, rows, true);
}

/** A GST document's HSN/SAC summary and declarations (Rule 46); nothing on a retail page. */
function gstBlock(page: InvoicePageModel): string {
  if (!page.gst) return "";
  const { hsnSummary, declarations } = page.gst;
  const table = hsnSummary.rows.length
    ? `<h2 class="label">${escapeHtml(hsnSummary.title)}</h2>${scrollTable(
        "HSN/SAC summary",
        hsnSummary.columns,
        hsnSummary.rows.map((row) => row.map(escapeHtml)),
        true,
      )}`
    : "";
  return `${table}${declarations.map((d) => `<p style="margin-top:.6rem"><strong>${escapeHtml(d)}</strong></p>`).join("")}`;
}

/** Tables below the totals (a statement's open items and ageing). */
function tablesBlock(page: InvoicePageModel): string {
  return (page.tables ?? [])
    .map(
      (table) =>
        `<h2 class="label">${escapeHtml(table.title)}</h2>${scrollTable(
          escapeHtml(table.title),
          table.columns,
          table.rows.map((row) => row.map(escapeHtml)),
        )}`,
    )
    .join("");
}

/** UPI: the link to tap (a phone), the QR to scan (a computer: `desk`), and the UPI ID to copy. */
function upiParts(x: PublicPageExtras): { link: string; desk: string; id: string } {
  if (x.upi) {
    const { amount, uri, upiId, qrSvg } = x.upi;
    return {
      link: `<a class="button upi-link" href="${escapeHtml(uri)}">Pay ${escapeHtml(amount)} with UPI</a>`,
      desk: `<div class="upi-desk"><h2 class="upi-title">Pay ${escapeHtml(amount)} with UPI</h2>
<div class="qr" role="img" aria-label="UPI QR code for ${escapeHtml(amount)}">${qrSvg}</div>
<p class="small">Scan with any UPI app.</p></div>`,
      id: `<p class="small upi-id">Or pay <strong>${escapeHtml(amount)}</strong> to UPI ID <strong class="copy" id="upi-id">${escapeHtml(upiId)}</strong>
<button type="button" class="button secondary small-button" id="copy-upi" data-upi="${escapeHtml(upiId)}">Copy UPI ID</button>
<span id="copy-status" role="status"></span></p>`,
    };
  }
  const image = x.upiImageUrl
    ? `<div class="upi-desk shown"><img class="qr" src="${escapeHtml(x.upiImageUrl)}" alt="UPI QR code of the business"><p class="small">Scan with any UPI app and pay ${escapeHtml(x.balance ?? "")}.</p></div>`
    : "";
  return { link: "", desk: image, id: "" };
}

function reportBlock(x: PublicPageExtras): string {
  return x.canReport
    ? `<details id="report"><summary>I have paid</summary>
<form id="report-form" data-token="${escapeHtml(x.token)}">
<label for="utr">UPI reference (UTR)</label><input id="utr" name="utr" required maxlength="40" autocomplete="off" inputmode="numeric">
<label for="note">Note (optional)</label><input id="note" name="note" maxlength="300">
<button type="submit" class="button">Tell the business</button>
<p class="small" id="report-status" role="status"></p>
</form></details>`
    : "";
}

/**
 * The first screen of an invoice's page: the thank-you after paying, who asks, how much by when,
 * the ways to pay, then the PDF and Print; the invoice itself follows.
 */
function askBlock(x: PublicPageExtras, ask: NonNullable<PublicPageExtras["ask"]>, logo: string): string {
  const thanks = x.thanks
    ? `<div class="thanks" role="status" tabindex="-1" id="thanks"><strong>Thank you! ${escapeHtml(x.thanks.amount)} received.</strong><br>Payment reference: <span class="ref">${escapeHtml(x.thanks.reference)}</span>. ${escapeHtml(ask.from)} has been told; a receipt is on its way if they have your e-mail.</div>`
    : "";
  const status = `<span class="status ${escapeHtml(x.statusKey)}" data-status="${escapeHtml(x.statusKey)}">${escapeHtml(x.statusLabel)}</span>`;
  const amount = x.balance
    ? `<p class="due-amount"><span class="small">Amount due</span><br><strong data-testid="amount-due">${escapeHtml(x.balance)}</strong></p>`
    : `<p class="due-amount"><span class="small">Total</span><br><strong>${escapeHtml(ask.total)}</strong></p>`;
  const online =
    x.balance && x.paysOnline
      ? `<button type="button" class="button${x.upi ? " secondary" : ""}" id="pay-online" data-token="${escapeHtml(x.token)}">Pay online (cards, netbanking, UPI)</button>
<p class="small" id="pay-online-status" role="status"></p>`
      : "";
  const upi = x.balance ? upiParts(x) : { link: "", desk: "", id: "" };
  const ways = x.balance ? `<div class="ways">${upi.link}${upi.id}${online}</div>` : "";
  const note = x.balance && x.upiSplitNote ? `<p class="small note">${escapeHtml(x.upiSplitNote)}</p>` : "";
  return `<section class="ask no-print" aria-labelledby="ask-heading">${thanks}
<div class="from">${logo}<span>${escapeHtml(ask.from)}</span></div>
<h1 id="ask-heading">${escapeHtml(ask.what)}</h1>
${amount}
<p class="due-line">${ask.dueLine && x.balance ? `${escapeHtml(ask.dueLine)} ` : ""}${status}</p>
${upi.desk}${ways}${note}
<p class="tools">${ask.pdfUrl ? `<a class="button secondary" href="${escapeHtml(ask.pdfUrl)}" download>Download PDF</a> ` : ""}<button type="button" class="button secondary" id="print">Print</button></p>
${x.balance ? reportBlock(x) : ""}
</section>`;
}

export function renderPublicInvoice(page: InvoicePageModel, x: PublicPageExtras): string {
  const c = page.colours;
  const logo = x.logoUrl
    ? `<img class="logo" src="${escapeHtml(x.logoUrl)}" alt="${escapeHtml(page.company.name)} logo">`
    : "";
  // With the first screen's heading above it, the sheet's title is the page's second level.
  const titleTag = x.ask ? "h2" : "h1";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(page.info.title)} from ${escapeHtml(page.company.name)}</title>
<style>
:root { --primary: ${c.primary}; --ink: ${c.ink}; --muted: ${c.muted}; --rule: ${c.rule}; --on-primary: ${c.onPrimary}; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #111827; background: #f3f4f6; }
main { max-width: 52rem; margin: 0 auto; padding: 1rem; }
.sheet { background: #fff; color: var(--ink); border-radius: 8px; padding: 1.5rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
.top { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 1rem; border-bottom: 3px solid var(--primary); padding-bottom: 1rem; }
h1, .doc-title { margin: 0; font-size: 1.6rem; color: ${c.primaryInk}; letter-spacing: .04em; }
h2 { font-size: 1.1rem; margin: 0 0 .6rem; }
h2.label { font-size: .75rem; letter-spacing: .06em; color: var(--muted); margin: 1rem 0 .2rem; }
p { margin: 0; }
.logo { max-height: 64px; max-width: 180px; }
.status { display: inline-block; border-radius: 999px; padding: .15rem .7rem; font-weight: 600; font-size: .85rem; border: 1px solid currentColor; }
.status.paid { color: #166534; } .status.overdue { color: #92400e; } .status.cancelled { color: #991b1b; } .status.due, .status.partially_paid { color: #1e3a8a; }
.meta .row, .totals .row { display: flex; justify-content: space-between; gap: 1rem; }
.parties { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 1rem; }
.table { overflow-x: auto; margin-top: 1rem; }
table { width: 100%; border-collapse: collapse; font-size: .9rem; }
th { text-align: left; color: var(--on-primary); background: var(--primary); padding: .4rem; white-space: nowrap; }
td { padding: .4rem; border-bottom: 1px solid var(--rule); vertical-align: top; }
td:first-child { white-space: nowrap; }
.right { text-align: right; } .left { text-align: left; }
.totals { margin: 1rem 0 0 auto; max-width: 20rem; }
.totals .total { font-weight: 700; font-size: 1.1rem; border-top: 2px solid var(--primary); padding-top: .3rem; margin-top: .3rem; }
.totals .balance span:last-child { font-weight: 700; }
.words { text-align: right; color: var(--muted); font-size: .85rem; margin-top: .4rem; }
.pay { background: #fff; border-radius: 8px; padding: 1.25rem; margin-top: 1rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
.button { display: inline-block; background: #1e3a8a; color: #fff; border: 0; border-radius: 6px; padding: .7rem 1.1rem; font: inherit; font-weight: 600; text-decoration: none; cursor: pointer; margin: .3rem 0; }
.button.secondary { background: #fff; color: #1e3a8a; border: 1px solid #1e3a8a; }
.qr { display: block; width: 200px; height: 200px; margin: .6rem 0; }
.qr svg { width: 100%; height: 100%; }
.small { font-size: .85rem; color: #374151; }
.copy { user-select: all; }
label { display: block; margin-top: .6rem; font-weight: 600; font-size: .9rem; }
input { width: 100%; max-width: 24rem; padding: .5rem; font: inherit; border: 1px solid #9ca3af; border-radius: 6px; }
details { margin-top: 1rem; } summary { cursor: pointer; font-weight: 600; color: #1e3a8a; }
.actions { display: flex; justify-content: flex-end; margin-bottom: .6rem; }
.mark { color: ${page.mark?.colour ?? "#991b1b"}; font-weight: 700; }
footer { text-align: center; font-size: .8rem; color: #4b5563; margin: 1.5rem 0; }
.ask { background: #fff; color: #111827; border-radius: 8px; padding: 1rem 1.25rem; margin-bottom: 1rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
.ask h1 { font-size: 1.05rem; color: #111827; letter-spacing: 0; margin: .1rem 0 .4rem; font-weight: 600; }
.ask .from { display: flex; align-items: center; gap: .6rem; font-weight: 700; font-size: 1.15rem; }
.ask .from .logo { max-height: 40px; max-width: 96px; }
.due-amount { margin: 0; } .due-amount strong { font-size: 1.9rem; line-height: 1.2; }
.due-line { margin: .2rem 0 .6rem; }
.ask > * { grid-column: 1; }
.ways { display: flex; flex-direction: column; align-items: flex-start; gap: .2rem; }
.ways .button { min-height: 44px; }
.upi-title { margin: .4rem 0 0; font-size: 1rem; }
.small-button { padding: .35rem .7rem; margin: 0 0 0 .4rem; font-size: .85rem; }
.note { margin-top: .4rem; color: #92400e; }
.tools { margin-top: .6rem; display: flex; flex-wrap: wrap; gap: .5rem; }
.tools .button { margin: 0; }
.thanks { border: 2px solid #166534; background: #f0fdf4; color: #14532d; border-radius: 8px; padding: .7rem .9rem; margin-bottom: .8rem; }
.thanks .ref { font-family: ui-monospace, monospace; word-break: break-all; }
.upi-id { margin-top: .3rem; overflow-wrap: anywhere; }
/* A phone pays through its UPI app; a computer shows the QR to scan with one. */
@media (max-width: 40rem) {
  main { padding: .5rem; }
  .sheet { padding: 1rem; }
  .upi-desk:not(.shown) { display: none; }
  .ways > .button { width: 100%; text-align: center; }
  .small-button { margin: .3rem 0 0; }
  .table.stack { overflow: visible; }
  .stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .stack tr { display: block; border-bottom: 1px solid var(--rule); padding: .3rem 0; }
  .stack td { display: flex; justify-content: space-between; gap: 1rem; border: 0; padding: .1rem 0; white-space: normal; text-align: right; }
  .stack td::before { content: attr(data-label); color: var(--muted); font-weight: 600; text-align: left; white-space: nowrap; }
}
@media (min-width: 40.0625rem) {
  .upi-link { display: none; }
  /* A computer: the ask on the left, the QR to scan on the right. */
  .ask { display: grid; grid-template-columns: 1fr auto; column-gap: 1.5rem; align-items: start; }
  .ask > .upi-desk { grid-column: 2; grid-row: 1 / span 9; }
  .ask > .thanks { grid-column: 1 / -1; }
}
@media print {
  @page { size: A4; margin: 10mm; }
  body { background: #fff; font-size: 10pt; line-height: 1.3; }
  main { max-width: none; padding: 0; }
  .sheet { box-shadow: none; padding: 0; border-radius: 0; }
  .no-print, footer { display: none !important; }
  /* Every column on the page: no scrolling box to clip the Amount, heads that may wrap. */
  .table { overflow: visible; margin-top: .6rem; }
  table { font-size: 8.5pt; }
  th { white-space: normal; padding: .25rem; }
  td { padding: .25rem; }
  td:first-child { white-space: normal; }
  .top { padding-bottom: .6rem; gap: .6rem; }
  h1, .doc-title { font-size: 1.3rem; }
  h2.label { margin-top: .6rem; }
  tr, .totals { break-inside: avoid; }
  th, .status { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
</style>
</head>
<body>
<main>
${x.ask ? askBlock(x, x.ask, logo) : `<div class="actions no-print"><button type="button" class="button secondary" id="print">Print</button></div>`}
<article class="sheet" aria-label="${escapeHtml(page.info.title)}">
<div class="top">
<div>
${logo}
<p><strong>${escapeHtml(page.company.name)}</strong></p>
<p class="small">${page.company.lines.map(escapeHtml).join("<br>")}</p>
</div>
<div>
<${titleTag} class="doc-title">${escapeHtml(page.title)}</${titleTag}>
<div class="meta">${rows(page.meta)}</div>
<p style="margin-top:.4rem"><span class="status ${escapeHtml(x.statusKey)}" data-status="${escapeHtml(x.statusKey)}">${escapeHtml(x.statusLabel)}</span>${page.mark ? ` <span class="mark">${escapeHtml(page.mark.text)}</span>` : ""}</p>
</div>
</div>
<div class="parties">
<div>${block(page.labels.billTo, [page.billTo.name, ...page.billTo.lines])}</div>
${page.shipTo ? `<div>${block(page.labels.shipTo, page.shipTo)}</div>` : ""}
</div>
${linesTable(page)}
<div class="totals">${rows(page.totals)}<div class="row total"><span>${escapeHtml(page.total.label)}</span><span data-testid="public-total">${escapeHtml(page.total.value)}</span></div>${rows(page.payments, "balance")}</div>
<p class="words">${escapeHtml(page.amountInWords)}</p>
${tablesBlock(page)}
${gstBlock(page)}
${page.notes ? block(page.labels.notes, page.notes.split("\n")) : ""}
${page.terms ? block(page.labels.terms, page.terms.split("\n")) : ""}
${page.bank ? `<h2 class="label">${escapeHtml(page.labels.bank)}</h2><div class="meta small">${rows(page.bank)}</div>` : ""}
${x.signatureUrl ? `<p style="margin-top:1rem;text-align:right"><img src="${escapeHtml(x.signatureUrl)}" alt="Signature" style="max-height:60px"><br>${escapeHtml(page.signatory.forCompany)}<br>${escapeHtml(page.labels.signatory)}</p>` : page.gst ? `<p style="margin-top:1rem;text-align:right">${escapeHtml(page.signatory.forCompany)}<br>${escapeHtml(page.labels.signatory)}</p>` : ""}
</article>
${x.document?.after ?? ""}
<footer>Sent with Bahi. This page shows this ${x.document?.name ?? "invoice"} only.</footer>
</main>
<script src="${x.document?.script ?? "/i/page.js"}" defer></script>
</body>
</html>`;
}

/** The page's one script: print, "I have paid", and online payment through the business's Razorpay. */
export const PUBLIC_PAGE_SCRIPT = `"use strict";
document.getElementById("print").addEventListener("click", () => window.print());
const copy = document.getElementById("copy-upi");
if (copy) copy.addEventListener("click", async () => {
  const status = document.getElementById("copy-status");
  const done = await navigator.clipboard.writeText(copy.dataset.upi).then(() => true, () => false);
  status.textContent = done ? " Copied." : " Select the UPI ID to copy it.";
});
const thanks = document.getElementById("thanks");
if (thanks) { window.scrollTo(0, 0); thanks.focus(); }
const form = document.getElementById("report-form");
if (form) form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const status = document.getElementById("report-status");
  status.textContent = "Sending...";
  const response = await fetch("/api/public/invoices/" + form.dataset.token + "/payment-reports", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ utr: document.getElementById("utr").value.trim(), note: document.getElementById("note").value.trim() }),
  }).catch(() => null);
  const answer = response ? await response.json().catch(() => ({})) : {};
  status.textContent = response && response.ok
    ? "Thank you. The business has been told and will confirm your payment."
    : (answer.error && answer.error.message) || "Could not send. Please try again.";
  if (response && response.ok) form.querySelector("button").disabled = true;
});
const pay = document.getElementById("pay-online");
if (pay) pay.addEventListener("click", async () => {
  const status = document.getElementById("pay-online-status");
  const base = "/api/public/invoices/" + pay.dataset.token;
  status.textContent = "Opening the payment...";
  const created = await fetch(base + "/online-orders", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const order = await created.json().catch(() => ({}));
  if (!created.ok) { status.textContent = (order.error && order.error.message) || "Could not start the payment."; return; }
  const verify = async (answer) => {
    const done = await fetch(base + "/online-payments", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(answer) });
    const body = await done.json().catch(() => ({}));
    // The page again, at its top, with the thank-you the server draws for this payment.
    if (done.ok) { status.textContent = "Paid. Thank you!"; location.replace(location.pathname + "?paid=" + encodeURIComponent(answer.razorpay_payment_id)); }
    else status.textContent = (body.error && body.error.message) || "We could not confirm the payment.";
  };
  if (order.test_mode) {
    if (!confirm("Test mode: no money moves. Pay " + (order.amount / 100).toFixed(2) + " " + order.currency + "?")) { status.textContent = ""; return; }
    const paid = await fetch(base + "/online-orders/" + encodeURIComponent(order.order_id) + "/test-pay", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    return verify(await paid.json());
  }
  const start = () => new window.Razorpay({ key: order.key_id, order_id: order.order_id, amount: order.amount, currency: order.currency, name: order.name, description: order.description, handler: verify, modal: { ondismiss: () => { status.textContent = ""; } } }).open();
  if (window.Razorpay) return start();
  const script = document.createElement("script");
  script.src = order.checkout_url;
  script.onload = start;
  script.onerror = () => { status.textContent = "Could not load the payment window."; };
  document.head.appendChild(script);
});
`;
