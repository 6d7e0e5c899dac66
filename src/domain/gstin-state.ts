import { currentStateCode, stateCodeOfGstin } from "./gst-states";

/**
 * The state a GSTIN is registered in, by the code the state has today (a legacy 25 reads as 26,
 * 28 as 37), or null when its first two digits name no state.
 */
export function currentStateOfGstin(gstin: string): string | null {
  const prefix = stateCodeOfGstin(gstin);
  return prefix ? currentStateCode(prefix) : null;
}
