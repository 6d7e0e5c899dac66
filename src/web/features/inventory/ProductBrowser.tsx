import { useQuery } from "@tanstack/react-query";
import { PackageOpen } from "lucide-react";
import { type ReactNode, useState } from "react";
import { SETTINGS_MESSAGES } from "#domain/messages";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Loaded } from "#web/components/ui/states";
import { Pager, SearchAndSort, useListState } from "../clients/list-controls";
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
  const list = useListState<ProductSort>("name");
  const { term, sort, page } = list;
  const [filter, setFilter] = useState<ProductFilter>(initialFilter);
  const showOnly = list.fromFirstPage(setFilter);
  const products = useQuery(productsQuery({ search: term, sort, filter, page }));

  return (
    <>
      <SearchAndSort
        list={list}
        label="Search items"
        placeholder="Search by name or HSN/SAC"
        sorts={SORTS}
        className="mb-3"
      />
      <fieldset className="mb-4 flex flex-wrap gap-2">
        <legend className="sr-only">Show</legend>
        {FILTERS.map((f) => (
          <Button
            key={f.value}
            size="sm"
            variant={filter === f.value ? "primary" : "outline"}
            aria-pressed={filter === f.value}
            onClick={() => showOnly(f.value)}
          >
            {f.label}
          </Button>
        ))}
      </fieldset>

      <Loaded
        query={products}
        loading="Loading products..."
        errorTitle={SETTINGS_MESSAGES.errorLoadingProductsTitle}
      >
        {(data) =>
          data.total === 0 && !term && filter === "all" ? (
            empty
          ) : data.items.length === 0 ? (
            <Card className="flex items-center gap-3">
              <PackageOpen className="h-5 w-5 text-muted-foreground" aria-hidden="true" />
              <p className="text-sm text-muted-foreground">
                {term ? `No items match “${term}”` : "No items here"}
                {filter !== "all"
                  ? ` in ${FILTERS.find((f) => f.value === filter)?.label.toLowerCase()}.`
                  : "."}
              </p>
            </Card>
          ) : (
            <>
              <ProductList
                items={data.items}
                currency={data.currency}
                actions={actions}
                busy={products.isFetching}
              />
              <Pager
                page={page}
                pageSize={PRODUCT_PAGE_SIZE}
                count={data}
                onPage={list.setPage}
                busy={products.isFetching}
              />
            </>
          )
        }
      </Loaded>
    </>
  );
}
