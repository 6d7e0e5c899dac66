import { Search } from "lucide-react";
import { Field, Input } from "#web/components/ui/input";
import { selectClass } from "../editor/DetailsSection";
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
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
      <Field label="Search" className="col-span-2 lg:col-span-1">
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
              placeholder="Invoice number or client"
              value={searchText}
              maxLength={200}
              onChange={(e) => onSearchText(e.target.value)}
            />
          </div>
        )}
      </Field>
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
  );
}
