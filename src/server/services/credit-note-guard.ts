import { NOTE_MESSAGES } from "#domain/credit-notes";
import type { Db } from "../db/client";
import { hasIssuedNotes } from "../db/queries/credit-notes";
import { AppError } from "../errors";

/**
 * An invoice with issued credit or debit notes cannot be deleted, nor go back to draft or be
 * cancelled (decision 0037): the notes stand on it. The user cancels them first.
 */
export async function refuseIfNotes(tx: Db, businessId: string, invoiceId: string): Promise<void> {
  if (await hasIssuedNotes(tx, businessId, invoiceId))
    throw new AppError("credit_note_not_allowed", NOTE_MESSAGES.invoiceHasNotes);
}
