import { isUqc, UQC_CODES, UQC_DESCRIPTIONS, uqcForUnit } from "./gst-uqc";
import { describeYesNoChecks, itMaps } from "./testing/checks";

describeYesNoChecks([
  [
    "isUqc",
    "takes a code in capitals, not in lower case nor a name every object has",
    isUqc,
    ["PCS"],
    ["pcs", "toString"],
  ],
]);

describe("UQC", () => {
  it("has the 45 codes of uqc.csv", () => {
    expect(UQC_CODES).toHaveLength(45);
    expect(UQC_DESCRIPTIONS.MLT).toBe("MILILITRE");
  });

  itMaps("guesses a UQC from the unit text", uqcForUnit, [
    ["pcs", "PCS"],
    ["Piece", "PCS"],
    ["kg", "KGS"],
    ["KGS", "KGS"],
    ["nos", "NOS"],
    ["", "NOS"],
    ["sq. ft", "SQF"],
    ["hours", "OTH"],
  ]);

  it("takes OTH for a service, whatever its unit", () => {
    expect(uqcForUnit("pcs", { isService: true })).toBe("OTH");
  });
});
