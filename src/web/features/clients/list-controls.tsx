import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import type { PageCount } from "#contract/common";
import { Button } from "#web/components/ui/button";
import { Options, SearchInput } from "#web/components/ui/input";
import { countText, isLastPage } from "#web/lib/page-count";
import { useDebounced } from "#web/lib/useDebounced";

/** A list's search text (and its settled `term`), sort and page; any other choice goes back to page 1. */
export function useListState<S extends string>(initialSort: S) {
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<S>(initialSort);
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim());
  /** Sets a choice that changes what is listed, and goes back to the first page. */
  const fromFirstPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return {
    search,
    sort,
    page,
    term,
    setPage,
    fromFirstPage,
    setSearch: fromFirstPage(setSearch),
    setSort: fromFirstPage(setSort),
  };
}
export type ListState<S extends string> = ReturnType<typeof useListState<S>>;

/** A list's search box and its sort, side by side from a tablet up. */
export function SearchAndSort<S extends string>({
  list,
  label,
  placeholder,
  sorts,
  className,
}: {
  list: ListState<S>;
  label: string;
  placeholder: string;
  sorts: readonly { value: S; label: string }[];
  className: string;
}) {
  return (
    <div className={clsx("flex flex-col gap-3 sm:flex-row sm:items-center", className)}>
      <SearchInput
        className="min-w-0 flex-1"
        aria-label={label}
        placeholder={placeholder ?? label}
        value={list.search}
        onChange={list.setSearch}
      />
      <SelectBox label="Sort" value={list.sort} options={sorts} onChange={list.setSort} />
    </div>
  );
}

export function SelectBox<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        className="h-10 rounded-md border border-border bg-background px-2 text-sm text-foreground"
      >
        <Options of={options} value={(o) => o.value} label={(o) => o.label} />
      </select>
    </label>
  );
}

/** "21–40 of 10,000" (or "of 1,000+" beyond the count's limit) with previous and next buttons. */
export function Pager({
  page,
  pageSize,
  count,
  onPage,
  busy,
}: {
  page: number;
  pageSize: number;
  count: PageCount;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const { total, totalIsExact } = count;
  if (totalIsExact && total <= pageSize && page === 1) return null;
  const end = totalIsExact ? total : Number.POSITIVE_INFINITY;
  const from = Math.min(end, (page - 1) * pageSize + 1);
  const to = Math.min(end, page * pageSize);
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {from.toLocaleString("en-IN")}–{to.toLocaleString("en-IN")} of {countText(count)}
      </p>
      <PageButtons
        onPrevious={page <= 1 || busy ? undefined : () => onPage(page - 1)}
        onNext={isLastPage(count, page, pageSize) || busy ? undefined : () => onPage(page + 1)}
      />
    </nav>
  );
}

/** Previous and Next, each off where there is no page that way (its handler is absent). */
export function PageButtons({ onPrevious, onNext }: { onPrevious?: () => void; onNext?: () => void }) {
  return (
    <div className="flex gap-2">
      <Button variant="outline" size="sm" disabled={!onPrevious} onClick={onPrevious}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Previous
      </Button>
      <Button variant="outline" size="sm" disabled={!onNext} onClick={onNext}>
        Next
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
