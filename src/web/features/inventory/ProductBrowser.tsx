import { useQuery } from "@tanstack/react-query";
import { PackageOpen } from "lucide-react";
import { type ReactNode, useState } from "react";
import { SETTINGS_MESSAGES } from "#domain/messages";
import { Button } from "#web/components/ui/button";
import { Card, Spinner } from "#web/components/ui/card";
import { useDebounced } from "#web/lib/useDebounced";
import { Pager, SearchBox, SelectBox } from "../clients/list-controls";
import { PRODUCT_PAGE_SIZE, type Product, type ProductFilter, type ProductSort, productsQuery } from "./api";
import { ProductList } from "./ProductList";

const SORTS = [
  { value: "name", label: "Name (A–Z)" },
  { value: "newest", label: "Newest first" },
  { value: "quantity", label: "Least stock first" },
  { value: "rate", label: "Highest rate first" },
] as const;

const FILTERS: { value: ProductFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "low", label: "Low stock" },
  { value: "out", label: "Out of stock" },
  { value: "services", label: "Services" },
];

/** Search, sort, filter and pages over the user's items; the list itself and an empty state. */
export function ProductBrowser({
  initialFilter = "all",
  actions,
  empty,
}: {
  initialFilter?: ProductFilter;
  actions?: (p: Product) => ReactNode;
  empty: ReactNode;
}) {
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<ProductSort>("name");
  const [filter, setFilter] = useState<ProductFilter>(initialFilter);
  const [page, setPage] = useState(1);
  const term = useDebounced(search.trim());
  const list = useQuery(productsQuery({ search: term, sort, filter, page }));

  return (
    <>
      <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox
          label="Search items"
          placeholder="Search by name or HSN/SAC"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        <SelectBox
          label="Sort"
          value={sort}
          options={SORTS}
          onChange={(v) => {
            setSort(v);
            setPage(1);
          }}
        />
      </div>
      <fieldset className="mb-4 flex flex-wrap gap-2">
        <legend className="sr-only">Show</legend>
        {FILTERS.map((f) => (
          <Button
            key={f.value}
            size="sm"
            variant={filter === f.value ? "primary" : "outline"}
            aria-pressed={filter === f.value}
            onClick={() => {
              setFilter(f.value);
              setPage(1);
            }}
          >
            {f.label}
          </Button>
        ))}
      </fieldset>

      {list.isPending ? (
        <Spinner label="Loading products..." />
      ) : list.isError ? (
        <Card role="alert">
          <h2 className="font-semibold text-destructive">{SETTINGS_MESSAGES.errorLoadingProductsTitle}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{(list.error as Error).message}</p>
          <Button variant="outline" className="mt-3" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Card>
      ) : list.data.total === 0 && !term && filter === "all" ? (
        empty
      ) : list.data.items.length === 0 ? (
        <Card className="flex items-center gap-3">
          <PackageOpen className="h-5 w-5 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">
            {term ? `No items match “${term}”` : "No items here"}
            {filter !== "all" ? ` in ${FILTERS.find((f) => f.value === filter)?.label.toLowerCase()}.` : "."}
          </p>
        </Card>
      ) : (
        <>
          <ProductList
            items={list.data.items}
            currency={list.data.currency}
            actions={actions}
            busy={list.isFetching}
          />
          <Pager
            page={page}
            pageSize={PRODUCT_PAGE_SIZE}
            count={list.data}
            onPage={setPage}
            busy={list.isFetching}
          />
        </>
      )}
    </>
  );
}
