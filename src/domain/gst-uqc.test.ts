import { isUqc, UQC_CODES, UQC_DESCRIPTIONS, uqcForUnit } from "./gst-uqc";

describe("UQC", () => {
  it("has the 45 codes of uqc.csv", () => {
    expect(UQC_CODES).toHaveLength(45);
    expect(UQC_DESCRIPTIONS.MLT).toBe("MILILITRE");
    expect(isUqc("PCS")).toBe(true);
    expect(isUqc("pcs")).toBe(false);
    expect(isUqc("toString")).toBe(false);
  });

  it("guesses a UQC from the unit text", () => {
    for (const [input, expected] of [
      ["pcs", "PCS"],
      ["Piece", "PCS"],
      ["kg", "KGS"],
      ["KGS", "KGS"],
      ["nos", "NOS"],
      ["", "NOS"],
      ["sq. ft", "SQF"],
      ["hours", "OTH"],
    ] as const) {
      expect(uqcForUnit(input), input).toBe(expected);
    }
    expect(uqcForUnit("pcs", { isService: true })).toBe("OTH");
  });
});
