import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contractOf } from "#contract";
import { fieldErrors } from "#contract/common";
import { CLIENT_LIMITS, PRODUCT_LIMITS } from "#domain/limits";
import { thrown } from "#domain/testing/thrown";
import { AppError } from "../errors";
import { parseDataFile } from "./data-file";

const file = (part: { clients?: unknown[]; productServices?: unknown[] }) => ({
  invoices: [],
  clients: [],
  productServices: [],
  settings: {},
  ...part,
});

/** The import's answer for a file that must be refused. */
const refusal = (body: unknown) => thrown(AppError, () => parseDataFile(body));

/** What POST <path> says of a body: the route parses with this schema (contract/index.ts). */
function routeFields(path: string, body: unknown): Record<string, string> {
  const result = contractOf("POST", path)!.body!.safeParse(body);
  return result.success ? {} : fieldErrors(result.error);
}

describe("the import file and the routes check each field alike", () => {
  it("refuse a client's notes one over the limit with the same message, and take them at the limit", () => {
    const over = "n".repeat(CLIENT_LIMITS.notes + 1);
    const message = `Notes must be at most ${CLIENT_LIMITS.notes} characters.`;
    expect(routeFields("/api/clients", { name: "Asha", notes: over }).notes).toBe(message);
    expect(refusal(file({ clients: [{ name: "Asha", notes: over }] })).message).toBe(
      `Client import error at index 0: notes: ${message}`,
    );

    const atLimit = "n".repeat(CLIENT_LIMITS.notes);
    expect(routeFields("/api/clients", { name: "Asha", notes: atLimit })).toEqual({});
    expect(parseDataFile(file({ clients: [{ name: "Asha", notes: atLimit }] })).clients[0]?.notes).toBe(
      atLimit,
    );
  });

  it("refuse a product's name one over the limit with the same message, and take it at the limit", () => {
    const over = "p".repeat(PRODUCT_LIMITS.name + 1);
    const message = `Name must be at most ${PRODUCT_LIMITS.name} characters.`;
    expect(routeFields("/api/products", { name: over, rate: "1" }).name).toBe(message);
    const refused = refusal(file({ productServices: [{ name: over, rate: "1" }] }));
    expect(refused.message).toBe(`Product/Service import error at index 0: name: ${message}`);
    expect(refused.fields).toEqual({ "productServices.0": `name: ${message}` });

    const atLimit = "p".repeat(PRODUCT_LIMITS.name);
    expect(routeFields("/api/products", { name: atLimit, rate: "1" })).toEqual({});
    expect(parseDataFile(file({ productServices: [{ name: atLimit }] })).productServices).toHaveLength(1);
  });

  it("refuse a rate above what the column holds, and a tax over 100 %, as the route does", () => {
    const product = { name: "Pen", rate: "10000000000000", default_tax_percent: "100.01" };
    const route = routeFields("/api/products", {
      name: "Pen",
      rate: product.rate,
      defaultTaxPercent: "100.01",
    });
    expect(route).toEqual({
      rate: "Rate must be at most 9999999999999.99.",
      defaultTaxPercent: "Default tax % must be at most 100.00.",
    });
    expect(refusal(file({ productServices: [product] })).message).toBe(
      `Product/Service import error at index 0: rate: ${route.rate}; default_tax_percent: ${route.defaultTaxPercent}`,
    );
  });
});

describe("parseDataFile keeps reading earlier files", () => {
  it("reads null and missing text as empty, blank numbers as 0 or null, and decimals as exact text", () => {
    const parsed = parseDataFile(
      file({
        clients: [{ name: " Asha ", company: null, gstin: "27aapfu0939f1zv", billing_address: null }],
        productServices: [
          { name: "Pen", rate: 12.5, cost_price: "", available_quantity: "-2", low_stock_level: "" },
        ],
      }),
    );
    expect(parsed.clients[0]).toMatchObject({
      name: "Asha",
      company: "",
      gstin: "27AAPFU0939F1ZV",
      billing_address: { line1: "", city: "" },
      shipping_address: null,
      notes: "",
    });
    expect(parsed.productServices[0]).toMatchObject({
      kind: "product",
      rate: "12.50",
      cost_price: "0.00",
      available_quantity: "-2.000",
      low_stock_level: null,
      default_tax_percent: "0.00",
    });
  });

  it("imports every export of the upgrade fixture (files the earlier release wrote)", () => {
    // Every release's fixture (tests/fixtures/upgrade/<release>/expected.json).
    const fixtures = new URL("../../../tests/fixtures/upgrade/", import.meta.url);
    const releases = readdirSync(fixtures, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(releases.length).toBeGreaterThan(1);
    const exports = releases
      .map(
        (release) =>
          JSON.parse(readFileSync(new URL(`${release.name}/expected.json`, fixtures), "utf8")) as Record<
            string,
            { users?: { export: { clients: unknown[]; productServices: unknown[] } }[] }
          >,
      )
      .flatMap((expected) => Object.values(expected))
      .flatMap((db) => db.users ?? [])
      .map((u) => u.export);
    expect(exports.length).toBeGreaterThan(0);
    for (const exported of exports) {
      const parsed = parseDataFile(exported);
      expect(parsed.clients).toHaveLength(exported.clients.length);
      expect(parsed.productServices).toHaveLength(exported.productServices.length);
    }
  });
});
