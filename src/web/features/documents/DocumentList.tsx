import type { UseQueryResult } from "@tanstack/react-query";
import { clsx } from "clsx";
import { FilePlus2, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Page } from "#contract/common";
import { formatMoney } from "#domain/format";
import { Button } from "#web/components/ui/button";
import { Card, Spinner } from "#web/components/ui/card";
import { LoadErrorCard } from "#web/components/ui/states";
import { countOf, isLastPage } from "#web/lib/page-count";
import { PageButtons } from "../clients/list-controls";
import { useMayOpen } from "../members/role";
import { pagesLine } from "./list-filters";

/**
 * One column of the wide screens' table: `header` is read out (and shown unless `headerHidden`);
 * `flush` cells keep less padding (a row's buttons).
 */
export interface Column<T> {
  header: string;
  headerHidden?: boolean;
  cell: (item: T) => ReactNode;
  className?: string;
  headerClassName?: string;
  flush?: boolean;
  testId?: string;
}

export interface ListWords {
  one: string;
  plural: string;
  caption: string;
  empty: { icon: LucideIcon; title: string; text: string; link: { to: string; label: string } };
}

/**
 * The list of one kind of document: loading, the error with Try again, the empty state (with
 * filters: Clear filters), a table on wide screens and a card per document on phones, and the
 * pages. Each kind gives its columns, its phone card and its words.
 */
export function DocumentList<T extends { id: string }>({
  list,
  words,
  filters,
  columns,
  card,
  testIds,
  pageSize,
}: {
  list: UseQueryResult<Page<T>>;
  /**
   * "invoice", "invoices", "Invoices": the count, the loading and error lines, the table's
   * caption; `empty`, shown when there are none at all: the icon, a line, a sentence, and the link
   * to write the first.
   */
  words: ListWords;
  /**
   * Whether filters hide some documents, and how to clear them (the empty state's button); the
   * page shown, and how to turn it (the pages' buttons).
   */
  filters: {
    filtered: boolean;
    clear: () => void;
    page: number;
    update: (patch: Record<string, string>) => void;
  };
  columns: Column<T>[];
  /** A phone's card for one document. */
  card: (item: T) => ReactNode;
  testIds: { row: string; card: string };
  pageSize: number;
}) {
  const data = list.data;
  const { page } = filters;
  const onPage = (next: number) => filters.update({ page: String(next) });
  const { empty } = words;
  // "Create your first invoice" only for a role that may (decision 0079).
  const mayWrite = useMayOpen(empty.link.to);
  if (list.isPending) return <Spinner label={`Loading ${words.plural}...`} />;
  if (list.isError) {
    return (
      <LoadErrorCard
        title={`Your ${words.plural} could not be loaded`}
        error={list.error}
        onRetry={() => list.refetch()}
      />
    );
  }
  if (!data) return null;
  if (data.items.length === 0) {
    const Icon = empty.icon;
    return (
      <Card className="flex flex-col items-center gap-3 py-10 text-center">
        <Icon className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
        {filters.filtered ? (
          <>
            <p className="font-medium">No {words.plural} match these filters.</p>
            <Button variant="outline" onClick={filters.clear}>
              Clear filters
            </Button>
          </>
        ) : (
          <>
            <p className="font-medium">{empty.title}</p>
            <p className="text-sm text-muted-foreground">{empty.text}</p>
            {mayWrite && (
              <Link to={empty.link.to} className="font-medium text-primary underline">
                {empty.link.label}
              </Link>
            )}
          </>
        )}
      </Card>
    );
  }
  return (
    <>
      <p className="sr-only" aria-live="polite">
        {countOf(data, words.one, words.plural)} found
      </p>
      {/* Wide screens: a table. */}
      <Card className="hidden overflow-x-auto p-0 sm:block sm:p-0">
        <table className="w-full text-sm">
          <caption className="sr-only">{words.caption}</caption>
          <thead className="border-b border-border text-left text-muted-foreground">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={clsx("px-3 py-3 font-medium", column.headerClassName)}
                >
                  {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr
                key={item.id}
                className="border-b border-border last:border-0 hover:bg-muted/50"
                data-testid={testIds.row}
              >
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={clsx(column.flush ? "px-2 py-1" : "px-3 py-2", column.className)}
                    data-testid={column.testId}
                  >
                    {column.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      {/* Phones: one card per document. */}
      <ul className="space-y-3 sm:hidden">
        {data.items.map((item) => (
          <li key={item.id} data-testid={testIds.card}>
            <Card className="space-y-2 p-3">{card(item)}</Card>
          </li>
        ))}
      </ul>
      <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">{pagesLine(data, page, pageSize, words)}</span>
        <PageButtons
          onPrevious={page <= 1 ? undefined : () => onPage(page - 1)}
          onNext={isLastPage(data, page, pageSize) ? undefined : () => onPage(page + 1)}
        />
      </nav>
    </>
  );
}

/** A phone card's top line: the document's number (its link) and its badges. */
export function CardTitle({ to, number, children }: { to: string; number: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-2">
      <Link to={to} className="min-w-0 break-all font-semibold hover:underline">
        {number}
      </Link>
      <div className="flex flex-wrap justify-end gap-1">{children}</div>
    </div>
  );
}

/** A phone card's last line: the dates, and the amount on the right. */
export function CardFigures({ dates, amount }: { dates: string; amount: string }) {
  return (
    <div className="flex items-baseline justify-between gap-2 text-sm text-muted-foreground">
      <span>{dates}</span>
      <span className="font-semibold text-foreground tabular-nums">{amount}</span>
    </div>
  );
}

/** The list's first column: the document's number, its link to the document. */
export function numberColumn<T>(
  to: (item: T) => string,
  number: (item: T) => ReactNode,
  className = "font-medium",
): Column<T> {
  return {
    header: "Number",
    className,
    cell: (item) => (
      <Link to={to(item)} className="hover:underline">
        {number(item)}
      </Link>
    ),
  };
}

/** The Amount column, right-aligned; `cell` replaces the plain total (an invoice adds its balance). */
export function amountColumn<T extends { totalMinor: number; currency: string }>(
  cell: (item: T) => ReactNode = (item) => formatMoney(item.totalMinor, item.currency),
): Column<T> {
  return {
    header: "Amount",
    headerClassName: "text-right",
    className: "whitespace-nowrap text-right tabular-nums",
    cell,
  };
}

/** The row's buttons, kept at the right edge when the table scrolls sideways. */
export function actionsColumn<T>(cell: (item: T) => ReactNode): Column<T> {
  return {
    header: "Actions",
    headerHidden: true,
    headerClassName: "sticky right-0 bg-card text-right",
    className: "sticky right-0 bg-card",
    flush: true,
    cell,
  };
}

/** The page header's main action: write a new document of this kind. */
export function NewDocumentLink({ to, children }: { to: string; children: ReactNode }) {
  // Not offered to a role that may not write one (decision 0079).
  const mayOpen = useMayOpen(to);
  if (!mayOpen) return null;
  return (
    <Link
      to={to}
      className="inline-flex h-10 items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90"
    >
      <FilePlus2 className="h-4 w-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
