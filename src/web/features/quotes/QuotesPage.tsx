import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, FilePlus2, FileSignature, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { formatMoney } from "#domain/format";
import { QUOTE_STATUS_LABELS } from "#domain/quotes";
import { Button } from "#web/components/ui/button";
import { Card, Spinner } from "#web/components/ui/card";
import { Field, Input, selectClass } from "#web/components/ui/input";
import { PageHeader } from "#web/components/ui/page";
import { formatDate } from "#web/features/documents/format";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import { countOf, isLastPage, pageTotal } from "#web/lib/page-count";
import { useDebounced } from "#web/lib/useDebounced";
import { quoteListQuery } from "./api";

// Quotes: their own list, with the status (expired included) and a search, newest first.

const PAGE_SIZE = 20;
const STATUS_FILTERS: [string, string][] = [
  ["", "All statuses"],
  ...(["draft", "sent", "accepted", "declined", "expired", "converted"] as const).map(
    (s): [string, string] => [s, QUOTE_STATUS_LABELS[s]],
  ),
];

const editPath = (id: string) => `/quotes/${encodeURIComponent(id)}`;

export function QuotesPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "";
  const page = Math.max(1, Number(params.get("page") ?? "1") || 1);
  const [searchText, setSearchText] = useState(params.get("search") ?? "");
  const search = useDebounced(searchText, 300);

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!("page" in patch)) next.delete("page");
    setParams(next, { replace: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search changes the URL.
  useEffect(() => {
    if (search !== (params.get("search") ?? "")) update({ search });
  }, [search]);

  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (status) query.set("status", status);
  if (params.get("search")) query.set("search", params.get("search")!);
  const list = useQuery({ ...quoteListQuery(query.toString()), placeholderData: keepPreviousData });
  const data = list.data;
  const filtered = Boolean(status || params.get("search"));
  const pages = data ? pageTotal(data, PAGE_SIZE) : null;

  return (
    <>
      <PageHeader
        title="Quotes"
        description="Estimates for your clients: they accept or decline on their own page, and an accepted quote becomes an invoice in one click."
        actions={
          <Link
            to="/quotes/new"
            className="inline-flex h-10 items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90"
          >
            <FilePlus2 className="h-4 w-4" aria-hidden="true" />
            New quote
          </Link>
        }
      />
      <Card className="mb-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Field label="Search">
            {(p) => (
              <div className="relative">
                <Search
                  className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  {...p}
                  type="search"
                  className="pl-9"
                  placeholder="Quote number or client"
                  value={searchText}
                  maxLength={200}
                  onChange={(e) => setSearchText(e.target.value)}
                />
              </div>
            )}
          </Field>
          <Field label="Status">
            {(p) => (
              <select
                {...p}
                className={selectClass}
                value={status}
                onChange={(e) => update({ status: e.target.value })}
              >
                {STATUS_FILTERS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </Card>

      {list.isPending ? (
        <Spinner label="Loading quotes..." />
      ) : list.isError ? (
        <Card role="alert">
          <p>Could not load your quotes: {list.error.message}</p>
          <Button variant="outline" className="mt-3" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Card>
      ) : data && data.items.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 py-10 text-center">
          <FileSignature className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
          {filtered ? (
            <>
              <p className="font-medium">No quotes match these filters.</p>
              <Button
                variant="outline"
                onClick={() => {
                  setSearchText("");
                  setParams(new URLSearchParams(), { replace: true });
                }}
              >
                Clear filters
              </Button>
            </>
          ) : (
            <>
              <p className="font-medium">No quotes yet.</p>
              <p className="text-sm text-muted-foreground">
                Send a quote before the work: your client accepts it online, and it becomes the invoice.
              </p>
              <Link to="/quotes/new" className="font-medium text-primary underline">
                Write your first quote
              </Link>
            </>
          )}
        </Card>
      ) : data ? (
        <>
          <p className="sr-only" aria-live="polite">
            {countOf(data, "quote", "quotes")} found
          </p>
          <Card className="hidden overflow-x-auto p-0 sm:block sm:p-0">
            <table className="w-full text-sm">
              <caption className="sr-only">Quotes</caption>
              <thead className="border-b border-border text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Number
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Client
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Valid until
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((q) => (
                  <tr
                    key={q.id}
                    className="border-b border-border last:border-0 hover:bg-muted/50"
                    data-testid="quote-row"
                  >
                    <td className="px-4 py-2 font-medium">
                      <Link to={editPath(q.id)} className="hover:underline">
                        {q.quoteNumber}
                      </Link>
                    </td>
                    <td className="max-w-48 truncate px-4 py-2">{q.clientName}</td>
                    <td className="whitespace-nowrap px-4 py-2">{formatDate(q.quoteDate)}</td>
                    <td className="whitespace-nowrap px-4 py-2">{formatDate(q.validUntil) || "—"}</td>
                    <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                      {formatMoney(q.totalMinor, q.currency)}
                    </td>
                    <td className="px-4 py-2">
                      <StatusBadge kind="quote" status={q.displayStatus} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <ul className="space-y-3 sm:hidden">
            {data.items.map((q) => (
              <li key={q.id} data-testid="quote-card">
                <Card className="space-y-2 p-3">
                  <div className="flex items-start justify-between gap-2">
                    <Link to={editPath(q.id)} className="min-w-0 break-all font-semibold hover:underline">
                      {q.quoteNumber}
                    </Link>
                    <StatusBadge kind="quote" status={q.displayStatus} />
                  </div>
                  <p className="truncate text-sm">{q.clientName}</p>
                  <div className="flex items-baseline justify-between gap-2 text-sm text-muted-foreground">
                    <span>
                      {formatDate(q.quoteDate)}
                      {q.validUntil ? ` · valid until ${formatDate(q.validUntil)}` : ""}
                    </span>
                    <span className="font-semibold text-foreground tabular-nums">
                      {formatMoney(q.totalMinor, q.currency)}
                    </span>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
            <span className="text-muted-foreground">
              Page {page}
              {pages === null ? "" : ` of ${pages}`}
            </span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => update({ page: String(page - 1) })}
              >
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={isLastPage(data, page, PAGE_SIZE)}
                onClick={() => update({ page: String(page + 1) })}
              >
                Next
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </>
      ) : null}
    </>
  );
}
