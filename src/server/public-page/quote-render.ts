import type { InvoicePageModel } from "#domain/invoice-page";
import { escapeHtml } from "../html";
import { type PublicPageExtras, renderPublicInvoice } from "./render";

// The public quote page (/q/<token>): the invoice page's drawing of the quote's page model, with
// Accept and Decline (the client's name, an optional comment) in place of paying, and its own
// small script (/q/page.js), never the app bundle.

export interface PublicQuoteExtras {
  token: string;
  statusKey: string;
  statusLabel: string;
  /** Accept and Decline are offered only while the quote is sent and within its date. */
  canAnswer: boolean;
  /** Why not, when the quote cannot be answered (expired, declined, accepted, converted). */
  closedMessage: string | null;
  logoUrl: string | null;
  signatureUrl: string | null;
}

const STYLE = `<style>
.status.sent { color: #1e3a8a; } .status.accepted, .status.converted { color: #166534; } .status.declined { color: #991b1b; } .status.expired { color: #92400e; }
.answer textarea { width: 100%; max-width: 32rem; min-height: 5rem; padding: .5rem; font: inherit; border: 1px solid #9ca3af; border-radius: 6px; }
.answer .buttons { display: flex; flex-wrap: wrap; gap: .6rem; margin-top: .8rem; }
</style>`;

function answerBlock(x: PublicQuoteExtras): string {
  if (!x.canAnswer) {
    return x.closedMessage
      ? `${STYLE}<section class="pay no-print" aria-labelledby="answer-heading"><h2 id="answer-heading">Your answer</h2><p id="quote-closed" role="status">${escapeHtml(x.closedMessage)}</p></section>`
      : STYLE;
  }
  return `${STYLE}<section class="pay answer no-print" aria-labelledby="answer-heading">
<h2 id="answer-heading">Accept or decline this quote</h2>
<form id="answer-form" data-token="${escapeHtml(x.token)}">
<label for="answer-name">Your name</label><input id="answer-name" name="name" required maxlength="120" autocomplete="name">
<label for="answer-comment">Comment (optional)</label><textarea id="answer-comment" name="comment" maxlength="1000"></textarea>
<div class="buttons"><button type="submit" class="button" data-verb="accept">Accept quote</button><button type="submit" class="button secondary" data-verb="decline">Decline</button></div>
<p class="small" id="answer-status" role="status"></p>
</form></section>`;
}

export function renderPublicQuote(page: InvoicePageModel, x: PublicQuoteExtras): string {
  const extras: PublicPageExtras = {
    token: x.token,
    statusKey: x.statusKey,
    statusLabel: x.statusLabel,
    balance: null,
    upi: null,
    upiImageUrl: null,
    logoUrl: x.logoUrl,
    signatureUrl: x.signatureUrl,
    paysOnline: false,
    canReport: false,
    document: { name: "quote", after: answerBlock(x), script: "/q/page.js" },
  };
  return renderPublicInvoice(page, extras);
}

/** The page's one script: print, and Accept or Decline with the name and comment typed. */
export const PUBLIC_QUOTE_SCRIPT = `"use strict";
document.getElementById("print").addEventListener("click", () => window.print());
const form = document.getElementById("answer-form");
if (form) form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const verb = event.submitter && event.submitter.dataset.verb === "decline" ? "decline" : "accept";
  const status = document.getElementById("answer-status");
  const name = document.getElementById("answer-name").value.trim();
  if (!name) { status.textContent = "Please type your name."; return; }
  status.textContent = "Sending...";
  const response = await fetch("/api/public/quotes/" + form.dataset.token + "/" + verb, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, comment: document.getElementById("answer-comment").value.trim() }),
  }).catch(() => null);
  const answer = response ? await response.json().catch(() => ({})) : {};
  if (response && response.ok) {
    status.textContent = verb === "accept" ? "Thank you. You accepted this quote; the business has been told." : "Thank you. You declined this quote; the business has been told.";
    form.querySelectorAll("button, input, textarea").forEach((el) => { el.disabled = true; });
    const badge = document.querySelector(".status");
    if (badge) { badge.textContent = verb === "accept" ? "Accepted" : "Declined"; badge.className = "status " + (verb === "accept" ? "accepted" : "declined"); }
  } else {
    status.textContent = (answer.error && answer.error.message) || "Could not send. Please try again.";
  }
});
`;
