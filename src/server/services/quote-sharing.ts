import { unlinked } from "#domain/mail-address";
import { now } from "../clock";
import type { Db } from "../db/client";
import { findUserContact } from "../db/queries/payments";
import { findQuote, findQuoteByPublicToken, type QuoteRow, setQuoteToken } from "../db/queries/quotes";
import { notFound } from "../errors";
import { recordEvent, recordView } from "./documents/events";
import type { MailOutbox } from "./mail-jobs";
import { newPublicToken } from "./public-invoices";
import { answerQuote, markQuoteSent, type SavedQuote } from "./quotes";

// A quote leaves Bahi as the invoice does (DECISIONS §10): a public page by an unguessable,
// revocable link (/q/<token>) and the client's answer on it. E-mail and the PDF go the way of
// every document (services/documents/).

const linkOf = (publicUrl: string, token: string | null) => ({
  url: token ? `${publicUrl}/q/${token}` : null,
});

export async function readQuoteLink(db: Db, publicUrl: string, userId: string, id: string) {
  const row = await findQuote(db, userId, id);
  if (!row) throw notFound("Quote");
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
  opts: { renew?: boolean } = {},
) {
  return db.transaction(async (tx) => {
    const current = await findQuote(tx, userId, id, { forUpdate: true });
    if (!current) throw notFound("Quote");
    if (current.publicToken && !opts.renew) return linkOf(publicUrl, current.publicToken);
    await markQuoteSent(tx, userId, current);
    const row = await setQuoteToken(tx, userId, id, newPublicToken(), now());
    if (!row) throw notFound("Quote");
    await recordEvent(tx, {
      userId,
      document: { kind: "quote", id },
      kind: current.publicToken ? "link_renewed" : "link_created",
    });
    return linkOf(publicUrl, row.token);
  });
}

/** The quote behind a public link; none for a wrong or revoked token, or a draft. */
export async function publicQuote(db: Db, token: string): Promise<QuoteRow | undefined> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return undefined;
  const row = await findQuoteByPublicToken(db, token);
  return row && row.status !== "draft" ? row : undefined;
}

/** A view counts unless the signed-in owner is looking at their own quote. */
export async function notePublicQuoteView(db: Db, row: QuoteRow, viewerId: string | null): Promise<void> {
  if (viewerId === row.userId) return;
  await recordView(db, { userId: row.userId, document: { kind: "quote", id: row.id } });
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
