import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FileSignature } from "lucide-react";
import { formatMoney } from "#domain/format";
import { QUOTE_STATUS_LABELS } from "#domain/quote-status";
import { PageHeader } from "#web/components/ui/page";
import {
  amountColumn,
  CardFigures,
  CardTitle,
  type Column,
  DocumentList,
  type ListWords,
  NewDocumentLink,
  numberColumn,
} from "#web/features/documents/DocumentList";
import { formatDate } from "#web/features/documents/format";
import { ListFilters } from "#web/features/documents/ListFilters";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import { useListFilters } from "#web/features/documents/useListFilters";
import { type QuoteSummary, quoteListQuery } from "./api";

// Quotes: their own list, with the status (expired included) and a search, newest first.

const PAGE_SIZE = 20;
const STATUS_FILTERS = (["draft", "sent", "accepted", "declined", "expired", "converted"] as const).map(
  (s) => [s, QUOTE_STATUS_LABELS[s]] as const,
);

const editPath = (id: string) => `/quotes/${encodeURIComponent(id)}`;

const COLUMNS: Column<QuoteSummary>[] = [
  numberColumn(
    (q) => editPath(q.id),
    (q) => q.quoteNumber,
  ),
  { header: "Client", className: "max-w-48 truncate", cell: (q) => q.clientName },
  { header: "Date", className: "whitespace-nowrap", cell: (q) => formatDate(q.quoteDate) },
  { header: "Valid until", className: "whitespace-nowrap", cell: (q) => formatDate(q.validUntil) || "—" },
  amountColumn(),
  { header: "Status", cell: (q) => <StatusBadge kind="quote" status={q.displayStatus} /> },
];

const WORDS: ListWords = {
  one: "quote",
  plural: "quotes",
  caption: "Quotes",
  empty: {
    icon: FileSignature,
    title: "No quotes yet.",
    text: "Send a quote before the work: your client accepts it online, and it becomes the invoice.",
    link: { to: "/quotes/new", label: "Write your first quote" },
  },
};

export function QuotesPage() {
  const filters = useListFilters(PAGE_SIZE);

  const list = useQuery({ ...quoteListQuery(filters.query), placeholderData: keepPreviousData });

  return (
    <>
      <PageHeader
        title="Quotes"
        description="Estimates for your clients: they accept or decline on their own page, and an accepted quote becomes an invoice in one click."
        actions={<NewDocumentLink to="/quotes/new">New quote</NewDocumentLink>}
      />
      <ListFilters filters={filters} placeholder="Quote number or client" statuses={STATUS_FILTERS} />

      <DocumentList
        list={list}
        words={WORDS}
        filters={filters}
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
        pageSize={PAGE_SIZE}
      />
    </>
  );
}
