import { clsx } from "clsx";
import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Card } from "#web/components/ui/card";
import { Field, SearchInput, selectClass } from "#web/components/ui/input";
import type { ListFiltersState } from "./useListFilters";

/** The row's columns: the search, then each filter (with more filters, from the lg breakpoint on). */
const COLUMNS = [
  "sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]",
  "lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]",
  "lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]",
  "lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]",
];

/**
 * A document list's search box, status and other filters, above the list. With `fold`, a phone
 * shows the search and folds the rest under one button (so the list starts on the first screen);
 * from the lg breakpoint on they sit in one row.
 */
export function ListFilters({
  filters,
  placeholder,
  statuses,
  allStatuses = "All statuses",
  more,
  fields = 1,
  fold,
}: {
  filters: ListFiltersState;
  placeholder: string;
  /** The kind's statuses, as [value, label]. */
  statuses: readonly (readonly [string, string])[];
  allStatuses?: string;
  /** The kind's other filters, after the status. */
  more?: ReactNode;
  /** How many fields `more` holds, for the row's columns. */
  fields?: number;
  /** The phone's button that shows the folded filters: "Filters and sort". */
  fold?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Card className="mb-4">
      <div className={clsx("grid grid-cols-2 gap-3", COLUMNS[more ? fields : 0])}>
        <Field label="Search" className={clsx("col-span-2 lg:col-span-1", !fold && !more && "sm:col-span-1")}>
          {(p) => (
            <SearchInput
              {...p}
              placeholder={placeholder}
              value={filters.searchText}
              onChange={filters.setSearchText}
            />
          )}
        </Field>
        {fold && (
          <button
            type="button"
            className="col-span-2 inline-flex items-center justify-between rounded-md border border-border px-3 py-2 text-sm font-medium hover:bg-muted lg:hidden"
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen(!open)}
          >
            {filters.set > 0 ? `${fold} (${filters.set} set)` : fold}
            <ChevronDown
              className={clsx("h-4 w-4 transition-transform", open && "rotate-180")}
              aria-hidden="true"
            />
          </button>
        )}
        <div id={id} className={clsx(!fold || open ? "contents" : "hidden", "lg:contents")}>
          <FilterSelect
            filters={filters}
            name="status"
            label="Status"
            options={[["", allStatuses], ...statuses]}
            className={clsx(!more && "col-span-2 sm:col-span-1")}
          />
          {more}
        </div>
      </div>
    </Card>
  );
}

/** One more filter of a list: a select kept in the address under `name`. */
export function FilterSelect({
  filters,
  name,
  label,
  options,
  className,
}: {
  filters: ListFiltersState;
  name: string;
  label: string;
  options: readonly (readonly [string, string])[];
  className?: string;
}) {
  return (
    <Field label={label} className={className}>
      {(p) => (
        <select
          {...p}
          className={selectClass}
          value={filters.values[name]}
          onChange={(e) => filters.update({ [name]: e.target.value })}
        >
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
