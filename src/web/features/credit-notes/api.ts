import type { ContractAt } from "#contract";
import type { Page } from "#contract/common";
import type { CreditNote, CreditNoteSummary } from "#contract/credit-notes";
import type { NoteDocument } from "#domain/credit-notes";
import type { Transport } from "#domain/eway-bill";
import { type CallInput, call, callQuery, queryKeyOf, urlOf } from "#web/api";
import type { Invoice } from "#web/features/documents/types";
import type { ListQuery } from "#web/features/documents/useListFilters";
import { pageQuery } from "#web/lib/page-cursors";
import { useInvalidate } from "#web/lib/useInvalidate";

// Credit and debit notes (decision 0037): the list, one note, the notes of one invoice, issuing
// and cancelling. A note is issued at once (it has no draft) and is cancelled, never edited.

export type NotesPage = Page<CreditNoteSummary>;
export type { CreditNoteSummary };
/** A note as its page draws it: the answer's document is the domain's note document. */
export type Note = Omit<CreditNote, "document"> & { document: NoteDocument };

type NotesQuery = NonNullable<CallInput<ContractAt<"GET /api/credit-notes">>["query"]>;

/** The list's query: its page and search, and the kind and status when chosen. */
export const notesListQuery = (query: ListQuery & { kind?: string }) =>
  pageQuery("GET /api/credit-notes", query as NotesQuery);

/** The notes of one invoice (at most 50: the card lists them all). */
export const invoiceNotesQuery = (invoiceId: string) => {
  const query = { invoiceId, pageSize: 50 };
  return {
    ...callQuery("GET /api/credit-notes", { query }),
  };
};

export const noteQuery = (id: string) => ({
  queryKey: queryKeyOf("GET /api/credit-notes/:id", { params: { id } }),
  queryFn: async () => (await call("GET /api/credit-notes/:id", { params: { id } })).note as unknown as Note,
});

/** The invoice a new note is raised against, with its document (lines, client, GST). */
export const originalInvoiceQuery = (id: string) => ({
  queryKey: queryKeyOf("GET /api/invoices/:id", { params: { id } }),
  queryFn: async () =>
    (await call("GET /api/invoices/:id", { params: { id } })).invoice as unknown as Invoice,
});

export const issueNote = (body: CallInput<ContractAt<"POST /api/credit-notes">>["body"]) =>
  call("POST /api/credit-notes", { body });

/** Saves an issued credit note's Transport section (null: none); the answer is the note. */
export const saveNoteTransport = (id: string, transport: Transport | null) =>
  call("PUT /api/credit-notes/:id/transport", { params: { id }, body: { transport } });

export const cancelNote = (id: string) =>
  call("POST /api/credit-notes/:id/cancel", { params: { id }, body: {} });

export const notePdfPath = (id: string) => urlOf("/api/credit-notes/:id/pdf", { params: { id } });
export const noteEInvoicePath = (id: string) => urlOf("/api/credit-notes/:id/einvoice", { params: { id } });
export const notePath = (id: string) => `/credit-notes/${encodeURIComponent(id)}`;
export const invoicePath = (id: string) => `/invoice/edit/${encodeURIComponent(id)}`;

/** A note changes the notes' lists, its invoice's balance and payments, stock and the dashboard. */
export const useInvalidateNotes = () => useInvalidate("credit-notes", "invoices", "products", "dashboard");
