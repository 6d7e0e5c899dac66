import { DOWNLOAD_COST } from "#domain/credits";
import type { DocumentRef } from "#domain/document-kinds";
import type { Db } from "#server/db/client";
import { findImage } from "#server/db/queries/images";
import { AppError, notFound } from "#server/errors";
import { pdfFilename } from "#server/pdf/download";
import type { RenderQueue } from "#server/pdf/render-queue";
import {
  debitDownloadCredit,
  ensureSignupCredits,
  readCreditBalance,
  refundDownloadCredit,
} from "../credits";
import type { PrintOptions } from "./kind";
import { DOCUMENT_KIND_CONFIG } from "./kinds";

// The one paid PDF (DECISIONS §3; docs/decisions/0002-pdf-engine.md): whatever the document,
// one credit is reserved, the page is rendered in its turn, and a failed or refused render gives
// the credit back. The debit is a ledger row and the refund another, naming the document by kind
// and id, so the ledger always sums to the balance, and 20 parallel downloads at 1 credit reserve
// it once. The balance and the queue are checked first, so that a user without the credit, or a
// queue that would refuse, costs neither a render nor a ledger row.

export const OUT_OF_CREDITS_MESSAGE = "You have no download credits left. Buy more to download.";

export interface DownloadedPdf {
  pdf: Buffer;
  filename: string;
  creditsRemaining: number;
  /** The document the credit was spent on (a send that cannot deliver gives it back to this). */
  document: DocumentRef;
  documentNumber: string;
}

async function imageBytes(db: Db, businessId: string, id: string | null): Promise<Uint8Array | null> {
  if (!id) return null;
  const image = await findImage(db, businessId, id);
  return image ? image.bytes : null;
}

export async function downloadDocumentPdf(
  deps: { db: Db; queue: RenderQueue },
  businessId: string,
  ref: DocumentRef,
  opts: PrintOptions = {},
): Promise<DownloadedPdf> {
  const { db, queue } = deps;
  const printable = await DOCUMENT_KIND_CONFIG[ref.kind].printable(db, businessId, ref.id, opts);
  if (!printable) throw notFound(DOCUMENT_KIND_CONFIG[ref.kind].title);
  await ensureSignupCredits(db, businessId);
  const balance = await readCreditBalance(db, businessId);
  if (balance.credits < DOWNLOAD_COST) throw new AppError("payment_required", OUT_OF_CREDITS_MESSAGE);
  queue.check(businessId);

  const entry = { businessId, document: printable.document, documentNumber: printable.number };
  const remaining = await debitDownloadCredit(db, entry);
  if (remaining === null) throw new AppError("payment_required", OUT_OF_CREDITS_MESSAGE);
  try {
    const { company } = printable;
    const [logo, signature, upiQr] = await Promise.all([
      imageBytes(db, businessId, company.logoImageId),
      printable.shows.signature ? imageBytes(db, businessId, company.signatureImageId) : null,
      printable.shows.upiQr ? imageBytes(db, businessId, company.upiQrImageId) : null,
    ]);
    const pdf = await queue.render(printable.view({ logo, signature, upiQr }), businessId);
    return { pdf, filename: pdfFilename(printable.number), creditsRemaining: remaining, ...entry };
  } catch (error) {
    await refundDownloadCredit(db, entry);
    throw error;
  }
}
