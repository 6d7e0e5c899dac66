import { quoteInputSchema } from "#contract/quotes";
import type { InvoiceInput } from "#domain/invoice";
import { FieldErrors, issuesToFields } from "#web/features/documents/editor/errors";
import { convertQuote, deleteQuote, editorFields, saveQuote, toQuoteInput, useInvalidateQuotes } from "./api";

/** The quote editor's server calls; each leaves the lists up to date (the editor adopts the quote). */
export function useQuoteCommands() {
  const invalidate = useInvalidateQuotes();
  return {
    /** Checks as the server will, then creates (`id` null) or replaces the quote. */
    async save(id: string | null, input: InvoiceInput, autoNumber: boolean) {
      const parsed = quoteInputSchema.safeParse(toQuoteInput(input, autoNumber));
      if (!parsed.success) throw new FieldErrors(editorFields(issuesToFields(parsed.error.issues)));
      const quote = await saveQuote(id, parsed.data);
      await invalidate();
      return quote;
    },
    /** An accepted quote becomes a draft invoice. */
    async convert(id: string) {
      const answer = await convertQuote(id);
      await invalidate();
      return answer;
    },
    async remove(id: string) {
      await deleteQuote(id);
      await invalidate();
    },
  };
}
