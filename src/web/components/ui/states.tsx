import { clsx } from "clsx";
import { type LucideIcon, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";
import { Card, Spinner } from "./card";

/** A query's three states on a page: its spinner while it loads, the error card (with Try again) when it
 *  failed, and what `children` makes of its data once it has come. */
export function Loaded<T>({
  query,
  loading,
  errorTitle,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    data: T | undefined;
    refetch: () => unknown;
  };
  loading: string;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError && query.error)
    return <LoadErrorCard title={errorTitle} error={query.error} onRetry={() => query.refetch()} />;
  return children(query.data as T);
}

/** A list or page that could not load: what failed, why, and a way to try again. */
export function LoadErrorCard({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
}) {
  return (
    <Card role="alert">
      <h2 className="font-semibold text-destructive">{title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{error.message}</p>
      <Button variant="outline" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}

/** A list with nothing in it yet: what would be here, and the action (its own `mt-4`) that adds the first. */
export function EmptyCard({
  icon: Icon,
  title,
  children,
  action,
  compact,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action: ReactNode;
  /** Less room above and below, for a card among others. */
  compact?: boolean;
}) {
  return (
    <Card className={clsx("flex flex-col items-center text-center", compact ? "py-10" : "py-12")}>
      <Icon className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{children}</p>
      {action}
    </Card>
  );
}

/** An empty list's action that opens the dialog adding its first record. */
export function AddFirstButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button className="mt-4" onClick={onClick}>
      <Plus className="h-4 w-4" aria-hidden="true" />
      {children}
    </Button>
  );
}

/**
 * The records a card lists (an invoice's notes, a client's advances): a line while they load or when
 * they could not, `empty` when there are none, else one row each, `main` on the left, `side` on the right.
 */
export function CardRecords<T extends { id: string }>({
  query,
  items,
  what,
  empty,
  label,
  main,
  side,
}: {
  query: { isPending: boolean; isError: boolean };
  items: T[] | undefined;
  /** What the records are, plural: "notes". */
  what: string;
  empty: string;
  label: string;
  main: (item: T) => ReactNode;
  side: (item: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <p className="mt-3 text-sm text-muted-foreground" role="status">
        Loading {what}…
      </p>
    );
  if (query.isError || !items)
    return (
      <p className="mt-3 text-sm text-destructive" role="alert">
        Could not load the {what}. Please reload the page.
      </p>
    );
  if (items.length === 0) return <p className="mt-3 text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="mt-3 divide-y divide-border" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <div className="min-w-0">{main(item)}</div>
          {side(item)}
        </li>
      ))}
    </ul>
  );
}
