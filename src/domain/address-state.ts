import {
  currentStateCode,
  currentStateOfGstin,
  formatStateWithCode,
  gstStateByCode,
  isPlaceOfSupplyCode,
  stateCodeFromName,
} from "./gst-states";
import { isValidGstin } from "./validation";

/** The parts of a client the state checks read. */
interface PlaceOfSupplyClient {
  gstin: string;
  billingAddress: StateOfAddress;
}

// An address's state as the place of supply reads it (issue 32 part 3, decision 0082): the one
// chosen from the list, else the typed text read; never a guess. No zod here, so the clients list
// can flag what to fix without loading the schemas.

export const ADDRESS_STATE_MESSAGES = {
  choose: "Choose the state or union territory from the list.",
  unknown: (typed: string) =>
    `The client's state "${typed}" is not one Bahi recognises. Choose it from the list of states (or choose the place of supply): Bahi does not guess it, as a wrong state charges the wrong tax.`,
  missing:
    "The client's address has no state. Choose it from the list of states (or choose the place of supply): Bahi does not guess it, as a wrong state charges the wrong tax.",
  gstinMismatch: (gstinState: string, addressState: string) =>
    `The GSTIN is registered in ${gstinState}, but the billing address says ${addressState}. Check the GSTIN or the state.`,
} as const;

/** The parts of an address the place of supply is read from (the rest tells a blank address). */
export interface StateOfAddress {
  state: string;
  country: string;
  stateCode?: string;
  line1?: string;
  line2?: string;
  city?: string;
  postalCode?: string;
}

const INDIA = new Set(["india", "in", "ind", "bharat", "republicofindia", "bharatindia"]);

/** True when a country is written and is not India (blank means India: Bahi is an Indian app). */
export function isForeignCountry(country: string): boolean {
  const squashed = country.toLowerCase().replace(/[^a-z]/g, "");
  return squashed !== "" && !INDIA.has(squashed);
}

/** The state of an address: the one chosen from the list, else its typed text read; null when unknown. */
export function addressStateCode(address: Pick<StateOfAddress, "state" | "stateCode">): string | null {
  const chosen = (address.stateCode ?? "").trim();
  if (chosen !== "" && isPlaceOfSupplyCode(chosen)) return chosen;
  return stateCodeFromName(address.state);
}

/** Nothing typed at all (a walk-in sale over the counter). */
export function isBlankAddress(address: StateOfAddress): boolean {
  return [
    address.line1,
    address.line2,
    address.city,
    address.state,
    address.postalCode,
    address.country,
  ].every((v) => (v ?? "").trim() === "");
}

/**
 * What is wrong with an address's state for a place of supply, or null: typed but not
 * recognised, or an address without any state. A blank address and one abroad are fine.
 */
export function addressStateProblem(address: StateOfAddress): string | null {
  if (isBlankAddress(address) || isForeignCountry(address.country)) return null;
  if (addressStateCode(address)) return null;
  return address.state.trim() === ""
    ? ADDRESS_STATE_MESSAGES.missing
    : ADDRESS_STATE_MESSAGES.unknown(address.state.trim());
}

/**
 * The state a billing address takes from a GSTIN typed for it: the GSTIN's state when the
 * address has none chosen or readable yet; null to leave the address as it is.
 */
export function stateFromGstin(
  gstin: string,
  billing: Pick<StateOfAddress, "state" | "stateCode" | "country">,
): { state: string; stateCode: string } | null {
  const typed = normalizeGstinText(gstin);
  if (!isValidGstin(typed)) return null;
  const code = currentStateOfGstin(typed);
  if (!code || !isPlaceOfSupplyCode(code) || isForeignCountry(billing.country)) return null;
  if (addressStateCode(billing)) return null;
  return { state: gstStateByCode(code)?.name ?? "", stateCode: code };
}

const normalizeGstinText = (gstin: string) => gstin.trim().toUpperCase();

/** A client whose GSTIN names one state and whose billing address another: the message, or null. */
export function gstinStateMismatch(
  client: Pick<PlaceOfSupplyClient, "gstin" | "billingAddress">,
): string | null {
  const fromGstin = currentStateOfGstin(client.gstin);
  if (!fromGstin || !isPlaceOfSupplyCode(fromGstin) || isForeignCountry(client.billingAddress.country))
    return null;
  const fromAddress = addressStateCode(client.billingAddress);
  if (!fromAddress || currentStateCode(fromAddress) === fromGstin) return null;
  return ADDRESS_STATE_MESSAGES.gstinMismatch(
    formatStateWithCode(fromGstin),
    formatStateWithCode(fromAddress),
  );
}
