import {
  addressStateProblem,
  DEFAULT_INVOICE_GST,
  defaultPlaceOfSupply,
  effectivePlaceOfSupply,
  gstinStateMismatch,
  invoiceGstOf,
  invoiceGstSchema,
  isForeignCountry,
  type PlaceOfSupplyClient,
  stateFromGstin,
  taxSplitFor,
} from "./gst-supply";
import { invoiceInputSchema } from "./invoice";
import { gstin } from "./testing/einvoice";

const address = (state: string, country = "") => ({ state, country });
const client = (over: Partial<PlaceOfSupplyClient> = {}): PlaceOfSupplyClient => ({
  gstin: "",
  billingAddress: address(""),
  shippingAddress: null,
  ...over,
});

describe("defaultPlaceOfSupply", () => {
  it("takes the state of the client's GSTIN first", () => {
    const c = client({ gstin: "29AAPFU0939F1ZV", billingAddress: address("Maharashtra") });
    expect(defaultPlaceOfSupply(c, "27")).toBe("29");
  });

  it("reads a legacy GSTIN prefix as today's state, and skips a centre (99) prefix", () => {
    expect(defaultPlaceOfSupply(client({ gstin: "25AAAAA0000A1Z5" }), "27")).toBe("26");
    expect(defaultPlaceOfSupply(client({ gstin: "28AAAAA0000A1Z5" }), "27")).toBe("37");
    expect(
      defaultPlaceOfSupply(client({ gstin: "99AAAAA0000A1Z5", billingAddress: address("Goa") }), "27"),
    ).toBe("30");
  });

  it("then the shipping address, then the billing address", () => {
    const both = client({ billingAddress: address("Karnataka"), shippingAddress: address("tamil nadu") });
    expect(defaultPlaceOfSupply(both, "27")).toBe("33");
    const blankShipping = client({ billingAddress: address("Orissa"), shippingAddress: address("") });
    expect(defaultPlaceOfSupply(blankShipping, "27")).toBe("21");
  });

  it("gives 96 for a client abroad, and the supplier's state only when no address is typed", () => {
    expect(defaultPlaceOfSupply(client({ billingAddress: address("California", "USA") }), "27")).toBe("96");
    expect(defaultPlaceOfSupply(client({ shippingAddress: address("", "United Kingdom") }), "27")).toBe("96");
    expect(defaultPlaceOfSupply(client({ billingAddress: address("Kerala", "India") }), "27")).toBe("32");
    expect(defaultPlaceOfSupply(client(), "27")).toBe("27");
    // Issue 32: a state that cannot be told is never guessed into the supplier's (intra-state).
    expect(defaultPlaceOfSupply(client({ billingAddress: address("Nowhere") }), "07")).toBeNull();
    expect(isForeignCountry("  india ")).toBe(false);
    expect(isForeignCountry("IN")).toBe(false);
    expect(isForeignCountry("")).toBe(false);
    expect(isForeignCountry("Nepal")).toBe(true);
  });

  it("an export's place of supply is 96; a chosen one wins over the default", () => {
    const c = client({ billingAddress: address("Goa") });
    expect(effectivePlaceOfSupply({ placeOfSupply: null, exportType: "without_payment" }, c, "27")).toBe(
      "96",
    );
    expect(effectivePlaceOfSupply({ placeOfSupply: "29", exportType: "none" }, c, "27")).toBe("29");
    expect(effectivePlaceOfSupply({ placeOfSupply: null, exportType: "none" }, c, "27")).toBe("30");
  });
});

describe("a client's state typed as text (issue 32 part 3)", () => {
  it("reads abbreviations, misspellings and a city before the state, so a sale to Karnataka is IGST", () => {
    for (const typed of ["KA", "Karnatka", "Bengaluru, Karnataka", "karnataka 560001", "K.A."]) {
      const c = client({
        billingAddress: { ...address(typed), line1: "4 Residency Road", city: "Bengaluru" },
      });
      expect(defaultPlaceOfSupply(c, "27"), typed).toBe("29");
      expect(taxSplitFor("27", defaultPlaceOfSupply(c, "27")!, "none"), typed).toBe("igst");
    }
  });

  it("a state chosen from the list wins over the text; an address typed without a state gives null", () => {
    const chosen = { ...address("Bangalore side"), stateCode: "29" };
    expect(defaultPlaceOfSupply(client({ billingAddress: chosen }), "27")).toBe("29");
    const noState = { ...address(""), line1: "4 Residency Road", city: "Bengaluru" };
    expect(defaultPlaceOfSupply(client({ billingAddress: noState }), "27")).toBeNull();
    expect(addressStateProblem(noState)).toMatch(/has no state/);
    expect(addressStateProblem(address("Atlantis"))).toMatch(/"Atlantis" is not one Bahi recognises/);
    expect(addressStateProblem(address(""))).toBeNull();
  });

  it("fills a billing state from a complete GSTIN, and tells a GSTIN of another state", () => {
    const KA = gstin("29AAACR5055K1Z");
    expect(stateFromGstin(KA.toLowerCase(), address(""))).toEqual({ state: "Karnataka", stateCode: "29" });
    expect(stateFromGstin(KA.slice(0, 9), address(""))).toBeNull();
    expect(stateFromGstin(KA, address("Goa"))).toBeNull();
    expect(gstinStateMismatch({ gstin: KA, billingAddress: address("Maharashtra") })).toBe(
      "The GSTIN is registered in Karnataka (29), but the billing address says Maharashtra (27). Check the GSTIN or the state.",
    );
    expect(gstinStateMismatch({ gstin: KA, billingAddress: address("KA") })).toBeNull();
  });
});

describe("taxSplitFor", () => {
  it("splits by supplier state and place of supply", () => {
    expect(taxSplitFor("27", "27", "none")).toBe("cgst_sgst");
    expect(taxSplitFor("27", "29", "none")).toBe("igst");
    for (const ut of ["04", "38", "31", "35", "26", "97"])
      expect(taxSplitFor(ut, ut, "none")).toBe("cgst_utgst");
    for (const withLegislature of ["07", "34", "01"]) {
      expect(taxSplitFor(withLegislature, withLegislature, "none")).toBe("cgst_sgst");
    }
    expect(taxSplitFor("25", "26", "none")).toBe("cgst_utgst");
    expect(taxSplitFor("27", "96", "none")).toBe("igst");
    expect(taxSplitFor("27", "27", "with_payment")).toBe("igst");
    expect(taxSplitFor("27", "96", "without_payment")).toBe("igst");
  });
});

describe("invoiceGstSchema", () => {
  it("has defaults, and old invoices without it still parse", () => {
    expect(DEFAULT_INVOICE_GST).toEqual({
      placeOfSupply: null,
      reverseCharge: false,
      exportType: "none",
      lutNumber: "",
      portCode: "",
      shippingBillNumber: "",
      shippingBillDate: null,
    });
    const old = invoiceInputSchema.parse({
      invoiceNumber: "INV-01042026-101500",
      invoiceDate: "2026-04-01",
      currency: "INR",
      client: { name: "Old client" },
      items: [{ id: "1", name: "Tea", quantity: "1", rate: "10" }],
    });
    expect(old).not.toHaveProperty("gst");
    expect(old.items[0]).not.toHaveProperty("uqc");
    expect(invoiceGstOf(old)).toEqual(DEFAULT_INVOICE_GST);
  });

  it("requires a LUT for an export without payment and keeps exports at 96", () => {
    const r = invoiceGstSchema.safeParse({ exportType: "without_payment", placeOfSupply: "27" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["placeOfSupply", "An export's place of supply is Other Country (96)."],
      [
        "lutNumber",
        "Enter the LUT (letter of undertaking) or bond reference for an export without payment of IGST.",
      ],
    ]);
    expect(invoiceGstSchema.safeParse({ placeOfSupply: "99" }).success).toBe(false);
    expect(invoiceGstSchema.safeParse({ placeOfSupply: "25" }).success).toBe(false);
    expect(
      invoiceGstSchema.parse({
        exportType: "without_payment",
        lutNumber: "AD270326000123X",
        portCode: "inbom4",
      }),
    ).toMatchObject({ portCode: "INBOM4", lutNumber: "AD270326000123X" });
  });

  it("checks a line's UQC", () => {
    const base = {
      invoiceNumber: "INV-1",
      invoiceDate: "2026-04-01",
      currency: "INR",
      client: { name: "A" },
    };
    const good = invoiceInputSchema.parse({
      ...base,
      items: [{ id: "1", name: "T", quantity: 1, rate: 1, uqc: "kgs" }],
    });
    expect(good.items[0].uqc).toBe("KGS");
    const bad = invoiceInputSchema.safeParse({
      ...base,
      items: [{ id: "1", name: "T", quantity: 1, rate: 1, uqc: "KILO" }],
    });
    expect(bad.error?.issues[0].message).toBe("Choose a unit quantity code (UQC) from the list.");
  });
});
