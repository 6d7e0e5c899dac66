import { DISPLAY_STATUSES, STATUS_LABELS } from "#domain/status";
import { DateRangeFields } from "#web/components/ui/input";
import { FilterSelect } from "#web/features/documents/ListFilters";
import type { ListFiltersState } from "#web/features/documents/useListFilters";

// The invoices list's own filters, beside the search and status every list has: the dates and the
// sort (folded under "Filters and sort" on a phone, so the list starts on the first screen).

export const PAGE_SIZE = 20;

export const SORTS = [
  ["date_desc", "Newest first"],
  ["date_asc", "Oldest first"],
  ["number_asc", "Number (A–Z)"],
  ["number_desc", "Number (Z–A)"],
  ["amount_desc", "Amount (high to low)"],
  ["amount_asc", "Amount (low to high)"],
  ["due_asc", "Due soonest"],
] as const;

/** Every status a badge can show, in the dashboard's order, from the one status rule. */
export const STATUS_FILTERS = DISPLAY_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const);

/** The list's other filters and their defaults: every date, newest first. */
export const MORE_FILTERS = { from: "", to: "", sort: "date_desc" };

export function DateAndSortFilters({ filters }: { filters: ListFiltersState }) {
  const { from, to } = filters.values;
  return (
    <>
      <DateRangeFields from={from} to={to} onChange={filters.update} />
      <FilterSelect
        filters={filters}
        name="sort"
        label="Sort by"
        options={SORTS}
        className="col-span-2 lg:col-span-1"
      />
    </>
  );
}
