import type { Db } from "../db/client";
import { findInvoice } from "../db/queries/invoices";
import { AppError, notFound } from "../errors";
import type { RenderQueue } from "../pdf/render-queue";
import { prepareBusinessMail } from "./business-mail";
import { refundDownloadCredit } from "./credits";
import { downloadInvoicePdf } from "./downloads";
import { recordInvoiceEvent } from "./invoice-events";
import type { MailOutbox } from "./mail-jobs";
import { shareLink } from "./public-invoices";

// Sending an issued invoice by e-mail (issue 11 part 5): the message with the invoice's public
// link, and the PDF attached when asked, for one credit exactly like a download (DECISIONS §10):
// reserved before the render, given back when the render or the mail fails. A link alone is free.

export interface SendInput {
  to: string[];
  cc: string[];
  subject: string;
  message: string;
  attachPdf: boolean;
}

export async function sendInvoice(
  deps: { db: Db; queue: RenderQueue; mailer: MailOutbox; publicUrl: string },
  userId: string,
  invoiceId: string,
  input: SendInput,
): Promise<{ sent: true; link: string; creditsRemaining: number | null }> {
  const { db } = deps;
  const invoice = await findInvoice(db, userId, invoiceId);
  if (!invoice) throw notFound("Invoice");
  if (invoice.status === "draft")
    throw new AppError("invoice_not_payable", "Issue the invoice before sending it.");
  // Addresses checked and the account's mail limit claimed before anything is spent or queued.
  const mail = await prepareBusinessMail(
    db,
    deps.mailer.limits,
    userId,
    { to: input.to, cc: input.cc },
    invoice.invoiceData.company,
  );
  let link: string;
  let pdf: Awaited<ReturnType<typeof downloadInvoicePdf>> | null;
  try {
    link = (await shareLink(db, deps.publicUrl, userId, invoiceId)).url!;
    pdf = input.attachPdf ? await downloadInvoicePdf({ db, queue: deps.queue }, userId, invoiceId) : null;
  } catch (error) {
    await mail.release();
    throw error;
  }
  // The mail is queued (kept in the database, retried with backoff); if it can never be
  // delivered, the job gives the credit back and notes it in the activity (services/mail-jobs.ts).
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
        invoiceId,
        ...(pdf ? { refundCredit: { invoiceNumber: invoice.invoiceNumber } } : {}),
      },
    );
  } catch (error) {
    await mail.release();
    if (pdf) await refundDownloadCredit(db, { userId, invoiceId, invoiceNumber: invoice.invoiceNumber });
    throw new AppError(
      "service_unavailable",
      `The e-mail could not be sent${pdf ? ", and the credit was given back" : ""}. Please try again. (${(error as Error).message.slice(0, 120)})`,
    );
  }
  await recordInvoiceEvent(db, {
    userId,
    invoiceId,
    kind: "sent",
    detail: { to: input.to, cc: input.cc, attachPdf: input.attachPdf },
  });
  return { sent: true, link, creditsRemaining: pdf?.creditsRemaining ?? null };
}
