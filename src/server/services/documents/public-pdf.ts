import type { Db } from "#server/db/client";
import { findImage } from "#server/db/queries/images";
import { hitRateLimit } from "#server/db/queries/rate-limits";
import { AppError, notFound } from "#server/errors";
import { pdfFilename } from "#server/pdf/download";
import type { RenderQueue } from "#server/pdf/render-queue";
import { publicInvoice } from "../public-invoices";
import { INVOICE_KIND } from "./invoice-kind";

// The client's "Download PDF" on the public invoice page (issue 33 part 3;
// docs/decisions/0086-the-client-page-is-about-paying.md). The business already shared the
// invoice, so the client's copy is free: no credit is spent (the paid PDF is the business's own
// download, paid-pdf.ts). To keep a link from burning CPU, one invoice's PDF is made at most
// RENDERS_PER_HOUR times an hour (in the database, across processes) and the last few are kept
// in memory while the invoice has not changed; the render waits its turn in the same queue as
// the business's own downloads, under the business's share of it.

const RENDERS_PER_HOUR = 10;
const KEPT = 16;

/** The last PDFs made, by invoice and what they show (a payment or an edit makes a new one). */
const kept = new Map<string, Buffer>();

export const TOO_MANY_PDFS =
  "This invoice's PDF was downloaded too often in the last hour. Please try again later, or use Print.";

export async function publicInvoicePdf(
  deps: { db: Db; queue: RenderQueue },
  token: string,
): Promise<{ pdf: Buffer; filename: string }> {
  const { db, queue } = deps;
  const row = await publicInvoice(db, token);
  if (!row) throw notFound("Invoice");
  const filename = pdfFilename(row.invoiceNumber);
  const key = [row.id, row.updatedAt.toISOString(), row.status, String(row.amountPaidMinor)].join("|");
  const hit = kept.get(key);
  if (hit) return { pdf: hit, filename };
  const printable = await INVOICE_KIND.printable(db, row.businessId, row.id);
  if (!printable) throw notFound("Invoice");
  queue.check(row.businessId);
  if ((await hitRateLimit(db, `public-pdf:${row.id}`, 3600)) > RENDERS_PER_HOUR) {
    throw new AppError("too_many_requests", TOO_MANY_PDFS);
  }
  const image = async (id: string | null) =>
    id ? ((await findImage(db, row.businessId, id))?.bytes ?? null) : null;
  const { company } = printable;
  const [logo, signature, upiQr] = await Promise.all([
    image(company.logoImageId),
    printable.shows.signature ? image(company.signatureImageId) : null,
    printable.shows.upiQr ? image(company.upiQrImageId) : null,
  ]);
  const pdf = await queue.render(printable.view({ logo, signature, upiQr }), row.businessId);
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, pdf);
  return { pdf, filename };
}
