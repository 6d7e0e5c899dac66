import { unlinked } from "#domain/mail-address";
import type { Db } from "../db/client";
import { findUserContact } from "../db/queries/payments";
import type { PreInvoiceRow, QuoteRow } from "../db/queries/quotes";
import { orNotFound } from "../errors";
import { findPublicDocument } from "./documents/public-page";
import type { MailOutbox } from "./mail-jobs";
import { answerQuote, type SavedQuote } from "./quotes";

// A quote leaves Bahi as the invoice does (DECISIONS §10): a public page by an unguessable,
// revocable link (/q/<token>) and the client's answer on it. E-mail and the PDF go the way of
// every document (services/documents/).

/** The quote behind a public link; none for a wrong or revoked token, a draft, or another kind. */
async function publicQuote(db: Db, token: string): Promise<QuoteRow | undefined> {
  const row = (await findPublicDocument(db, "quote", token)) as PreInvoiceRow | undefined;
  return row?.kind === "quote" ? (row as QuoteRow) : undefined;
}

/** The client's Accept or Decline on the public page, with their name, comment, time and address. */
export async function answerPublicQuote(
  deps: { db: Db; mailer: MailOutbox; publicUrl: string; onMailFailed: (error: unknown) => void },
  token: string,
  verb: "accepted" | "declined",
  answer: { name: string; comment: string; ip: string },
): Promise<SavedQuote> {
  const row = orNotFound(await publicQuote(deps.db, token), "Quote");
  const saved = await answerQuote(deps.db, row.businessId, row.id, verb, { ...answer, by: "client" });
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
  const contact = await findUserContact(deps.db, quote.businessId);
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
