import type { Page } from "#contract/common";
import type { QuoteActivity, QuoteAnswer, QuoteInput, QuoteLinkAnswer, QuoteSummary } from "#contract/quotes";
import { addDays } from "#domain/dates";
import type { InvoiceDocument, InvoiceInput } from "#domain/invoice";
import { type Settings, termsFor } from "#domain/settings";
import { call, callQuery, queryKeyOf, urlOf } from "#web/api";
import { inputFromInvoice, newInvoiceInput } from "#web/features/documents/editor/draft";
import { fieldsNamed } from "#web/features/documents/editor/errors";
import type { Invoice } from "#web/features/documents/types";
import type { ListQuery as ListFilterQuery } from "#web/features/documents/useListFilters";
import { type callPage, pageQuery } from "#web/lib/page-cursors";
import { useInvalidate } from "#web/lib/useInvalidate";

// Quotes on the web: the API's answers, the queries, and the editor's draft. The editor keeps a
// quote as the invoice editor's input (number, date and due date are the quote's number, date
// and valid-until date), so it reuses the invoice's sections, totals and preview unchanged.

export type { QuoteActivity, QuoteLinkAnswer, QuoteSummary };
export type Quote = Omit<QuoteAnswer, "document"> & { document: InvoiceDocument };
export type QuotePage = Page<QuoteSummary>;

/** A card of the saved quote: it saves the form's edits first, and hands back the quote it changed. */
export interface QuoteCardProps {
  quote: Quote;
  ensureSaved: () => Promise<Quote | null>;
  onChanged: (quote: Quote) => void;
}

/** How long a new quote is valid by default. */
export const DEFAULT_VALID_DAYS = 30;

type ListQuery = NonNullable<Parameters<typeof callPage<"GET /api/quotes">>[1]>;

const quoteOf = (answer: { quote: unknown }) => answer.quote as Quote;

export const quoteKeys = {
  one: (id: string) => queryKeyOf("GET /api/quotes/:id", { params: { id } }),
  link: (id: string) => queryKeyOf("GET /api/quotes/:id/public-link", { params: { id } }),
  lists: queryKeyOf("GET /api/quotes"),
};

/** The address of the quote's PDF (the action bar's download posts to it). */
export const quotePdfUrl = (id: string) => urlOf("/api/quotes/:id/pdf", { params: { id } });

export const getQuote = async (id: string) => quoteOf(await call("GET /api/quotes/:id", { params: { id } }));

export const quoteQuery = (id: string) => ({
  queryKey: quoteKeys.one(id),
  queryFn: () => getQuote(id),
});

/** `query`: the list's API query from its filters (page, page size, status, search). */
export const quoteListQuery = (query: ListFilterQuery) => pageQuery("GET /api/quotes", query as ListQuery);

export const nextQuoteNumberQuery = (quoteDate: string) => ({
  ...callQuery("GET /api/quotes/next-number", { query: { quoteDate } }),
  staleTime: 0,
});

export const saveQuote = async (id: string | null, body: QuoteInput) =>
  quoteOf(
    id
      ? await call("PUT /api/quotes/:id", { params: { id }, body })
      : await call("POST /api/quotes", { body }),
  );

export const setQuoteStatus = async (
  id: string,
  body: { status: "sent" | "accepted" | "declined"; name?: string; comment?: string },
) => quoteOf(await call("POST /api/quotes/:id/status", { params: { id }, body }));

export const convertQuote = async (id: string) => {
  const answer = await call("POST /api/quotes/:id/convert", { params: { id }, body: {} });
  return { ...answer, quote: quoteOf(answer) };
};

export const deleteQuote = (id: string) => call("DELETE /api/quotes/:id", { params: { id } });

/** The quote's share link: made (or replaced, `renew`) on asking; sharing a draft marks it sent. */
export const makeQuoteLink = (id: string, renew: boolean) =>
  renew
    ? call("POST /api/quotes/:id/public-link/renew", { params: { id }, body: {} })
    : call("POST /api/quotes/:id/public-link", { params: { id }, body: {} });

/** Quotes change their own lists; a conversion adds an invoice too. */
export const useInvalidateQuotes = () => useInvalidate("quotes", "invoices");

export function newQuoteInput(settings: Settings, quoteNumber: string, today: string): InvoiceInput {
  const input = newInvoiceInput(settings, quoteNumber, today);
  return { ...input, dueDate: addDays(today, DEFAULT_VALID_DAYS), terms: termsFor("quote", input.terms) };
}

export function inputFromQuote(quote: Quote): InvoiceInput {
  return inputFromInvoice({ ...quote, document: quote.document } as unknown as Invoice);
}

/** The editor's input as the quote API takes it; `autoNumber`: the server picks the next number. */
export function toQuoteInput(input: InvoiceInput, autoNumber: boolean): QuoteInput {
  const { invoiceNumber, invoiceDate, dueDate, status: _s, paymentDate: _p, ...fields } = input;
  return {
    ...fields,
    quoteNumber: autoNumber ? null : invoiceNumber,
    quoteDate: invoiceDate,
    validUntil: dueDate,
  } as QuoteInput;
}

/** The server's field names for a quote, as the invoice editor's sections name them. */
export const editorFields = fieldsNamed({
  quoteNumber: "invoiceNumber",
  quoteDate: "invoiceDate",
  validUntil: "dueDate",
});
