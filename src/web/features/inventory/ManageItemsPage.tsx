import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowUpDown, PackagePlus, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { call, resourceKey } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { PageHeader } from "#web/components/ui/page";
import { CsvImportExport } from "#web/features/imports/CsvImport";
import { type Product, productQuery } from "./api";
import { ProductBrowser } from "./ProductBrowser";
import { ProductDialog } from "./ProductDialog";
import { StockDialog } from "./StockDialog";

export function ManageItemsPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [editorOpen, setEditorOpen] = useState(false);
  const [editing, setEditing] = useState<Product | undefined>();
  const [deleting, setDeleting] = useState<Product | null>(null);
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

  const remove = useMutation({
    mutationFn: (p: Product) => call("DELETE /api/products/:id", { params: { id: p.id } }),
    onSuccess: async (_v, p) => {
      await queryClient.invalidateQueries({ queryKey: resourceKey("products") });
      toast.success("Item Deleted", { description: `${p.name} and its stock history were deleted.` });
      setDeleting(null);
    },
    onError: (error) => toast.error("Could not delete the item", { description: (error as Error).message }),
  });

  const openNew = () => {
    setEditing(undefined);
    setEditorOpen(true);
  };

  return (
    <>
      <PageHeader
        title="Manage Inventory Items"
        description="Add, edit and delete products and services, and adjust stock with a reason."
        actions={
          <>
            <CsvImportExport kind="products" />
            <Button onClick={openNew}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Item
            </Button>
          </>
        }
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
            <Button
              size="sm"
              variant="outline"
              aria-label={`Edit ${p.name}`}
              onClick={() => {
                setEditing(p);
                setEditorOpen(true);
              }}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive"
              aria-label={`Delete ${p.name}`}
              onClick={() => setDeleting(p)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </>
        )}
        empty={
          <Card className="flex flex-col items-center py-12 text-center">
            <PackagePlus className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-semibold">No items yet</h2>
            <p className="mt-1 max-w-sm text-sm text-muted-foreground">
              Add a product with its opening stock, or a service. Stock then moves with your invoices and your
              adjustments, each with its reason.
            </p>
            <Button className="mt-4" onClick={openNew}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add your first item
            </Button>
          </Card>
        }
      />

      <ProductDialog open={editorOpen} onOpenChange={setEditorOpen} product={editing} />
      <StockDialog
        open={Boolean(adjustId) && Boolean(adjusting.data)}
        onOpenChange={(o) => !o && setAdjustId(null)}
        product={adjusting.data ?? null}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this item?"
        description={`${deleting?.name ?? ""} and its stock history will be deleted. Invoices that use it keep their own copy.`}
        confirmLabel="Delete Item"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}
