import { useQuery } from "@tanstack/react-query";
import { ArrowUpDown, PackagePlus, Pencil, Trash2 } from "lucide-react";
import { useSearchParams } from "react-router";
import { call } from "#web/api";
import { useConfirmedDelete, useEditDialog } from "#web/components/record-forms";
import { Button } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { PageHeader } from "#web/components/ui/page";
import { AddFirstButton, EmptyCard } from "#web/components/ui/states";
import { ListActions } from "#web/features/imports/CsvImport";
import { type Product, productQuery } from "./api";
import { ProductBrowser } from "./ProductBrowser";
import { ProductDialog } from "./ProductDialog";
import { StockDialog } from "./StockDialog";

export function ManageItemsPage() {
  const [params, setParams] = useSearchParams();
  const editor = useEditDialog<Product>();
  // The item whose stock is being adjusted lives in the address (?adjust=id), so the overview
  // can link straight to it; its data is read fresh so the dialog shows the stock after each change.
  const adjustId = params.get("adjust");
  const adjusting = useQuery({ ...productQuery(adjustId ?? ""), enabled: Boolean(adjustId) });
  const setAdjustId = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set("adjust", id);
        else p.delete("adjust");
        return p;
      },
      { replace: true },
    );

  const deletion = useConfirmedDelete({
    resource: "products",
    noun: "item",
    remove: (p: Product) => call("DELETE /api/products/:id", { params: { id: p.id } }),
    deleted: (p) => `${p.name} and its stock history were deleted.`,
  });

  return (
    <>
      <PageHeader
        title="Manage Inventory Items"
        description="Add, edit and delete products and services, and adjust stock with a reason."
        actions={<ListActions kind="products" addLabel="Add Item" onAdd={editor.openNew} />}
      />
      <ProductBrowser
        actions={(p) => (
          <>
            {p.tracksStock && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setAdjustId(p.id)}
                aria-label={`Adjust stock of ${p.name}`}
              >
                <ArrowUpDown className="h-4 w-4" aria-hidden="true" />
                Stock
              </Button>
            )}
            <Button size="sm" variant="outline" aria-label={`Edit ${p.name}`} onClick={() => editor.edit(p)}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive"
              aria-label={`Delete ${p.name}`}
              onClick={() => deletion.ask(p)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </>
        )}
        empty={
          <EmptyCard
            icon={PackagePlus}
            title="No items yet"
            action={<AddFirstButton onClick={editor.openNew}>Add your first item</AddFirstButton>}
          >
            Add a product with its opening stock, or a service. Stock then moves with your invoices and your
            adjustments, each with its reason.
          </EmptyCard>
        }
      />

      <ProductDialog open={editor.open} onOpenChange={editor.setOpen} product={editor.editing} />
      <StockDialog
        open={Boolean(adjustId) && Boolean(adjusting.data)}
        onOpenChange={(o) => !o && setAdjustId(null)}
        product={adjusting.data ?? null}
      />
      <ConfirmDialog
        {...deletion.confirm}
        title="Delete this item?"
        description={`${deletion.asking?.name ?? ""} and its stock history will be deleted. Invoices that use it keep their own copy.`}
        confirmLabel="Delete Item"
      />
    </>
  );
}
