import type { Page } from "#contract/common";
import type { CreditNoteAnswer, CreditNoteSummary } from "#contract/credit-notes";
import { api } from "#web/api";

// Credit and debit notes (decision 0037): the list, and the notes of one invoice.

export type NotesPage = Page<CreditNoteSummary>;

export interface NoteFilters {
  kind?: "credit" | "debit";
  status?: "issued" | "cancelled";
  search?: string;
  invoiceId?: string;
  page?: number;
}

export const notesKey = (filters: NoteFilters) => ["credit-notes", filters] as const;

export function fetchNotes(filters: NoteFilters): Promise<NotesPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  params.set("pageSize", "50");
  return api<NotesPage>(`/api/credit-notes?${params}`);
}

export const cancelNote = (id: string) =>
  api<CreditNoteAnswer>(`/api/credit-notes/${encodeURIComponent(id)}/cancel`, { method: "POST", body: {} });

export const notePdfPath = (id: string) => `/api/credit-notes/${encodeURIComponent(id)}/pdf`;
