// The kinds of document Bahi makes. A credit ledger row, a queued mail and an event name the
// document they are about by its kind and id (decision 0057), never by a column named for one kind.

export const DOCUMENT_KINDS = ["invoice", "quote", "credit_note", "debit_note"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Which document a row or a job is about. */
export interface DocumentRef {
  kind: DocumentKind;
  id: string;
}
