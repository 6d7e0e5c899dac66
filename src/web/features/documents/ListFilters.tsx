import { Card } from "#web/components/ui/card";
import { Field, selectClass } from "#web/components/ui/input";
import { SearchField } from "./SearchField";
import type { useListFilters } from "./useListFilters";

/** A document list's search box and status filter, above the list. */
export function ListFilters({
  filters,
  placeholder,
  statuses,
}: {
  filters: ReturnType<typeof useListFilters>;
  placeholder: string;
  /** The kind's statuses, as [value, label]. */
  statuses: readonly (readonly [string, string])[];
}) {
  return (
    <Card className="mb-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <SearchField placeholder={placeholder} value={filters.searchText} onChange={filters.setSearchText} />
        <Field label="Status">
          {(p) => (
            <select
              {...p}
              className={selectClass}
              value={filters.status}
              onChange={(e) => filters.update({ status: e.target.value })}
            >
              <option value="">All statuses</option>
              {statuses.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </Card>
  );
}
