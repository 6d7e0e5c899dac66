import type { NoteDocument } from "#domain/credit-notes";
import type { Db } from "../db/client";
import { findCreditNote } from "../db/queries/credit-notes";
import { findImage } from "../db/queries/images";
import { AppError, notFound } from "../errors";
import { pdfFilename } from "../pdf/download";
import { toNotePdfView } from "../pdf/note-view";
import type { RenderQueue } from "../pdf/render-queue";
import { debitDownloadCredit, ensureSignupCredits, readCreditBalance, refundDownloadCredit } from "./credits";
import { type DownloadedPdf, OUT_OF_CREDITS_MESSAGE } from "./downloads";

// A note's PDF costs one credit exactly as an invoice's does (downloads.ts): the balance and the
// queue are checked first, one credit is reserved, and a failed render gives it back.

async function imageBytes(db: Db, userId: string, id: string | null): Promise<Uint8Array | null> {
  if (!id) return null;
  const image = await findImage(db, userId, id);
  return image ? image.bytes : null;
}

export async function downloadCreditNotePdf(
  deps: { db: Db; queue: RenderQueue },
  userId: string,
  noteId: string,
): Promise<DownloadedPdf> {
  const { db, queue } = deps;
  const note = await findCreditNote(db, userId, noteId);
  if (!note) throw notFound("Credit note");
  await ensureSignupCredits(db, userId);
  const balance = await readCreditBalance(db, userId);
  if (balance.credits < 1) throw new AppError("payment_required", OUT_OF_CREDITS_MESSAGE);
  queue.check(userId);

  const entry = { userId, invoiceId: note.invoiceId, invoiceNumber: note.noteNumber };
  const remaining = await debitDownloadCredit(db, entry);
  if (remaining === null) throw new AppError("payment_required", OUT_OF_CREDITS_MESSAGE);
  try {
    const document = note.noteData as NoteDocument;
    const company = document.company;
    const [logo, signature] = await Promise.all([
      imageBytes(db, userId, company.logoImageId),
      document.includeSignature ? imageBytes(db, userId, company.signatureImageId) : null,
    ]);
    const view = toNotePdfView(document, { logo, signature, upiQr: null }, note.status === "cancelled");
    const pdf = await queue.render(view, userId);
    return { pdf, filename: pdfFilename(note.noteNumber), creditsRemaining: remaining };
  } catch (error) {
    await refundDownloadCredit(db, entry);
    throw error;
  }
}
