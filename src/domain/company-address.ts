import { z } from "zod";
import { isPlaceOfSupplyCode, stateCodeFromName } from "./gst-states";

// The company's address as the e-invoice needs it (SellerDtls: Addr1, Addr2, Loc, Pin, Stcd;
// issue 32 part 3, decision 0082). Settings asks for it in fields (`companyAddressParts`); an
// address kept only as free text is read by `parseCompanyAddress`, which never cuts a place
// name in two ("New Delhi" stays whole) and never lets a state's name stand in for the place.

export interface ParsedAddress {
  address1: string;
  address2: string;
  location: string;
  pin: string | null;
  /** The state or UT written in the address (its code), or null when none is recognised. */
  stateCode: string | null;
}

const LIMIT = { line: 100, city: 50 } as const;
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters.`).default("");

export const COMPANY_ADDRESS_MESSAGES = {
  pin: "Enter a six-digit PIN code, like 400050.",
  state: "Choose the state or union territory from the list.",
} as const;

/** The company address in fields, as Settings asks for it. Blank fields mean "not given". */
export const companyAddressPartsSchema = z.object({
  line1: text(LIMIT.line),
  line2: text(LIMIT.line),
  city: text(LIMIT.city),
  pin: z
    .string()
    .transform((v) => v.replace(/\s/g, ""))
    .refine((v) => v === "" || /^[1-9]\d{5}$/.test(v), COMPANY_ADDRESS_MESSAGES.pin)
    .default(""),
  stateCode: z
    .string()
    .trim()
    .refine((v) => v === "" || isPlaceOfSupplyCode(v), COMPANY_ADDRESS_MESSAGES.state)
    .default(""),
});
export type CompanyAddressParts = z.output<typeof companyAddressPartsSchema>;

/** Whether the fields say enough to stand on their own (a first line is the least). */
export function hasAddressParts(parts: CompanyAddressParts | null | undefined): parts is CompanyAddressParts {
  return Boolean(parts && parts.line1.trim() !== "");
}

/** The fields as the printed address: lines, "City 400050", the state's name. */
export function addressTextOfParts(parts: CompanyAddressParts, stateName: (code: string) => string): string {
  const place = [parts.city, parts.pin].filter((p) => p !== "").join(" ");
  return [parts.line1, parts.line2, place, parts.stateCode ? stateName(parts.stateCode) : ""]
    .filter((line) => line.trim() !== "")
    .join("\n");
}

const PIN = /(?<!\d)([1-9]\d{2})\s?(\d{3})(?!\d)/;
const INDIA = /^(india|bharat|republic of india)$/i;
// Places whose name is also their state's or territory's: a line holding only this name is the place.
const CITY_STATES: Record<string, string> = {
  delhi: "07",
  "new delhi": "07",
  chandigarh: "04",
  puducherry: "34",
  pondicherry: "34",
};

// \u2013 is the en dash: escaped, so the compiled server stays ASCII (decision 0095).
const tidy = (s: string) =>
  s
    .replace(/\bpin\s*(code)?\b[\s:.-]*/gi, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s,.\-\u2013/]+|[\s,.\-\u2013/]+$/g, "")
    .trim();

/** A piece that only names a state, a UT or the country says where, not which place. */
function placeNoise(piece: string): { noise: boolean; stateCode: string | null } {
  const t = tidy(piece);
  if (t === "" || INDIA.test(t)) return { noise: true, stateCode: null };
  if (/^\d{1,2}$/.test(t)) return { noise: false, stateCode: null };
  const code = stateCodeFromName(t);
  return code ? { noise: true, stateCode: code } : { noise: false, stateCode: null };
}

/** Pieces of a line: split at commas, " - " and " / ". */
const piecesOf = (line: string) =>
  line
    .split(/,|\s[-\u2013/]\s|\s\/|\/\s/)
    .map(tidy)
    .filter((p) => p !== "");

/**
 * Reads a free-text company address ("12 MG Road\nFort\nMumbai 400001\nMaharashtra"). The PIN
 * is the first six-digit number (a space after three digits allowed). The place is what stands
 * before the PIN on its line, less any state or country name; when nothing is left (the line is
 * "Karnataka 560001" or the PIN stands alone) it is the line before. A place named as its state
 * (Delhi, New Delhi, Chandigarh, Puducherry) stays the place. Lines after the place's are only
 * read for the state.
 */
export function parseCompanyAddress(text: string): ParsedAddress {
  const multiline = text.includes("\n");
  const parts = text
    .split(/\r?\n/)
    .flatMap((line) => (multiline ? [line] : line.split(",")))
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const found: { stateCode: string | null } = { stateCode: null };
  const noteState = (code: string | null) => {
    if (code && !found.stateCode) found.stateCode = code;
  };
  const pinAt = parts.findIndex((line) => PIN.test(line));
  if (pinAt < 0) {
    const kept = parts.filter((part) => {
      const n = placeNoise(part);
      noteState(n.stateCode);
      return !n.noise;
    });
    return {
      address1: kept[0] ?? "",
      address2: kept.slice(1).join(", "),
      location: "",
      pin: null,
      stateCode: found.stateCode,
    };
  }
  for (const after of parts.slice(pinAt + 1))
    for (const piece of piecesOf(after)) noteState(placeNoise(piece).stateCode);
  const match = PIN.exec(parts[pinAt]) as RegExpExecArray;
  const pin = `${match[1]}${match[2]}`;

  // What is left of a line once state and country names are taken out, and the city-state it named.
  const placeOf = (line: string): { kept: string[]; cityState: string | null } => {
    const pieces = piecesOf(line);
    let cityState = null as string | null;
    const kept = pieces.filter((piece) => {
      const lower = tidy(piece).toLowerCase();
      if (CITY_STATES[lower]) cityState ??= tidy(piece);
      const n = placeNoise(piece);
      noteState(n.stateCode ?? CITY_STATES[lower] ?? null);
      return !n.noise;
    });
    return { kept, cityState };
  };

  const onPinLine = placeOf(parts[pinAt].replace(PIN, " , "));
  let location = "";
  let extra: string[] = [];
  let used = pinAt;
  if (onPinLine.kept.length > 0) {
    location = onPinLine.kept[onPinLine.kept.length - 1];
    extra = onPinLine.kept.slice(0, -1);
  } else if (onPinLine.cityState) {
    location = onPinLine.cityState;
  } else if (pinAt > 0) {
    const before = placeOf(parts[pinAt - 1]);
    location = before.kept.length > 0 ? before.kept[before.kept.length - 1] : (before.cityState ?? "");
    extra = before.kept.slice(0, -1);
    used = pinAt - 1;
  }
  const lines = [...parts.slice(0, used), ...extra];
  return {
    address1: lines[0] ?? "",
    address2: lines.slice(1).join(", "),
    location,
    pin,
    stateCode: found.stateCode,
  };
}

/** The e-invoice's seller address: the fields when Settings has them, else the free text read. */
export function companyAddressForEInvoice(company: {
  address: string;
  addressParts?: CompanyAddressParts | null;
}): ParsedAddress {
  const parts = company.addressParts;
  if (hasAddressParts(parts)) {
    return {
      address1: parts.line1,
      address2: parts.line2,
      location: parts.city,
      pin: parts.pin === "" ? null : parts.pin,
      stateCode: parts.stateCode === "" ? null : parts.stateCode,
    };
  }
  return parseCompanyAddress(company.address);
}
