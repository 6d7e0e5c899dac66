import { describe, expect, it } from "vitest";
import { currentStateOfGstin } from "./gstin-state";

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
