import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { PRODUCT_LIMITS } from "#contract/products";
import { ApiError, call, resourceKey } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Field, Input } from "#web/components/ui/input";
import { Dialog } from "#web/components/ui/lazy-dialog";
import type { Product } from "./api";
import {
  blankProductForm,
  type ProductForm as Form,
  formFieldErrors,
  type ProductBody,
  productBody,
  productFormErrors,
  productFormOf,
} from "./product-form";

type Errors = Record<string, string>;

export function ProductDialog({
  open,
  onOpenChange,
  product,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product?: Product;
}) {
  const queryClient = useQueryClient();
  const isNew = !product;
  const [form, setForm] = useState<Form>(blankProductForm);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (open) {
      setForm(product ? productFormOf(product) : blankProductForm());
      setErrors({});
    }
  }, [open, product]);

  const save = useMutation({
    mutationFn: (body: ProductBody) =>
      product
        ? call("PATCH /api/products/:id", { params: { id: product.id }, body })
        : call("POST /api/products", { body }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: resourceKey("products") });
      toast.success(isNew ? "Item Added" : "Item Updated", { description: saved.name });
      onOpenChange(false);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(formFieldErrors(error.fields));
      toast.error("Could not save the item", { description: (error as Error).message });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = productFormErrors(form, isNew);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(productBody(form, isNew));
  }

  const set = <K extends keyof Form>(key: K, v: Form[K]) => setForm((s) => ({ ...s, [key]: v }));
  const input = (key: keyof Form, label: string, extra: object = {}, hint?: string) => (
    <Field label={label} error={errors[key]} hint={hint}>
      {(p) => (
        <Input
          {...p}
          {...extra}
          value={String(form[key])}
          onChange={(e) => set(key, e.target.value as never)}
        />
      )}
    </Field>
  );
  const numberProps = { inputMode: "decimal", autoComplete: "off", maxLength: 20 };
  const tracks = form.kind === "product" && form.trackStock;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={isNew ? "Add Item" : "Edit Item"}
      description="Prices are in your default currency. Rate is what you charge; cost price is what you pay."
      className="sm:max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
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
          {input("name", "Name *", { maxLength: PRODUCT_LIMITS.name, autoComplete: "off" })}
          {input("hsnSac", "HSN/SAC code", { maxLength: PRODUCT_LIMITS.hsnSac, autoComplete: "off" })}
          {input("rate", "Rate (sale price)", numberProps)}
          {input("costPrice", "Cost price", numberProps)}
          {input("defaultTaxPercent", "Default tax %", numberProps)}
          {input("defaultDiscountPercent", "Default discount %", numberProps)}
          {input("unit", "Unit", { maxLength: PRODUCT_LIMITS.unit, placeholder: "pcs, kg, hour" })}
        </div>
        {form.kind === "product" && (
          <fieldset className="space-y-3 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-semibold">Stock</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-[var(--primary)]"
                checked={form.trackStock}
                onChange={(e) => set("trackStock", e.target.checked)}
              />
              Track stock for this product
            </label>
            {tracks && (
              <div className="grid gap-4 sm:grid-cols-2">
                {isNew ? (
                  input("openingQuantity", "Opening quantity", numberProps, "Logged as the opening stock.")
                ) : (
                  <Field
                    label="Available quantity"
                    hint="Change it with Adjust stock, so every change has a reason."
                  >
                    {(p) => <Input {...p} value={form.openingQuantity || "0"} readOnly disabled />}
                  </Field>
                )}
                {input("lowStockLevel", "Low-stock level", numberProps, "Warn when stock falls to this.")}
              </div>
            )}
            {errors.trackStock && (
              <p className="text-sm text-destructive" role="alert">
                {errors.trackStock}
              </p>
            )}
          </fieldset>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            {isNew ? "Add Item" : "Save Changes"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
