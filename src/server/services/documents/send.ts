import type { DocumentRef } from "#domain/document-kinds";
import { renderSendTemplate, sendValues } from "#domain/send";
import type { Db } from "#server/db/client";
import { AppError, notFound } from "#server/errors";
import type { RenderQueue } from "#server/pdf/render-queue";
import { recordActivity } from "../activity-log";
import { prepareBusinessMail } from "../business-mail";
import { refundDownloadCredit } from "../credits";
import type { MailOutbox } from "../mail-jobs";
import { recordEvent } from "./events";
import { DOCUMENT_KIND_CONFIG } from "./kinds";
import { type DownloadedPdf, downloadDocumentPdf } from "./paid-pdf";
import { shareDocumentLink } from "./share-link";

// Sending a document by e-mail (issue 11 part 5), one path for every kind: the message with the
// document's public link, and the PDF attached when asked, for one credit exactly like a download
// (DECISIONS §10): reserved before the render, given back when the render or the mail fails. A
// link alone is free. The subject and message are filled here ({invoice_number}, {link}, ...), so a
// client of the API mails the same words as the web's send dialog.

export interface SendInput {
  to: string[];
  cc: string[];
  subject: string;
  message: string;
  attachPdf: boolean;
}

export interface SendDeps {
  db: Db;
  queue: RenderQueue;
  mailer: MailOutbox;
  publicUrl: string;
}

export async function sendDocument(
  deps: SendDeps,
  businessId: string,
  document: DocumentRef,
  input: SendInput,
): Promise<{ sent: true; link: string; creditsRemaining: number | null }> {
  const { db } = deps;
  const kind = DOCUMENT_KIND_CONFIG[document.kind];
  const sendable = await kind.sendable?.(db, businessId, document.id);
  if (!sendable) throw notFound(kind.title);
  if (sendable.refusal) throw sendable.refusal;
  // Addresses checked and the account's mail limit claimed before anything is spent or queued.
  const mail = await prepareBusinessMail(
    db,
    deps.mailer.limits,
    businessId,
    { to: input.to, cc: input.cc },
    sendable.company,
  );
  let link: string;
  let pdf: DownloadedPdf | null;
  try {
    link = (await shareDocumentLink(db, deps.publicUrl, businessId, document)).url!;
    pdf = input.attachPdf ? await downloadDocumentPdf({ db, queue: deps.queue }, businessId, document) : null;
  } catch (error) {
    await mail.release();
    throw error;
  }
  const values = sendValues({ ...sendable.facts, link });
  // The mail is queued (kept in the database, retried with backoff); if it can never be
  // delivered, the job gives the credit back and notes it in the activity (services/mail-jobs.ts).
  try {
    await deps.mailer.send(
      {
        to: input.to,
        ...(input.cc.length ? { cc: input.cc } : {}),
        subject: renderSendTemplate(input.subject, values),
        text: renderSendTemplate(input.message, values),
        onBehalfOf: mail.sender,
        ...(pdf
          ? { attachments: [{ filename: pdf.filename, content: pdf.pdf, contentType: "application/pdf" }] }
          : {}),
      },
      { businessId, document, ...(pdf ? { refundCredit: { documentNumber: pdf.documentNumber } } : {}) },
    );
  } catch (error) {
    await mail.release();
    if (pdf)
      await refundDownloadCredit(db, {
        businessId,
        document: pdf.document,
        documentNumber: pdf.documentNumber,
      });
    throw new AppError(
      "service_unavailable",
      `The e-mail could not be sent${pdf ? ", and the credit was given back" : ""}. Please try again. (${(error as Error).message.slice(0, 120)})`,
    );
  }
  const detail = { to: input.to, cc: input.cc, attachPdf: input.attachPdf };
  await db.transaction(async (tx) => {
    await recordEvent(tx, { businessId, document, kind: "sent", detail });
    const record = { kind: document.kind, id: document.id, label: sendable.facts.number };
    await recordActivity(tx, { businessId, action: "sent", record, detail });
  });
  return { sent: true, link, creditsRemaining: pdf?.creditsRemaining ?? null };
}
