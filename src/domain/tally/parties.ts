import {
  currentStateCode,
  gstStateByCode,
  OTHER_COUNTRY,
  stateCodeFromName,
  stateCodeOfGstin,
} from "../gst-states";
import type { InvoiceClient } from "../invoice";
import type { TallyDocument, TallyReceipt } from "./documents";
import { TALLY_NAME_MAX, type TallyRelease } from "./mapping";

// One Sundry Debtors ledger per client (decision 0080). A client is told apart by its name (Tally
// names are case-insensitive) and GSTIN; two clients with one name get their GSTIN (or
// "Unregistered") after it. The master's state, GSTIN and registration type are the ones every
// voucher of that party repeats, because Tally flags a voucher whose party details differ from
// the master (research §1.5).

// Tally writes "&" in these state names (research §1.3 M6: PARTIAL, check against a Tally export).
const TALLY_STATE_NAMES: Record<string, string> = {
  "01": "Jammu & Kashmir",
  "26": "Dadra & Nagar Haveli and Daman & Diu",
  "35": "Andaman & Nicobar Islands",
};

/** The state's name as Tally spells it, from its GST code; "" for a code outside India. */
export function tallyStateName(code: string): string {
  if (code === OTHER_COUNTRY) return "";
  return TALLY_STATE_NAMES[code] ?? gstStateByCode(code)?.name ?? "";
}

export interface TallyParty {
  key: string;
  /** The ledger's name in Tally. */
  name: string;
  gstin: string;
  /** Two-digit code; "" when unknown (a buyer abroad). */
  stateCode: string;
  country: string;
  registrationType: string;
  addressLines: string[];
  pinCode: string;
  email: string;
  phone: string;
}

/** Spaces collapsed, control characters gone, at most Tally's (assumed) 100 characters. */
export function tallyName(text: string): string {
  return text
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, TALLY_NAME_MAX)
    .trim();
}

const baseName = (c: InvoiceClient) => tallyName(c.company.trim() || c.name.trim()) || "Client";
const partyKey = (c: InvoiceClient) => `${baseName(c).toLowerCase()}|${c.gstin.trim()}`;

export function registrationTypeOf(gstin: string, release: TallyRelease): string {
  if (gstin) return "Regular";
  return release === "prime3" ? "Unregistered/Consumer" : "Consumer";
}

function partyOf(c: InvoiceClient, placeOfSupply: string, release: TallyRelease): Omit<TallyParty, "name"> {
  const gstin = c.gstin.trim();
  const address = c.billingAddress;
  const prefix = gstin ? stateCodeOfGstin(gstin) : null;
  const stateCode = prefix ? currentStateCode(prefix) : (stateCodeFromName(address.state) ?? placeOfSupply);
  const abroad = stateCode === OTHER_COUNTRY;
  return {
    key: partyKey(c),
    gstin,
    stateCode: abroad ? "" : stateCode,
    country: abroad ? address.country.trim() || "Other Country" : "India",
    registrationType: registrationTypeOf(gstin, release),
    addressLines: [address.line1, address.line2, address.city].map((l) => tallyName(l)).filter(Boolean),
    pinCode: address.postalCode.trim(),
    email: c.email.trim(),
    phone: c.phone.trim(),
  };
}

/**
 * The parties of the export, by key: each from its latest document (documents first, then
 * receipts), named so no two share a name and none takes a name in `taken` (the other ledgers).
 */
export function collectParties(
  documents: TallyDocument[],
  receipts: TallyReceipt[],
  release: TallyRelease,
  taken: Set<string>,
): Map<string, TallyParty> {
  const found = new Map<string, { party: Omit<TallyParty, "name">; base: string; date: string }>();
  const consider = (client: InvoiceClient, placeOfSupply: string, date: string) => {
    const key = partyKey(client);
    const earlier = found.get(key);
    if (earlier && earlier.date > date) return;
    found.set(key, { party: partyOf(client, placeOfSupply, release), base: baseName(client), date });
  };
  for (const d of documents) consider(d.client, d.placeOfSupply, d.date);
  for (const r of receipts) {
    if (!found.has(partyKey(r.client))) consider(r.client, "", "");
  }
  const byBase = new Map<string, string[]>();
  for (const [key, { base }] of found) {
    const lower = base.toLowerCase();
    byBase.set(lower, [...(byBase.get(lower) ?? []), key]);
  }
  const parties = new Map<string, TallyParty>();
  for (const key of [...found.keys()].sort()) {
    const { party, base } = found.get(key)!;
    const shared = (byBase.get(base.toLowerCase())?.length ?? 0) > 1 || taken.has(base.toLowerCase());
    const suffix = party.gstin || (taken.has(base.toLowerCase()) ? "Debtor" : "Unregistered");
    const name = shared ? `${base.slice(0, TALLY_NAME_MAX - suffix.length - 3).trim()} (${suffix})` : base;
    parties.set(key, { ...party, name });
  }
  return parties;
}

export const partyKeyOf = partyKey;
