import type { InvoiceDocument } from "#domain/invoice";
import type { Db } from "../db/client";
import { findImage } from "../db/queries/images";
import { findInvoice } from "../db/queries/invoices";
import { AppError, notFound } from "../errors";
import { pdfFilename } from "../pdf/download";
import type { RenderQueue } from "../pdf/render-queue";
import { type PdfImages, type PdfView, toPdfView } from "../pdf/view";
import { debitDownloadCredit, ensureSignupCredits, readCreditBalance, refundDownloadCredit } from "./credits";

export const OUT_OF_CREDITS_MESSAGE = "You have no download credits left. Buy more to download.";

export interface DownloadedPdf {
  pdf: Buffer;
  filename: string;
  creditsRemaining: number;
}

async function imageBytes(db: Db, userId: string, id: string | null): Promise<Uint8Array | null> {
  if (!id) return null;
  const image = await findImage(db, userId, id);
  return image ? image.bytes : null;
}

/**
 * Reserves one credit, renders the user's invoice in its turn, and gives the credit back when the
 * render fails or is refused (DECISIONS §3; docs/decisions/0002-pdf-engine.md): the debit is a
 * ledger row and the refund another, so the ledger always sums to the balance, and 20 parallel
 * downloads at 1 credit reserve it once. The balance and the queue are checked first so that a
 * user at 0 credits, or a queue that would refuse, costs neither a render nor a ledger row.
 */
export async function downloadInvoicePdf(
  deps: { db: Db; queue: RenderQueue },
  userId: string,
  invoiceId: string,
): Promise<DownloadedPdf> {
  const row = await findInvoice(deps.db, userId, invoiceId);
  if (!row) throw notFound("Invoice");
  return renderForCredit(deps, userId, row.id, row.invoiceNumber, row.invoiceData, (images) =>
    toPdfView(row.invoiceData, images, Number(row.amountPaidMinor)),
  );
}

/**
 * The credit reservation around one render, for any document drawn from the page model (an
 * invoice, a quote): the same checks, debit and refund whatever the document is.
 */
export async function renderForCredit(
  deps: { db: Db; queue: RenderQueue },
  userId: string,
  documentId: string,
  documentNumber: string,
  document: InvoiceDocument,
  view: (images: PdfImages) => PdfView,
): Promise<DownloadedPdf> {
  const { db, queue } = deps;
  await ensureSignupCredits(db, userId);
  const balance = await readCreditBalance(db, userId);
  if (balance.credits < 1) throw new AppError("payment_required", OUT_OF_CREDITS_MESSAGE);
  queue.check(userId);

  const entry = { userId, invoiceId: documentId, invoiceNumber: documentNumber };
  const remaining = await debitDownloadCredit(db, entry);
  if (remaining === null) throw new AppError("payment_required", OUT_OF_CREDITS_MESSAGE);
  try {
    const company = document.company;
    const [logo, signature, upiQr] = await Promise.all([
      imageBytes(db, userId, company.logoImageId),
      document.includeSignature ? imageBytes(db, userId, company.signatureImageId) : null,
      document.includeUpiQrCode ? imageBytes(db, userId, company.upiQrImageId) : null,
    ]);
    const pdf = await queue.render(view({ logo, signature, upiQr }), userId);
    return { pdf, filename: pdfFilename(documentNumber), creditsRemaining: remaining };
  } catch (error) {
    await refundDownloadCredit(db, entry);
    throw error;
  }
}
