import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import type { PageCount } from "#contract/common";
import { Button } from "#web/components/ui/button";
import { Input } from "#web/components/ui/input";
import { countText, isLastPage } from "#web/lib/page-count";

export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
}) {
  return (
    <div className="relative min-w-0 flex-1">
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder ?? label}
        value={value}
        maxLength={200}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
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
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
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
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={isLastPage(count, page, pageSize) || busy}
          onClick={() => onPage(page + 1)}
        >
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
