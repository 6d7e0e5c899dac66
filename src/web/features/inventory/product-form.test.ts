import { describe, expect, it } from "vitest";
import { PRODUCT_LIMITS } from "#contract/products";
import { blankProductForm, type ProductForm, productBody, productFormErrors } from "./product-form";

const form = (patch: Partial<ProductForm>): ProductForm => ({ ...blankProductForm(), name: "Pen", ...patch });

describe("productFormErrors (the product dialog's check)", () => {
  it("passes an item the API takes, blank numbers included", () => {
    expect(productFormErrors(form({ rate: "12.5", lowStockLevel: "2" }), true)).toEqual({});
    expect(productFormErrors(form({ kind: "service", trackStock: false }), false)).toEqual({});
  });

  it("names each bad field with the API's message", () => {
    expect(
      productFormErrors(
        form({ name: " ", hsnSac: "99-83", rate: "-1", costPrice: "1.234", defaultTaxPercent: "100.5" }),
        true,
      ),
    ).toEqual({
      name: "Name is required.",
      hsnSac: "HSN/SAC may contain letters and digits only.",
      rate: "Rate cannot be negative.",
      costPrice: "Cost price must be a number with at most 2 decimal places.",
      defaultTaxPercent: "Default tax % must be at most 100.00.",
    });
  });

  it("holds the rate to what the API stores (the dialog had no maximum)", () => {
    expect(productFormErrors(form({ rate: "10000000000000" }), false)).toEqual({
      rate: "Rate must be at most 9999999999999.99.",
    });
  });

  it("holds the name to the API's limit", () => {
    expect(productFormErrors(form({ name: "p".repeat(PRODUCT_LIMITS.name) }), true)).toEqual({});
    expect(productFormErrors(form({ name: "p".repeat(PRODUCT_LIMITS.name + 1) }), true)).toEqual({
      name: `Name must be at most ${PRODUCT_LIMITS.name} characters.`,
    });
  });

  it("reports a new item's quantity under the opening quantity it was typed in", () => {
    expect(productFormErrors(form({ openingQuantity: "1.2345" }), true)).toEqual({
      openingQuantity: "Available quantity must be a number with at most 3 decimal places.",
    });
    expect(productBody(form({ trackStock: false }), true)).toMatchObject({ availableQuantity: null });
  });
});
