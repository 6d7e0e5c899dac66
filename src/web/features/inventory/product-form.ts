import type { z } from "zod";
import { fieldErrors } from "#contract/common";
import { type Product, productCreate, productPatch } from "#contract/products";

/** The dialog's fields as typed; numbers stay text until the contract reads them. */
export interface ProductForm {
  kind: "product" | "service";
  name: string;
  hsnSac: string;
  unit: string;
  rate: string;
  costPrice: string;
  trackStock: boolean;
  openingQuantity: string;
  lowStockLevel: string;
  defaultTaxPercent: string;
  defaultDiscountPercent: string;
}

export const blankProductForm = (): ProductForm => ({
  kind: "product",
  name: "",
  hsnSac: "",
  unit: "",
  rate: "",
  costPrice: "",
  trackStock: true,
  openingQuantity: "",
  lowStockLevel: "",
  defaultTaxPercent: "",
  defaultDiscountPercent: "",
});

export const productFormOf = (p: Product): ProductForm => ({
  kind: p.kind,
  name: p.name,
  hsnSac: p.hsnSac,
  unit: p.unit,
  rate: p.rate,
  costPrice: p.costPrice,
  trackStock: p.tracksStock,
  openingQuantity: p.availableQuantity ?? "",
  lowStockLevel: p.lowStockLevel ?? "",
  defaultTaxPercent: p.defaultTaxPercent,
  defaultDiscountPercent: p.defaultDiscountPercent,
});

/** The body the API takes: empty numbers are left out (the server's defaults apply). */
/** A new item's body (POST) or a change's (PATCH, which also says whether stock is tracked). */
export type ProductBody = z.input<typeof productCreate> & z.input<typeof productPatch>;

export function productBody(f: ProductForm, isNew: boolean): ProductBody {
  const num = (v: string) => (v.trim() === "" ? undefined : v.trim());
  const tracks = f.kind === "product" && f.trackStock;
  const body: ProductBody = {
    name: f.name,
    kind: f.kind,
    hsnSac: f.hsnSac,
    unit: f.unit,
    rate: num(f.rate) ?? "0",
    costPrice: num(f.costPrice) ?? "0",
    defaultTaxPercent: num(f.defaultTaxPercent) ?? "0",
    defaultDiscountPercent: num(f.defaultDiscountPercent) ?? "0",
    lowStockLevel: tracks ? (num(f.lowStockLevel) ?? null) : null,
  };
  if (isNew) body.availableQuantity = tracks ? (num(f.openingQuantity) ?? "0") : null;
  else if (f.kind === "product") body.trackStock = f.trackStock;
  return body;
}

/** The API's field names as the dialog's: a new item's quantity is typed as its opening quantity. */
export function formFieldErrors(fields: Record<string, string>): Record<string, string> {
  const { availableQuantity, ...rest } = fields;
  return availableQuantity ? { ...rest, openingQuantity: availableQuantity } : rest;
}

/** The route's own schema, so the dialog names each bad field with the server's message and limit. */
export function productFormErrors(f: ProductForm, isNew: boolean): Record<string, string> {
  const result = (isNew ? productCreate : productPatch).safeParse(productBody(f, isNew));
  return result.success ? {} : formFieldErrors(fieldErrors(result.error));
}
