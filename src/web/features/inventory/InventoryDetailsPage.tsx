import { Boxes, Settings2 } from "lucide-react";
import { useSearchParams } from "react-router";
import { PageHeader } from "#web/components/ui/page";
import { EmptyCard } from "#web/components/ui/states";
import { MayLink } from "#web/features/members/MayLink";
import type { ProductFilter } from "./api";
import { ProductBrowser } from "./ProductBrowser";

const linkButton =
  "inline-flex h-10 items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90";

export function InventoryDetailsPage() {
  const [params] = useSearchParams();
  const asked = params.get("filter");
  const initialFilter: ProductFilter =
    asked === "low" || asked === "out" || asked === "services" ? asked : "all";
  return (
    <>
      <PageHeader
        title="Inventory Product Details"
        description="Every product and service with its prices and stock."
        actions={
          <MayLink to="/inventory/manage-items" className={linkButton}>
            <Settings2 className="h-4 w-4" aria-hidden="true" />
            Manage Items
          </MayLink>
        }
      />
      <ProductBrowser
        initialFilter={initialFilter}
        empty={
          <EmptyCard
            icon={Boxes}
            title="No products or services yet"
            action={
              <MayLink to="/inventory/manage-items" className={`${linkButton} mt-4`}>
                Add items
              </MayLink>
            }
          >
            Add what you sell once; invoices then fill in its name, HSN/SAC, rate and tax for you.
          </EmptyCard>
        }
      />
    </>
  );
}
