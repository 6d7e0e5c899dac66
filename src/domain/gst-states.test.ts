import {
  formatStateWithCode,
  GST_STATES,
  gstStateByCode,
  isPlaceOfSupplyCode,
  PLACES_OF_SUPPLY,
  stateCodeFromName,
  stateCodeOfGstin,
} from "./gst-states";

describe("GST states", () => {
  it("holds every code of states.csv", () => {
    const codes = GST_STATES.map((s) => s.code);
    const expected = [
      ...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, "0")),
      "96",
      "97",
      "99",
    ];
    expect(codes).toEqual(expected);
  });

  it("marks the union territories without legislature (UTGST)", () => {
    const uts = GST_STATES.filter((s) => s.utWithoutLegislature).map((s) => s.code);
    expect(uts).toEqual(["04", "25", "26", "31", "35", "38", "97"]);
    for (const code of ["07", "34", "01"]) expect(gstStateByCode(code)?.utWithoutLegislature).toBe(false);
  });

  it("lists places of supply 01-38 without 25 and 28, then 97, then 96", () => {
    const codes = PLACES_OF_SUPPLY.map((s) => s.code);
    expect(codes).toHaveLength(38);
    expect(codes).not.toContain("25");
    expect(codes).not.toContain("28");
    expect(codes).not.toContain("99");
    expect(codes.slice(-2)).toEqual(["97", "96"]);
    expect(gstStateByCode("96")?.name).toBe("Other Country");
    expect(isPlaceOfSupplyCode("99")).toBe(false);
    expect(isPlaceOfSupplyCode("25")).toBe(false);
  });

  it("reads the state of a GSTIN, legacy 25 and 28 included", () => {
    expect(stateCodeOfGstin("27AAPFU0939F1ZV")).toBe("27");
    expect(stateCodeOfGstin("25AAAAA0000A1Z5")).toBe("25");
    expect(stateCodeOfGstin("28AAAAA0000A1Z5")).toBe("28");
    expect(stateCodeOfGstin("99AAAAA0000A1Z5")).toBe("99");
    expect(stateCodeOfGstin("")).toBeNull();
    expect(stateCodeOfGstin("40AAAAA0000A1Z5")).toBeNull();
  });

  it("matches an address's state text ignoring case and spaces, old names included", () => {
    expect(stateCodeFromName("maharashtra")).toBe("27");
    expect(stateCodeFromName("  Tamil  Nadu ")).toBe("33");
    expect(stateCodeFromName("TAMILNADU")).toBe("33");
    expect(stateCodeFromName("Orissa")).toBe("21");
    expect(stateCodeFromName("Pondicherry")).toBe("34");
    expect(stateCodeFromName("Andhra Pradesh")).toBe("37");
    expect(stateCodeFromName("Jammu & Kashmir")).toBe("01");
    expect(stateCodeFromName("Andaman & Nicobar Islands")).toBe("35");
    expect(stateCodeFromName("New Delhi")).toBe("07");
    expect(stateCodeFromName("Daman and Diu")).toBe("26");
    expect(stateCodeFromName("Maharashtra (27)")).toBe("27");
    expect(stateCodeFromName("29")).toBe("29");
    expect(stateCodeFromName("Atlantis")).toBeNull();
    expect(stateCodeFromName("")).toBeNull();
  });

  it("formats a state with its code", () => {
    expect(formatStateWithCode("27")).toBe("Maharashtra (27)");
    expect(formatStateWithCode("96")).toBe("Other Country (96)");
  });
});
