import type { InvoiceInput } from "#domain/invoice";
import type { StoredStatus } from "#domain/status";
import { call, callQuery, queryKeyOf } from "#web/api";
import type { Invoice } from "#web/features/documents/types";
import type { ListQuery as ListFilterQuery } from "#web/features/documents/useListFilters";
import { type callPage, pageQuery } from "#web/lib/page-cursors";
import { useInvalidate } from "#web/lib/useInvalidate";

type ListQuery = NonNullable<Parameters<typeof callPage<"GET /api/invoices">>[1]>;

/** The invoice as the editor holds it: the answer's document is the domain's invoice document. */
const invoiceOf = (answer: { invoice: unknown }) => answer.invoice as Invoice;

export const invoiceKeys = {
  one: (id: string) => queryKeyOf("GET /api/invoices/:id", { params: { id } }),
  activity: (id: string) => queryKeyOf("GET /api/invoices/:id/activity", { params: { id } }),
};

export const invoiceQuery = (id: string) => ({
  queryKey: invoiceKeys.one(id),
  queryFn: () => getInvoice(id),
});

/** One page of the list with its filters (search, status, dates, sort). */
export const invoiceListQuery = (query: ListFilterQuery) =>
  pageQuery("GET /api/invoices", query as ListQuery);

/** The number a sequential create dated `invoiceDate` would get: its financial year's next one. */
export const nextNumberQuery = (invoiceDate: string) => ({
  ...callQuery("GET /api/invoices/next-number", { query: { invoiceDate } }),
  staleTime: 0,
});

export const getInvoice = async (id: string) =>
  invoiceOf(await call("GET /api/invoices/:id", { params: { id } }));

/** Creates (`id` null; `autoNumber`: the server picks the next number) or replaces an invoice. */
export const saveInvoice = async (id: string | null, body: InvoiceInput, autoNumber = false) =>
  invoiceOf(
    id
      ? await call("PUT /api/invoices/:id", { params: { id }, body })
      : await call("POST /api/invoices", { body, query: autoNumber ? { autoNumber: "1" } : {} }),
  );

export const setInvoiceStatus = async (id: string, status: StoredStatus, paymentDate?: string) =>
  invoiceOf(
    await call("POST /api/invoices/:id/status", {
      params: { id },
      body: paymentDate ? { status, paymentDate } : { status },
    }),
  );

export const duplicateInvoice = async (id: string) =>
  invoiceOf(await call("POST /api/invoices/:id/duplicate", { params: { id } }));

export const deleteInvoice = (id: string) => call("DELETE /api/invoices/:id", { params: { id } });

/** What every invoice change can affect: lists, the dashboard and stock. */
export const useInvalidateAfterInvoiceChange = () => useInvalidate("invoices", "dashboard", "products");
