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
): string {
  const head = columns.map((c) => `<th scope="col" class="${c.align}">${escapeHtml(c.title)}</th>`).join("");
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((cell, i) => `<td class="${columns[i]?.align ?? "left"}">${cell}</td>`).join("")}</tr>`,
    )
    .join("");
  return `<div class="table" tabindex="0" role="region" aria-label="${label}"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

function linesTable(page: InvoicePageModel): string {
  const rows = page.lines.map((line) =>
    page.columns.map((c) => escapeHtml(line[c.key] ?? "").replaceAll("\n", "<br>")),
  );
  return scrollTable("Items", page.columns, rows);
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

function payBlock(x: PublicPageExtras): string {
  if (!x.upi && !x.upiImageUrl && !x.paysOnline) return "";
  const upi = x.upi
    ? `<a class="button" href="${escapeHtml(x.upi.uri)}">Pay ${escapeHtml(x.upi.amount)} with UPI</a>
<div class="qr" role="img" aria-label="UPI QR code for ${escapeHtml(x.upi.amount)}">${x.upi.qrSvg}</div>
<p class="small">Scan with any UPI app, or pay <strong>${escapeHtml(x.upi.amount)}</strong> to UPI ID <strong class="copy">${escapeHtml(x.upi.upiId)}</strong>.</p>`
    : x.upiImageUrl
      ? `<img class="qr" src="${escapeHtml(x.upiImageUrl)}" alt="UPI QR code of the business"><p class="small">Scan with any UPI app and pay ${escapeHtml(x.balance ?? "")}.</p>`
      : "";
  const online = x.paysOnline
    ? `<button type="button" class="button secondary" id="pay-online" data-token="${escapeHtml(x.token)}">Pay online (cards, netbanking, UPI)</button>
<p class="small" id="pay-online-status" role="status"></p>`
    : "";
  const report = x.canReport
    ? `<details id="report"><summary>I have paid</summary>
<form id="report-form" data-token="${escapeHtml(x.token)}">
<label for="utr">UPI reference (UTR)</label><input id="utr" name="utr" required maxlength="40" autocomplete="off" inputmode="numeric">
<label for="note">Note (optional)</label><input id="note" name="note" maxlength="300">
<button type="submit" class="button">Tell the business</button>
<p class="small" id="report-status" role="status"></p>
</form></details>`
    : "";
  return `<section class="pay no-print" aria-labelledby="pay-heading"><h2 id="pay-heading">Pay ${escapeHtml(x.balance ?? "")}</h2>${upi}${online}${report}</section>`;
}

export function renderPublicInvoice(page: InvoicePageModel, x: PublicPageExtras): string {
  const c = page.colours;
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
h1 { margin: 0; font-size: 1.6rem; color: ${c.primaryInk}; letter-spacing: .04em; }
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
@media print {
  @page { size: A4; margin: 12mm; }
  body { background: #fff; }
  main { max-width: none; padding: 0; }
  .sheet { box-shadow: none; padding: 0; }
  .no-print, footer { display: none !important; }
  th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
</style>
</head>
<body>
<main>
<div class="actions no-print"><button type="button" class="button secondary" id="print">Print</button></div>
<article class="sheet" aria-label="${escapeHtml(page.info.title)}">
<div class="top">
<div>
${x.logoUrl ? `<img class="logo" src="${escapeHtml(x.logoUrl)}" alt="${escapeHtml(page.company.name)} logo">` : ""}
<p><strong>${escapeHtml(page.company.name)}</strong></p>
<p class="small">${page.company.lines.map(escapeHtml).join("<br>")}</p>
</div>
<div>
<h1>${escapeHtml(page.title)}</h1>
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
${x.balance ? payBlock(x) : ""}${x.document?.after ?? ""}
<footer>Sent with Bahi. This page shows this ${x.document?.name ?? "invoice"} only.</footer>
</main>
<script src="${x.document?.script ?? "/i/page.js"}" defer></script>
</body>
</html>`;
}

/** The page's one script: print, "I have paid", and online payment through the business's Razorpay. */
export const PUBLIC_PAGE_SCRIPT = `"use strict";
document.getElementById("print").addEventListener("click", () => window.print());
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
    if (done.ok) { status.textContent = "Paid. Thank you!"; setTimeout(() => location.reload(), 800); }
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
