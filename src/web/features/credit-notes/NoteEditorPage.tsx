import { useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import type { NoteKind } from "#domain/credit-notes";
import { todayInTimeZone } from "#domain/dates";
import { EditorLoadFailed, EditorLoading } from "#web/features/document-editor/EditorPageStates";
import { useSettings } from "../settings/useSettings";
import { noteQuery, originalInvoiceQuery } from "./api";
import { NewNoteEditor } from "./NewNoteEditor";
import { NoteView } from "./NoteView";

const BACK = { to: "/credit-notes", label: "Back to all notes" };

/**
 * /credit-notes/new?invoice=…&kind=credit|debit (a new note against an issued invoice) and
 * /credit-notes/:id (an issued note). Keyed so that another note starts afresh.
 */
export function NoteEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  if (id) return <SavedNote key={id} id={id} />;
  const invoiceId = params.get("invoice") ?? "";
  const kind: NoteKind = params.get("kind") === "debit" ? "debit" : "credit";
  return <NewNote key={`${invoiceId}-${kind}`} invoiceId={invoiceId} kind={kind} />;
}

function NewNote({ invoiceId, kind }: { invoiceId: string; kind: NoteKind }) {
  const { settings, isLoading } = useSettings();
  const invoice = useQuery({ ...originalInvoiceQuery(invoiceId), enabled: invoiceId !== "", staleTime: 0 });
  const title = kind === "credit" ? "New Credit Note" : "New Debit Note";
  if (invoice.isError)
    return <EditorLoadFailed title={title} error={invoice.error} noun="invoice" back={BACK} />;
  if (isLoading || !invoice.data) return <EditorLoading title={title} />;
  const today = todayInTimeZone(new Date(), settings.timeZone);
  return <NewNoteEditor invoice={invoice.data} kind={kind} today={today} />;
}

function SavedNote({ id }: { id: string }) {
  const note = useQuery(noteQuery(id));
  if (note.isError) return <EditorLoadFailed title="Note" error={note.error} noun="note" back={BACK} />;
  if (!note.data) return <EditorLoading title="Note" />;
  return <NoteView note={note.data} />;
}
