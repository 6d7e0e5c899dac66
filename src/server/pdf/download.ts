import type { Db } from "../db/client";
import { getCreditBalance } from "../db/queries/credits";
import { debitDownloadCredit } from "../db/queries/downloads";
import { findImage } from "../db/queries/images";
import { findInvoice } from "../db/queries/invoices";
import { AppError, notFound } from "../errors";
import type { PdfRenderer } from "./pool";
import { type PdfImages, toPdfView } from "./view";

export const OUT_OF_CREDITS_MESSAGE = "You have no download credits left. Buy more to download.";

export interface DownloadedPdf {
  pdf: Buffer;
  filename: string;
  creditsRemaining: number;
}

/** "INV/2026-27/0001" -> "INV-2026-27-0001.pdf": safe in every file system and header. */
export function pdfFilename(invoiceNumber: string): string {
  const safe = invoiceNumber
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 100);
  return `${safe || "invoice"}.pdf`;
}

async function imageBytes(db: Db, userId: string, id: string | null): Promise<Uint8Array | null> {
  if (!id) return null;
  const image = await findImage(db, userId, id);
  return image ? image.bytes : null;
}

/**
 * Renders the user's invoice, then takes one credit for it (DECISIONS §3): a failed render costs
 * nothing, and with no credit left the PDF is not sent. The balance is read first (granting the
 * sign-up credits of an account that has no balance yet) so a user at 0 is not made to wait for
 * a render; the atomic debit after the render is what decides.
 */
export async function downloadInvoicePdf(
  deps: { db: Db; renderer: PdfRenderer },
  userId: string,
  invoiceId: string,
): Promise<DownloadedPdf> {
  const { db, renderer } = deps;
  const row = await findInvoice(db, userId, invoiceId);
  if (!row) throw notFound("Invoice");
  const balance = await getCreditBalance(db, userId);
  if (balance.credits < 1) throw new AppError("payment_required", OUT_OF_CREDITS_MESSAGE);

  const document = row.invoiceData;
  const company = document.company;
  const [logo, signature, upiQr] = await Promise.all([
    imageBytes(db, userId, company.logoImageId),
    document.includeSignature ? imageBytes(db, userId, company.signatureImageId) : null,
    document.includeUpiQrCode ? imageBytes(db, userId, company.upiQrImageId) : null,
  ]);
  const images: PdfImages = { logo, signature, upiQr };
  const pdf = await renderer.render(toPdfView(document, images));

  const remaining = await debitDownloadCredit(db, {
    userId,
    invoiceId: row.id,
    invoiceNumber: row.invoiceNumber,
  });
  if (remaining === null) throw new AppError("payment_required", OUT_OF_CREDITS_MESSAGE);
  return { pdf, filename: pdfFilename(row.invoiceNumber), creditsRemaining: remaining };
}
