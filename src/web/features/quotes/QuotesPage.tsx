import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FilePlus2, FileSignature } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { formatMoney } from "#domain/format";
import { QUOTE_STATUS_LABELS } from "#domain/quote-status";
import { Card } from "#web/components/ui/card";
import { Field, selectClass } from "#web/components/ui/input";
import { PageHeader } from "#web/components/ui/page";
import { CardFigures, CardTitle, type Column, DocumentList } from "#web/features/documents/DocumentList";
import { formatDate } from "#web/features/documents/format";
import { SearchField } from "#web/features/documents/SearchField";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import { countOf, isLastPage, pageTotal } from "#web/lib/page-count";
import { useDebounced } from "#web/lib/useDebounced";
import { type QuoteSummary, quoteListQuery } from "./api";

// Quotes: their own list, with the status (expired included) and a search, newest first.

const PAGE_SIZE = 20;
const STATUS_FILTERS: [string, string][] = [
  ["", "All statuses"],
  ...(["draft", "sent", "accepted", "declined", "expired", "converted"] as const).map(
    (s): [string, string] => [s, QUOTE_STATUS_LABELS[s]],
  ),
];

const editPath = (id: string) => `/quotes/${encodeURIComponent(id)}`;

const COLUMNS: Column<QuoteSummary>[] = [
  {
    header: "Number",
    className: "font-medium",
    cell: (q) => (
      <Link to={editPath(q.id)} className="hover:underline">
        {q.quoteNumber}
      </Link>
    ),
  },
  { header: "Client", className: "max-w-48 truncate", cell: (q) => q.clientName },
  { header: "Date", className: "whitespace-nowrap", cell: (q) => formatDate(q.quoteDate) },
  { header: "Valid until", className: "whitespace-nowrap", cell: (q) => formatDate(q.validUntil) || "—" },
  {
    header: "Amount",
    headerClassName: "text-right",
    className: "whitespace-nowrap text-right tabular-nums",
    cell: (q) => formatMoney(q.totalMinor, q.currency),
  },
  { header: "Status", cell: (q) => <StatusBadge kind="quote" status={q.displayStatus} /> },
];

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
          <SearchField placeholder="Quote number or client" value={searchText} onChange={setSearchText} />
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

      <DocumentList
        list={list}
        words={{ plural: "quotes", caption: "Quotes" }}
        empty={{
          icon: FileSignature,
          filtered: Boolean(status || params.get("search")),
          onClear: () => {
            setSearchText("");
            setParams(new URLSearchParams(), { replace: true });
          },
          none: {
            title: "No quotes yet.",
            text: "Send a quote before the work: your client accepts it online, and it becomes the invoice.",
            link: { to: "/quotes/new", label: "Write your first quote" },
          },
        }}
        columns={COLUMNS}
        card={(q) => (
          <>
            <CardTitle to={editPath(q.id)} number={q.quoteNumber}>
              <StatusBadge kind="quote" status={q.displayStatus} />
            </CardTitle>
            <p className="truncate text-sm">{q.clientName}</p>
            <CardFigures
              dates={`${formatDate(q.quoteDate)}${q.validUntil ? ` · valid until ${formatDate(q.validUntil)}` : ""}`}
              amount={formatMoney(q.totalMinor, q.currency)}
            />
          </>
        )}
        testIds={{ row: "quote-row", card: "quote-card" }}
        found={(data) => countOf(data, "quote", "quotes")}
        pages={{
          line: (data) => {
            const pages = pageTotal(data, PAGE_SIZE);
            return `${countOf(data, "quote", "quotes")} · page ${page}${pages === null ? "" : ` of ${pages}`}`;
          },
          page,
          last: (data) => isLastPage(data, page, PAGE_SIZE),
          onPage: (next) => update({ page: String(next) }),
        }}
      />
    </>
  );
}
