import type { CreditNote, CreditNoteSummary } from "#contract/credit-notes";
import type { NoteDocument } from "#domain/credit-notes";
import type { CreditNoteRow } from "../db/queries/credit-notes";

export function presentCreditNoteSummary(row: CreditNoteRow): CreditNoteSummary {
  const original = (row.noteData as NoteDocument).note.original;
  const total = Number(row.totalMinor);
  const applied = Number(row.appliedMinor);
  return {
    id: row.id,
    kind: row.kind,
    noteNumber: row.noteNumber,
    noteDate: row.noteDate,
    reason: row.reason,
    status: row.status,
    currency: row.currency,
    clientName: row.clientName,
    invoiceId: row.invoiceId,
    invoiceNumber: original.invoiceNumber,
    invoiceDate: original.invoiceDate,
    taxableMinor: Number(row.taxableMinor),
    taxMinor: Number(row.taxMinor),
    totalMinor: total,
    appliedMinor: applied,
    excessMinor: row.kind === "credit" && row.status === "issued" ? total - applied : 0,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentCreditNote(row: CreditNoteRow): CreditNote {
  return { ...presentCreditNoteSummary(row), document: row.noteData as Record<string, unknown> };
}
