import { clsx } from "clsx";
import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { Field, Input, selectClass } from "#web/components/ui/input";
import { SearchField } from "#web/features/documents/SearchField";
import { type InvoiceFilters, SORTS, STATUS_FILTERS } from "./filters";

export function InvoiceFiltersBar({
  filters,
  searchText,
  onSearchText,
  onChange,
}: {
  filters: InvoiceFilters;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (patch: Partial<InvoiceFilters>) => void;
}) {
  // On a phone the search comes first and the other filters fold under one button, so the list
  // starts on the first screen; from the lg breakpoint on they sit in one row.
  const set = [filters.status, filters.from, filters.to].filter(Boolean).length;
  const [open, setOpen] = useState(false);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
      <SearchField
        className="col-span-2 lg:col-span-1"
        placeholder="Invoice number or client"
        value={searchText}
        onChange={onSearchText}
      />
      <button
        type="button"
        className="col-span-2 inline-flex items-center justify-between rounded-md border border-border px-3 py-2 text-sm font-medium hover:bg-muted lg:hidden"
        aria-expanded={open}
        aria-controls="invoice-more-filters"
        onClick={() => setOpen(!open)}
      >
        {set > 0 ? `Filters and sort (${set} set)` : "Filters and sort"}
        <ChevronDown
          className={clsx("h-4 w-4 transition-transform", open && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      <div id="invoice-more-filters" className={clsx(open ? "contents" : "hidden", "lg:contents")}>
        <Field label="Status">
          {(p) => (
            <select
              {...p}
              className={selectClass}
              value={filters.status}
              onChange={(e) => onChange({ status: e.target.value })}
            >
              {STATUS_FILTERS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="From">
          {(p) => (
            <Input
              {...p}
              type="date"
              value={filters.from}
              onChange={(e) => onChange({ from: e.target.value })}
            />
          )}
        </Field>
        <Field label="To">
          {(p) => (
            <Input
              {...p}
              type="date"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(e) => onChange({ to: e.target.value })}
            />
          )}
        </Field>
        <Field label="Sort by" className="col-span-2 lg:col-span-1">
          {(p) => (
            <select
              {...p}
              className={selectClass}
              value={filters.sort}
              onChange={(e) => onChange({ sort: e.target.value })}
            >
              {SORTS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </div>
  );
}
