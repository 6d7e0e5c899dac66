import type { PageCount } from "#contract/common";
import { DISPLAY_STATUSES, STATUS_LABELS } from "#domain/status";
import { countOf, pageTotal } from "#web/lib/page-count";

export const SORTS = [
  ["date_desc", "Newest first"],
  ["date_asc", "Oldest first"],
  ["number_asc", "Number (A–Z)"],
  ["number_desc", "Number (Z–A)"],
  ["amount_desc", "Amount (high to low)"],
  ["amount_asc", "Amount (low to high)"],
  ["due_asc", "Due soonest"],
] as const;

/** Every status a badge can show, in the dashboard's order, from the one status rule. */
export const STATUS_FILTERS: readonly (readonly [string, string])[] = [
  ["", "All statuses"],
  ...DISPLAY_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const),
];

export interface InvoiceFilters {
  status: string;
  search: string;
  from: string;
  to: string;
  sort: string;
  page: number;
}

export const PAGE_SIZE = 20;

export function readFilters(params: URLSearchParams): InvoiceFilters {
  const page = Number(params.get("page") ?? "1");
  return {
    status: params.get("status") ?? "",
    search: params.get("search") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    sort: params.get("sort") ?? "date_desc",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The page's address for these filters: only what differs from the defaults, so links stay short. */
export function filtersToParams(f: InvoiceFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.status) q.set("status", f.status);
  if (f.search) q.set("search", f.search);
  if (f.from) q.set("from", f.from);
  if (f.to) q.set("to", f.to);
  if (f.sort !== "date_desc") q.set("sort", f.sort);
  if (f.page > 1) q.set("page", String(f.page));
  return q;
}

/** Any change of filter or sort starts again at page 1; only a page change keeps its page. */
export const changeFilters = (f: InvoiceFilters, patch: Partial<InvoiceFilters>): InvoiceFilters => ({
  ...f,
  page: 1,
  ...patch,
});

/** The API query for these filters; `withPage` false gives the export's query. */
export function filterQuery(f: InvoiceFilters, withPage = true): string {
  const q = new URLSearchParams();
  if (f.status) q.set("status", f.status);
  if (f.search.trim()) q.set("search", f.search.trim());
  if (f.from) q.set("from", f.from);
  if (f.to) q.set("to", f.to);
  q.set("sort", f.sort);
  if (withPage) {
    q.set("page", String(f.page));
    q.set("pageSize", String(PAGE_SIZE));
  }
  return q.toString();
}

export const hasFilters = (f: InvoiceFilters) => Boolean(f.status || f.search.trim() || f.from || f.to);

/** "134 invoices", "1 invoice", or "1,000+ invoices" when the list was counted only that far. */
export function invoiceCount(count: PageCount): string {
  return countOf(count, "invoice", "invoices");
}

/** The line under the list: "134 invoices · page 2 of 7", or "1,000+ invoices · page 2". */
export function pagesLine(count: PageCount, page: number): string {
  const pages = pageTotal(count, PAGE_SIZE);
  const n = (x: number) => x.toLocaleString("en-IN");
  return `${invoiceCount(count)} · page ${n(page)}${pages === null ? "" : ` of ${n(pages)}`}`;
}
