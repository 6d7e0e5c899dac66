import type { NoteDocument } from "#domain/credit-notes";
import { findCreditNote } from "#server/db/queries/credit-notes";
import { toNotePdfView } from "#server/pdf/note-view";
import type { KindConfig } from "./kind";

// Credit and debit notes: a PDF only (no mail, link or page of their own yet); their events are
// told on the invoice they adjust (services/credit-notes.ts).

export function noteKind(title: string): KindConfig {
  return {
    title,
    events: null,
    // Whichever note kind the route asked for, the stored note says which it is.
    async printable(db, businessId, id) {
      const note = await findCreditNote(db, businessId, id);
      if (!note) return undefined;
      const doc = note.noteData as NoteDocument;
      return {
        document: { kind: note.kind === "debit" ? "debit_note" : "credit_note", id: note.id },
        number: note.noteNumber,
        company: doc.company,
        shows: { signature: doc.includeSignature, upiQr: false },
        view: (images) => toNotePdfView(doc, images, note.status === "cancelled"),
      };
    },
  };
}
