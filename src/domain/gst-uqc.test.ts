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
    expect(uqcForUnit("pcs")).toBe("PCS");
    expect(uqcForUnit("Piece")).toBe("PCS");
    expect(uqcForUnit("kg")).toBe("KGS");
    expect(uqcForUnit("KGS")).toBe("KGS");
    expect(uqcForUnit("nos")).toBe("NOS");
    expect(uqcForUnit("")).toBe("NOS");
    expect(uqcForUnit("sq. ft")).toBe("SQF");
    expect(uqcForUnit("hours")).toBe("OTH");
    expect(uqcForUnit("pcs", { isService: true })).toBe("OTH");
  });
});
