import { PRODUCT_LIMITS } from "#contract/products";
import { call } from "#web/api";
import { RecordDialog, useRecordDialog } from "#web/components/record-forms";
import { CheckboxField, Field, Input, TextField } from "#web/components/ui/input";
import { textBinder } from "#web/lib/form";
import type { Product } from "./api";
import {
  blankProductForm,
  formFieldErrors,
  productBody,
  productFormErrors,
  productFormOf,
} from "./product-form";

const formOfProduct = (product: Product | undefined) =>
  product ? productFormOf(product) : blankProductForm();

export function ProductDialog({
  open,
  onOpenChange,
  product,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product?: Product;
}) {
  const isNew = !product;
  const { form, set, errors, dialog } = useRecordDialog({
    open,
    onOpenChange,
    record: product,
    formOf: formOfProduct,
    resource: "products",
    noun: "item",
    check: (f) => productFormErrors(f, isNew),
    bodyOf: (f) => productBody(f, isNew),
    save: (body) =>
      product
        ? call("PATCH /api/products/:id", { params: { id: product.id }, body })
        : call("POST /api/products", { body }),
    formKeys: formFieldErrors,
  });
  const text = textBinder(form, errors, set);
  const numberProps = { inputMode: "decimal", autoComplete: "off", maxLength: 20 } as const;
  const tracks = form.kind === "product" && form.trackStock;

  return (
    <RecordDialog
      {...dialog}
      description="Prices are in your default currency. Rate is what you charge; cost price is what you pay."
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Type</legend>
        <div className="flex gap-4">
          {(["product", "service"] as const).map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="kind"
                value={k}
                className="h-4 w-4 accent-[var(--primary)]"
                checked={form.kind === k}
                onChange={() => set("kind", k)}
              />
              {k === "product" ? "Product" : "Service"}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name *" maxLength={PRODUCT_LIMITS.name} autoComplete="off" {...text("name")} />
        <TextField
          label="HSN/SAC code"
          maxLength={PRODUCT_LIMITS.hsnSac}
          autoComplete="off"
          {...text("hsnSac")}
        />
        <TextField label="Rate (sale price)" {...numberProps} {...text("rate")} />
        <TextField label="Cost price" {...numberProps} {...text("costPrice")} />
        <TextField label="Default tax %" {...numberProps} {...text("defaultTaxPercent")} />
        <TextField label="Default discount %" {...numberProps} {...text("defaultDiscountPercent")} />
        <TextField
          label="Unit"
          maxLength={PRODUCT_LIMITS.unit}
          placeholder="pcs, kg, hour"
          {...text("unit")}
        />
      </div>
      {form.kind === "product" && (
        <fieldset className="space-y-3 rounded-md border border-border p-3">
          <legend className="px-1 text-sm font-semibold">Stock</legend>
          <CheckboxField
            label="Track stock for this product"
            checked={form.trackStock}
            onChange={(on) => set("trackStock", on)}
          />
          {tracks && (
            <div className="grid gap-4 sm:grid-cols-2">
              {isNew ? (
                <TextField
                  label="Opening quantity"
                  hint="Logged as the opening stock."
                  {...numberProps}
                  {...text("openingQuantity")}
                />
              ) : (
                <Field
                  label="Available quantity"
                  hint="Change it with Adjust stock, so every change has a reason."
                >
                  {(p) => <Input {...p} value={form.openingQuantity || "0"} readOnly disabled />}
                </Field>
              )}
              <TextField
                label="Low-stock level"
                hint="Warn when stock falls to this."
                {...numberProps}
                {...text("lowStockLevel")}
              />
            </div>
          )}
          {errors.trackStock && (
            <p className="text-sm text-destructive" role="alert">
              {errors.trackStock}
            </p>
          )}
        </fieldset>
      )}
    </RecordDialog>
  );
}
