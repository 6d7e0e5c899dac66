import { DOCUMENT_KINDS, type PreInvoiceKind, type PreInvoiceStatus } from "#domain/document-kinds";
import { unlinked } from "#domain/mail-address";
import type { QuoteStatus } from "#domain/quotes";
import { quoteStatus } from "#domain/quotes";
import { now } from "../clock";
import type { Db } from "../db/client";
import { findUserContact } from "../db/queries/payments";
import {
  findQuoteByPublicToken,
  type PreInvoiceRow,
  type QuoteRow,
  setQuoteToken,
} from "../db/queries/quotes";
import { cachedSettings } from "../db/queries/settings";
import { AppError, notFound } from "../errors";
import { toQuotePdfView } from "../pdf/quote-view";
import type { RenderQueue } from "../pdf/render-queue";
import { prepareBusinessMail } from "./business-mail";
import { refundDownloadCredit } from "./credits";
import { type DownloadedPdf, renderForCredit } from "./downloads";
import type { MailOutbox } from "./mail-jobs";
import { newPublicToken } from "./public-invoices";
import { recordQuoteEvent, recordQuoteView } from "./quote-events";
import { answerQuote, findOwn, markQuoteSent, type SavedQuote } from "./quotes";
import type { SendInput } from "./send-invoice";

// A quote leaves Bahi as the invoice does (DECISIONS §10): a public page by an unguessable,
// revocable link (/q/<token>), e-mail with that link, WhatsApp (a link, free), and the PDF for
// one credit, reserved and given back exactly as an invoice's. Proforma invoices and delivery
// challans leave the same way (`kind`, #domain/document-kinds); a challan once it is issued.

const linkOf = (publicUrl: string, token: string | null) => ({
  url: token ? `${publicUrl}/q/${token}` : null,
});

/** The status the document shows now (a quote's expired is worked out in the owner's zone). */
export async function shownStatus(db: Db, row: PreInvoiceRow): Promise<QuoteStatus | PreInvoiceStatus> {
  if (row.kind !== "quote") return row.status;
  const settings = await cachedSettings(db, row.userId);
  return quoteStatus((row as QuoteRow).status, row.validUntil, now(), settings.timeZone);
}

/** Whether the document may leave Bahi now (a quote or proforma as a draft is sent by it). */
function refuseUnsendable(row: PreInvoiceRow) {
  const sendable: readonly PreInvoiceStatus[] =
    row.kind === "challan" ? ["issued", "returned", "converted"] : ["draft", "sent"];
  if (sendable.includes(row.status)) return;
  const noun = DOCUMENT_KINDS[row.kind].noun;
  const message =
    row.kind === "challan" && row.status === "draft"
      ? "Issue the delivery challan before sending it or sharing its link."
      : `This ${noun} is ${row.status}, so it cannot be sent again.`;
  throw new AppError(row.kind === "quote" ? "quote_closed" : "document_closed", message);
}

export async function readQuoteLink(
  db: Db,
  publicUrl: string,
  userId: string,
  id: string,
  kind: PreInvoiceKind = "quote",
) {
  const row = await findOwn(db, userId, kind, id);
  return linkOf(publicUrl, row.publicToken);
}

/**
 * The quote's public link, made on first use (sharing a draft's link sends it: it is marked sent);
 * `renew` replaces it and the old link stops working at once.
 */
export async function shareQuoteLink(
  db: Db,
  publicUrl: string,
  userId: string,
  id: string,
  opts: { renew?: boolean; kind?: PreInvoiceKind } = {},
) {
  return db.transaction(async (tx) => {
    const current = await findOwn(tx, userId, opts.kind ?? "quote", id, true);
    if (current.publicToken && !opts.renew) return linkOf(publicUrl, current.publicToken);
    if (current.kind === "challan") refuseUnsendable(current);
    await markQuoteSent(tx, userId, current);
    const row = await setQuoteToken(tx, userId, id, newPublicToken(), now());
    if (!row) throw notFound("Quote");
    await recordQuoteEvent(tx, {
      userId,
      quoteId: id,
      kind: current.publicToken ? "link_renewed" : "link_created",
    });
    return linkOf(publicUrl, row.token);
  });
}

/**
 * The document's PDF for one credit: the invoice's reservation, the kind's page. A challan prints
 * in triplicate on request: three labelled copies in one file, still one credit.
 */
export async function downloadQuotePdf(
  deps: { db: Db; queue: RenderQueue },
  userId: string,
  id: string,
  opts: { kind?: PreInvoiceKind; triplicate?: boolean } = {},
): Promise<DownloadedPdf> {
  const row = await findOwn(deps.db, userId, opts.kind ?? "quote", id);
  const status = await shownStatus(deps.db, row);
  return renderForCredit(deps, userId, row.id, row.quoteNumber, row.quoteData, (images) =>
    toQuotePdfView(row, status, images, { triplicate: opts.triplicate ?? false }),
  );
}

/** E-mails the quote with its public link (a draft becomes sent); the PDF attached costs a credit. */
export async function sendQuote(
  deps: { db: Db; queue: RenderQueue; mailer: MailOutbox; publicUrl: string },
  userId: string,
  id: string,
  input: SendInput,
  kind: PreInvoiceKind = "quote",
): Promise<{ sent: true; link: string; creditsRemaining: number | null }> {
  const { db } = deps;
  const quote = await findOwn(db, userId, kind, id);
  refuseUnsendable(quote);
  // Addresses checked and the account's mail limit claimed before anything is spent or queued.
  const mail = await prepareBusinessMail(
    db,
    deps.mailer.limits,
    userId,
    { to: input.to, cc: input.cc },
    quote.quoteData.company,
  );
  let link: string;
  let pdf: DownloadedPdf | null;
  try {
    link = (await shareQuoteLink(db, deps.publicUrl, userId, id, { kind })).url!;
    pdf = input.attachPdf ? await downloadQuotePdf({ db, queue: deps.queue }, userId, id, { kind }) : null;
  } catch (error) {
    await mail.release();
    throw error;
  }
  try {
    await deps.mailer.send(
      {
        to: input.to,
        ...(input.cc.length ? { cc: input.cc } : {}),
        subject: input.subject,
        text: input.message,
        onBehalfOf: mail.sender,
        ...(pdf
          ? { attachments: [{ filename: pdf.filename, content: pdf.pdf, contentType: "application/pdf" }] }
          : {}),
      },
      {
        userId,
        invoiceId: id,
        quote: true,
        ...(pdf ? { refundCredit: { invoiceNumber: quote.quoteNumber } } : {}),
      },
    );
  } catch (error) {
    await mail.release();
    if (pdf) await refundDownloadCredit(db, { userId, invoiceId: id, invoiceNumber: quote.quoteNumber });
    throw new AppError(
      "service_unavailable",
      `The e-mail could not be sent${pdf ? ", and the credit was given back" : ""}. Please try again. (${(error as Error).message.slice(0, 120)})`,
    );
  }
  await recordQuoteEvent(db, {
    userId,
    quoteId: id,
    kind: "sent",
    detail: { to: input.to, cc: input.cc, attachPdf: input.attachPdf },
  });
  return { sent: true, link, creditsRemaining: pdf?.creditsRemaining ?? null };
}

/** The document behind a public link; none for a wrong or revoked token, or a draft. */
export async function publicQuote(db: Db, token: string): Promise<PreInvoiceRow | undefined> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return undefined;
  const row = await findQuoteByPublicToken(db, token);
  return row && row.status !== "draft" ? row : undefined;
}

/** A view counts unless the signed-in owner is looking at their own quote. */
export async function notePublicQuoteView(
  db: Db,
  row: PreInvoiceRow,
  viewerId: string | null,
): Promise<void> {
  if (viewerId === row.userId) return;
  await recordQuoteView(db, { userId: row.userId, quoteId: row.id });
}

/** The client's Accept or Decline on the public page, with their name, comment, time and address. */
export async function answerPublicQuote(
  deps: { db: Db; mailer: MailOutbox; publicUrl: string; onMailFailed: (error: unknown) => void },
  token: string,
  verb: "accepted" | "declined",
  answer: { name: string; comment: string; ip: string },
): Promise<SavedQuote> {
  const row = await publicQuote(deps.db, token);
  if (!row) throw notFound("Quote");
  const saved = await answerQuote(deps.db, row.userId, row.id, verb, { ...answer, by: "client" });
  // The business hears of the answer at once; the answer stands whether or not the mail goes.
  void tellBusinessOfAnswer(deps, saved, verb, answer).catch(deps.onMailFailed);
  return saved;
}

async function tellBusinessOfAnswer(
  deps: { db: Db; mailer: MailOutbox; publicUrl: string },
  quote: SavedQuote,
  verb: "accepted" | "declined",
  answer: { name: string; comment: string },
) {
  const contact = await findUserContact(deps.db, quote.userId);
  if (!contact) return;
  // The name and the comment are a stranger's words: plain text only, no link in them made
  // clickable, and said to be theirs (decision 0044).
  const name = unlinked(answer.name);
  await deps.mailer.send({
    to: contact.email,
    subject: `Quote ${quote.quoteNumber} ${verb} by ${name}`,
    text: [
      `"${name}" ${verb} quote ${quote.quoteNumber}${quote.clientName ? ` for ${quote.clientName}` : ""} on its public page.`,
      ...(answer.comment
        ? [
            "",
            "Comment (written by the visitor of your quote's public page; Bahi did not check it):",
            unlinked(answer.comment),
          ]
        : []),
      "",
      verb === "accepted"
        ? "Convert it to an invoice from the quote:"
        : "The quote is closed; you can make a new one from it:",
      `${deps.publicUrl}/quotes/${quote.id}`,
      "",
      "Bahi",
    ].join("\n"),
  });
}
