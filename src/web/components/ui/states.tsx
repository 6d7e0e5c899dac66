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
