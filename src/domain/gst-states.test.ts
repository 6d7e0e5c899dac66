import {
  currentStateOfGstin,
  formatStateWithCode,
  GST_STATES,
  gstStateByCode,
  isPlaceOfSupplyCode,
  PLACES_OF_SUPPLY,
  stateCodeFromName,
  stateCodeOfGstin,
} from "./gst-states";
import { itMaps } from "./testing/checks";

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

  itMaps("reads the state of a GSTIN, legacy 25 and 28 included", stateCodeOfGstin, [
    ["27AAPFU0939F1ZV", "27"],
    ["25AAAAA0000A1Z5", "25"],
    ["28AAAAA0000A1Z5", "28"],
    ["99AAAAA0000A1Z5", "99"],
    ["", null],
    ["40AAAAA0000A1Z5", null],
  ]);

  itMaps("matches an address's state text ignoring case and spaces, old names included", stateCodeFromName, [
    ["maharashtra", "27"],
    ["  Tamil  Nadu ", "33"],
    ["TAMILNADU", "33"],
    ["Orissa", "21"],
    ["Pondicherry", "34"],
    ["Andhra Pradesh", "37"],
    ["Jammu & Kashmir", "01"],
    ["Andaman & Nicobar Islands", "35"],
    ["New Delhi", "07"],
    ["Daman and Diu", "26"],
    ["Maharashtra (27)", "27"],
    ["29", "29"],
    ["Atlantis", null],
    ["", null],
  ]);

  it("formats a state with its code", () => {
    expect(formatStateWithCode("27")).toBe("Maharashtra (27)");
    expect(formatStateWithCode("96")).toBe("Other Country (96)");
  });
});

describe("currentStateOfGstin", () => {
  it.each([
    ["27AAPFU0939F1ZV", "27"],
    ["25AAPFU0939F1ZV", "26"],
    ["28AAPFU0939F1ZV", "37"],
    ["", null],
    ["XXAAPFU0939F1ZV", null],
  ])("%s is of state %s", (gstin, state) => {
    expect(currentStateOfGstin(gstin)).toBe(state);
  });
});
