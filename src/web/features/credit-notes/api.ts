import type { ContractAt } from "#contract";
import type { Page } from "#contract/common";
import type { CreditNoteSummary } from "#contract/credit-notes";
import { type CallInput, call, queryKeyOf, urlOf } from "#web/api";

// Credit and debit notes (decision 0037): the list, and the notes of one invoice.

export type NotesPage = Page<CreditNoteSummary>;

export interface NoteFilters {
  kind?: "credit" | "debit";
  status?: "issued" | "cancelled";
  search?: string;
  invoiceId?: string;
  page?: number;
}

const listQuery = (filters: NoteFilters) => ({ ...filters, pageSize: 50 });

export const notesKey = (filters: NoteFilters) =>
  queryKeyOf("GET /api/credit-notes", { query: listQuery(filters) });

export const fetchNotes = (filters: NoteFilters): Promise<NotesPage> =>
  call("GET /api/credit-notes", { query: listQuery(filters) });

export const issueNote = (body: CallInput<ContractAt<"POST /api/credit-notes">>["body"]) =>
  call("POST /api/credit-notes", { body });

export const cancelNote = (id: string) =>
  call("POST /api/credit-notes/:id/cancel", { params: { id }, body: {} });

export const notePdfPath = (id: string) => urlOf("/api/credit-notes/:id/pdf", { params: { id } });
