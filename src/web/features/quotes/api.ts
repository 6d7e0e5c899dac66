import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Page } from "#contract/common";
import type { QuoteActivity, QuoteAnswer, QuoteInput, QuoteLinkAnswer, QuoteSummary } from "#contract/quotes";
import { addDays } from "#domain/dates";
import type { InvoiceDocument, InvoiceInput } from "#domain/invoice";
import { type Settings, termsFor } from "#domain/settings";
import { api } from "#web/api";
import { inputFromInvoice, newInvoiceInput } from "#web/features/documents/editor/draft";
import type { Invoice } from "#web/features/documents/types";

// Quotes on the web: the API's answers, the queries, and the editor's draft. The editor keeps a
// quote as the invoice editor's input (number, date and due date are the quote's number, date
// and valid-until date), so it reuses the invoice's sections, totals and preview unchanged.

export type { QuoteActivity, QuoteLinkAnswer, QuoteSummary };
export type Quote = Omit<QuoteAnswer, "document"> & { document: InvoiceDocument };
export type QuotePage = Page<QuoteSummary>;

/** How long a new quote is valid by default. */
export const DEFAULT_VALID_DAYS = 30;

export const quoteKeys = {
  all: ["quotes"] as const,
  list: (query: string) => ["quotes", "list", query] as const,
  one: (id: string) => ["quotes", "one", id] as const,
  link: (id: string) => ["quotes", "link", id] as const,
  activity: (id: string) => ["quotes", "activity", id] as const,
  nextNumber: (quoteDate: string) => ["quotes", "next-number", quoteDate] as const,
};

export const quoteUrl = (id: string, rest = "") => `/api/quotes/${encodeURIComponent(id)}${rest}`;

export const quoteQuery = (id: string) => ({
  queryKey: quoteKeys.one(id),
  queryFn: async () => (await api<{ quote: Quote }>(quoteUrl(id))).quote,
});

export const quoteListQuery = (query: string) => ({
  queryKey: quoteKeys.list(query),
  queryFn: () => api<QuotePage>(`/api/quotes?${query}`),
});

export const nextQuoteNumberQuery = (quoteDate: string) => ({
  queryKey: quoteKeys.nextNumber(quoteDate),
  queryFn: () =>
    api<{ quoteNumber: string }>(`/api/quotes/next-number?${new URLSearchParams({ quoteDate })}`),
  staleTime: 0,
});

/** Quotes change their own lists; a conversion adds an invoice too. */
export function useInvalidateQuotes() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["quotes"] }),
        queryClient.invalidateQueries({ queryKey: ["invoices"] }),
      ]),
    [queryClient],
  );
}

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
export function editorFields(fields: Record<string, string>): Record<string, string> {
  const names: Record<string, string> = {
    quoteNumber: "invoiceNumber",
    quoteDate: "invoiceDate",
    validUntil: "dueDate",
  };
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [names[k] ?? k, v]));
}
