// GST state codes: the first two digits of a GSTIN and the "place of supply" of an invoice.
// Source: /work/shared/reference/gst/states.csv (GSTN state master, as kept in
// resilient-tech/india-compliance `gst_india/constants/__init__.py` STATE_NUMBERS, commit
// c7d0a827384ef6f0384cb0f52aa890dba162dcab; legacy 25, 28 and centre 99 from the GST portal's
// state master). "Union territory without legislature" (UTGST replaces SGST): UTGST Act 2017
// s.2 with CGST Act s.2(114): Andaman and Nicobar Islands, Lakshadweep, Dadra and Nagar Haveli
// and Daman and Diu, Ladakh, Chandigarh and "other territory". Delhi, Puducherry and Jammu and
// Kashmir have legislatures and charge SGST.

export interface GstState {
  /** Two digits, "01".."38", "96", "97", "99". */
  code: string;
  name: string;
  /** UTGST instead of SGST on a supply within it (CGST + UTGST). */
  utWithoutLegislature: boolean;
  /** A valid place of supply today (false for legacy 25/28 and for 99). */
  placeOfSupply: boolean;
  /** Accepted only as the first two digits of an older GSTIN (25, 28). */
  legacy: boolean;
}

const state = (code: string, name: string, utWithoutLegislature = false): GstState => ({
  code,
  name,
  utWithoutLegislature,
  placeOfSupply: true,
  legacy: false,
});

export const GST_STATES: readonly GstState[] = Object.freeze([
  state("01", "Jammu and Kashmir"),
  state("02", "Himachal Pradesh"),
  state("03", "Punjab"),
  state("04", "Chandigarh", true),
  state("05", "Uttarakhand"),
  state("06", "Haryana"),
  state("07", "Delhi"),
  state("08", "Rajasthan"),
  state("09", "Uttar Pradesh"),
  state("10", "Bihar"),
  state("11", "Sikkim"),
  state("12", "Arunachal Pradesh"),
  state("13", "Nagaland"),
  state("14", "Manipur"),
  state("15", "Mizoram"),
  state("16", "Tripura"),
  state("17", "Meghalaya"),
  state("18", "Assam"),
  state("19", "West Bengal"),
  state("20", "Jharkhand"),
  state("21", "Odisha"),
  state("22", "Chhattisgarh"),
  state("23", "Madhya Pradesh"),
  state("24", "Gujarat"),
  // Merged into 26 from 26 Jan 2020; still the prefix of older GSTINs.
  { ...state("25", "Daman and Diu", true), placeOfSupply: false, legacy: true },
  state("26", "Dadra and Nagar Haveli and Daman and Diu", true),
  state("27", "Maharashtra"),
  // Andhra Pradesh before the 2014 division; today's Andhra Pradesh is 37.
  { ...state("28", "Andhra Pradesh (before 2014 division)"), placeOfSupply: false, legacy: true },
  state("29", "Karnataka"),
  state("30", "Goa"),
  state("31", "Lakshadweep", true),
  state("32", "Kerala"),
  state("33", "Tamil Nadu"),
  state("34", "Puducherry"),
  state("35", "Andaman and Nicobar Islands", true),
  state("36", "Telangana"),
  state("37", "Andhra Pradesh"),
  state("38", "Ladakh", true),
  state("96", "Other Country"),
  state("97", "Other Territory", true),
  // Centrally administered registrations (e.g. OIDAR suppliers): a GSTIN prefix, never a place of supply.
  { ...state("99", "Centre Jurisdiction"), placeOfSupply: false },
]);

/** Place of supply for a supply outside India (exports), as the e-invoice and GSTR-1 use it. */
export const OTHER_COUNTRY = "96";
/** "Other territory" of India (e.g. offshore areas outside any State); a UT without legislature. */
export const OTHER_TERRITORY = "97";

const BY_CODE = new Map(GST_STATES.map((s) => [s.code, s]));

/** The state of a two-digit code ("27"), or undefined when no such code exists. */
export function gstStateByCode(code: string): GstState | undefined {
  return BY_CODE.get(code);
}

/** A code that may be chosen as an invoice's place of supply (not 25, 28 or 99). */
export function isPlaceOfSupplyCode(code: string): boolean {
  return BY_CODE.get(code)?.placeOfSupply === true;
}

/**
 * The places of supply for a select, in the order the GST portal lists them: 01-38 without the
 * legacy 25 and 28, then 97 Other Territory, then 96 Other Country (exports).
 */
export const PLACES_OF_SUPPLY: readonly GstState[] = Object.freeze([
  ...GST_STATES.filter((s) => s.placeOfSupply && Number(s.code) <= 38),
  BY_CODE.get(OTHER_TERRITORY) as GstState,
  BY_CODE.get(OTHER_COUNTRY) as GstState,
]);

/** The state code of a GSTIN: its first two digits ("27" for 27AAPFU0939F1ZV), or null. */
export function stateCodeOfGstin(gstin: string): string | null {
  const code = gstin.trim().slice(0, 2);
  return /^\d{2}$/.test(code) && BY_CODE.has(code) ? code : null;
}

/**
 * The code a state has today: legacy 25 (Daman and Diu) is 26, the merged UT; legacy 28
 * (Andhra Pradesh before 2014) is 37. Other codes are returned as they are. Use it on a GSTIN's
 * prefix before comparing it with a place of supply.
 */
export function currentStateCode(code: string): string {
  if (code === "25") return "26";
  if (code === "28") return "37";
  return code;
}

/**
 * The state a GSTIN is registered in, by the code the state has today (a legacy 25 reads as 26,
 * 28 as 37), or null when its first two digits name no state.
 */
export function currentStateOfGstin(gstin: string): string | null {
  const prefix = stateCodeOfGstin(gstin);
  return prefix ? currentStateCode(prefix) : null;
}

/** "Maharashtra (27)"; an unknown code is returned as it is. */
export function formatStateWithCode(code: string): string {
  const s = BY_CODE.get(code);
  return s ? `${s.name} (${s.code})` : code;
}

/** Lower case, "&" read as "and", everything but letters and digits dropped. */
const squash = (s: string) =>
  s
    .toLowerCase()
    .replaceAll("&", "and")
    .replace(/[^a-z0-9]/g, "");

// Names people still write in addresses. Old Daman and Diu, and Dadra and Nagar Haveli, are
// today's 26 (the place of supply is the merged UT); old Andhra Pradesh text means today's 37.
// Then the common misspellings seen in typed addresses, and the two-letter abbreviations (vehicle
// registration and ISO 3166-2:IN), which are read only as the whole text ("KA", "K.A.").
// Migration 0028 sets the stateCode of stored client addresses from this same list
// (STATE_NAME_VARIANTS; a test holds the two equal).
const OTHER_NAMES: Record<string, string> = {
  orissa: "21",
  pondicherry: "34",
  pondichery: "34",
  uttaranchal: "05",
  jandk: "01",
  jammukashmir: "01",
  newdelhi: "07",
  nctofdelhi: "07",
  nationalcapitalterritoryofdelhi: "07",
  damananddiu: "26",
  dadraandnagarhaveli: "26",
  dnhanddd: "26",
  andamanandnicobar: "35",
  andamannicobarislands: "35",
  tamilnadu: "33",
  chattisgarh: "22",
  andhrapradesh: "37",
  andhrapradeshbefore2014division: "37",
  // misspellings
  karnatka: "29",
  karnatak: "29",
  karnataca: "29",
  maharastra: "27",
  maharashtr: "27",
  maharshtra: "27",
  maharashtraa: "27",
  gujrat: "24",
  gujarath: "24",
  rajastan: "08",
  rajsthan: "08",
  hariyana: "06",
  haryna: "06",
  himanchalpradesh: "02",
  himachal: "02",
  uttarpardesh: "09",
  utterpradesh: "09",
  madhyapardesh: "23",
  madhyapradesh: "23",
  telengana: "36",
  telangna: "36",
  kerela: "32",
  keralam: "32",
  tamilnad: "33",
  tamilnaadu: "33",
  westbangal: "19",
  bengal: "19",
  asam: "18",
  jharkand: "20",
  jarkhand: "20",
  chhatisgarh: "22",
  chhattisgad: "22",
  chattisgad: "22",
  odissa: "21",
  uttrakhand: "05",
  uttarakhnad: "05",
  uttarkhand: "05",
  punjaab: "03",
  panjab: "03",
  meghalay: "17",
  arunachal: "12",
  puducheri: "34",
  pudducherry: "34",
  delhincr: "07",
  andaman: "35",
  andamanislands: "35",
  lakshdweep: "31",
  laksadweep: "31",
  jammuandkashmir: "01",
};

/** Two-letter abbreviations, read only when they are the whole text. */
const ABBREVIATIONS: Record<string, string> = {
  an: "35",
  ap: "37",
  ar: "12",
  as: "18",
  br: "10",
  ch: "04",
  cg: "22",
  ct: "22",
  dd: "26",
  dn: "26",
  dl: "07",
  ga: "30",
  gj: "24",
  hr: "06",
  hp: "02",
  jk: "01",
  jh: "20",
  ka: "29",
  kl: "32",
  la: "38",
  ld: "31",
  mp: "23",
  mh: "27",
  mn: "14",
  ml: "17",
  mz: "15",
  nl: "13",
  od: "21",
  or: "21",
  py: "34",
  pb: "03",
  rj: "08",
  sk: "11",
  tn: "33",
  ts: "36",
  tg: "36",
  tr: "16",
  up: "09",
  uk: "05",
  ut: "05",
  wb: "19",
};

const BY_NAME = new Map<string, string>([
  ...GST_STATES.filter((s) => s.placeOfSupply).map((s) => [squash(s.name), s.code] as const),
  ...Object.entries(OTHER_NAMES),
]);

/**
 * Every written form the app reads as a state, squashed (lower case, letters and digits only),
 * with its code: the names, old names, misspellings and abbreviations. Migration 0028 holds the
 * same list in SQL.
 */
export const STATE_NAME_VARIANTS: ReadonlyMap<string, string> = new Map([
  ...BY_NAME,
  ...Object.entries(ABBREVIATIONS),
]);

/** Levenshtein distance, stopping early once it passes `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      best = Math.min(best, current[j]);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/** A near miss of one name (one letter off from 6 letters, two from 10), when only one is that near. */
function nearestName(squashed: string): string | null {
  const max = squashed.length >= 10 ? 2 : squashed.length >= 6 ? 1 : 0;
  if (max === 0) return null;
  let found: string | null = null;
  let foundAt = max + 1;
  let tie = false;
  for (const [name, code] of BY_NAME) {
    const d = distance(squashed, name, max);
    if (d < foundAt) {
      found = code;
      foundAt = d;
      tie = false;
    } else if (d === foundAt && d <= max && code !== found) tie = true;
  }
  return foundAt <= max && !tie ? found : null;
}

/** One piece of text as a state: a code, "Name (27)", a name or old name, an abbreviation, a near miss. */
function stateOfPiece(trimmed: string, whole: boolean): string | null {
  const withCode = /^(.*?)\s*\(\s*(\d{2})\s*\)$/.exec(trimmed);
  if (withCode && isPlaceOfSupplyCode(withCode[2])) return withCode[2];
  if (/^\d+$/.test(trimmed)) {
    // A number is a state only as the whole text ("27"), never a house number in an address.
    if (!whole || trimmed.length > 2) return null;
    const code = trimmed.padStart(2, "0");
    return isPlaceOfSupplyCode(code) ? code : null;
  }
  const squashed = squash(trimmed);
  if (squashed === "") return null;
  return BY_NAME.get(squashed) ?? ABBREVIATIONS[squashed] ?? nearestName(squashed);
}

/**
 * The place-of-supply code of an address's state as typed ("maharashtra", " Tamil  Nadu",
 * "Orissa", "Pondicherry", "27", "Maharashtra (27)", "KA", "Karnatka", "Bengaluru, Karnataka"),
 * ignoring case and spaces; null when unknown. Legacy names map to today's code ("Andhra
 * Pradesh" is 37, "Daman and Diu" 26). Text with commas, "-" or "/" is read piece by piece from
 * the last, a PIN code left out; a misspelling is read when it is one letter off (two for long
 * names) from exactly one state.
 */
export function stateCodeFromName(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const whole = stateOfPiece(trimmed, true);
  if (whole) return whole;
  const pieces = trimmed
    .split(/[,;/]|\s-\s|\n/)
    .map((piece) => piece.replace(/\b\d{3}\s?\d{3}\b/g, " ").trim())
    .filter((piece) => piece !== "");
  for (const piece of pieces.reverse()) {
    if (piece === trimmed) continue;
    const code = stateOfPiece(piece, false);
    if (code) return code;
  }
  return null;
}
