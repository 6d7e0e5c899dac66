import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { InvoiceInput } from "#domain/invoice";
import type { useDocumentEditor } from "./useDocumentEditor";

type Editor = Pick<
  ReturnType<typeof useDocumentEditor<string>>,
  "stateRef" | "adoptInput" | "guard" | "numberEdited"
> & {
  /** The editor's `run`, for a kind whose actions include save and delete. */
  run: <T>(name: "save" | "delete", work: () => Promise<T>, success?: string) => Promise<T | undefined>;
};

/**
 * The saved document beside a quote's, proforma's or challan's form: the copy the server last
 * answered (also put in the page's query), `save` (a new one takes its own address), `ensureSaved`
 * for the actions that need the saved document (one function for the whole visit), `remove`, and
 * the copy the page's query found changed elsewhere (the client answered, another tab issued it):
 * its status and actions follow, the form too unless the user is typing in it.
 */
export function useSavedDocument<D extends { id: string }, I extends InvoiceInput = InvoiceInput>({
  doc,
  editor,
  inputOf,
  keyOf,
  pathOf,
  listPath,
  changed,
  write,
  words,
}: {
  doc: D | null;
  editor: Editor;
  inputOf: (doc: D) => I;
  keyOf: (id: string) => QueryKey;
  pathOf: (id: string) => string;
  listPath: string;
  /** Whether the page's copy differs from the one shown. */
  changed: (fromQuery: D, shown: D) => boolean;
  /** Creates (`id` null; `autoNumber`: the server picks the number) or replaces the document. */
  write: (id: string | null, input: I, autoNumber: boolean) => Promise<D>;
  /** "Quote", "quote", and the document's number for the toasts. */
  words: { one: string; noun: string; number: (doc: D) => string };
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { stateRef, adoptInput, run, guard, numberEdited } = editor;
  const [saved, setSaved] = useState<D | null>(doc);

  useEffect(() => {
    if (!doc || !saved || doc.id !== saved.id || !changed(doc, saved)) return;
    setSaved(doc);
    if (!stateRef.current.dirty) adoptInput(inputOf(doc));
  }, [doc, saved, stateRef, adoptInput, inputOf, changed]);

  /** The document as the server now has it: shown, and the form follows unless the user typed on. */
  const adopt = (next: D, submitted?: InvoiceInput) => {
    setSaved(next);
    queryClient.setQueryData(keyOf(next.id), next);
    adoptInput(inputOf(next), submitted);
  };

  async function save(): Promise<D> {
    const submitted = stateRef.current.input;
    const next = await write(saved?.id ?? null, submitted as I, !saved && !numberEdited.current);
    adopt(next, submitted);
    toast.success(saved ? `${words.one} saved` : `${words.one} saved as a draft`, {
      description: words.number(next),
    });
    if (!saved) {
      guard.allowNextNavigation();
      navigate(pathOf(next.id), { replace: true });
    }
    return next;
  }

  const latest = useRef({ save, saved, run });
  latest.current = { save, saved, run };
  /** The saved document, saving the form's edits first; null when that save was refused (toasted). */
  const ensureSaved = useCallback(async (): Promise<D | null> => {
    const { save: saveNow, saved: current, run: runNow } = latest.current;
    if (!stateRef.current.dirty && current) return current;
    return (await runNow("save", saveNow)) ?? null;
  }, [stateRef]);

  /** Inside an action already running: the saved document, its edits saved first (throws if refused). */
  const savedNow = () => (stateRef.current.dirty || !saved ? save() : Promise.resolve(saved));

  /** Deletes the saved document and goes back to the list. */
  const remove = (work: (id: string) => Promise<unknown>) =>
    saved &&
    run("delete", async () => {
      await work(saved.id);
      toast.success(`${words.one} deleted`, { description: words.number(saved) });
      guard.allowNextNavigation();
      navigate(listPath);
    });

  /** After a conversion: says so, and opens the invoice (a draft to check, or already issued). */
  const openInvoice = (invoice: { id: string; invoiceNumber: string }, issued = false) => {
    toast.success(`Invoice made from the ${words.noun}`, {
      description: `${invoice.invoiceNumber} ${issued ? "is issued." : "is a draft: check it, then issue it."}`,
    });
    navigate(`/invoice/edit/${encodeURIComponent(invoice.id)}`);
  };

  return { saved, setSaved, adopt, save, ensureSaved, savedNow, remove, openInvoice };
}
