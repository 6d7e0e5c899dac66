// GST Unit Quantity Codes (UQC), used in the GSTR-1 HSN summary, e-way bills and e-invoices
// (ItemList.Unit). Source: /work/shared/reference/gst/uqc.csv (GSTN unit master, spelling as
// published, e.g. "MILILITRE"; copied from resilient-tech/india-compliance UOM_MAP, commit
// c7d0a827384ef6f0384cb0f52aa890dba162dcab).

export const UQC_DESCRIPTIONS = Object.freeze({
  BAG: "BAGS",
  BAL: "BALE",
  BDL: "BUNDLES",
  BKL: "BUCKLES",
  BOU: "BILLION OF UNITS",
  BOX: "BOX",
  BTL: "BOTTLES",
  BUN: "BUNCHES",
  CAN: "CANS",
  CBM: "CUBIC METERS",
  CCM: "CUBIC CENTIMETERS",
  CMS: "CENTIMETERS",
  CTN: "CARTONS",
  DOZ: "DOZENS",
  DRM: "DRUMS",
  GGK: "GREAT GROSS",
  GMS: "GRAMMES",
  GRS: "GROSS",
  GYD: "GROSS YARDS",
  KGS: "KILOGRAMS",
  KLR: "KILOLITRE",
  KME: "KILOMETRE",
  LTR: "LITRES",
  MLT: "MILILITRE",
  MTR: "METERS",
  MTS: "METRIC TON",
  NOS: "NUMBERS",
  OTH: "OTHERS",
  PAC: "PACKS",
  PCS: "PIECES",
  PRS: "PAIRS",
  QTL: "QUINTAL",
  ROL: "ROLLS",
  SET: "SETS",
  SQF: "SQUARE FEET",
  SQM: "SQUARE METERS",
  SQY: "SQUARE YARDS",
  TBS: "TABLETS",
  TGM: "TEN GROSS",
  THD: "THOUSANDS",
  TON: "TONNES",
  TUB: "TUBES",
  UGS: "US GALLONS",
  UNT: "UNITS",
  YDS: "YARDS",
} as const);

export type Uqc = keyof typeof UQC_DESCRIPTIONS;

/** The 45 codes in the unit master's order (alphabetical). */
export const UQC_CODES = Object.freeze(Object.keys(UQC_DESCRIPTIONS) as Uqc[]);

/** Exactly one of the 45 codes, in upper case as published ("PCS", not "pcs"). */
export function isUqc(code: string): code is Uqc {
  return Object.hasOwn(UQC_DESCRIPTIONS, code);
}

// What people type in an item's unit field, squashed to lower-case letters and digits.
const UNIT_WORDS: Record<string, Uqc> = {
  pc: "PCS",
  pcs: "PCS",
  piece: "PCS",
  pieces: "PCS",
  no: "NOS",
  nos: "NOS",
  number: "NOS",
  numbers: "NOS",
  kg: "KGS",
  kgs: "KGS",
  kilo: "KGS",
  kilos: "KGS",
  kilogram: "KGS",
  kilograms: "KGS",
  g: "GMS",
  gm: "GMS",
  gms: "GMS",
  gram: "GMS",
  grams: "GMS",
  gramme: "GMS",
  grammes: "GMS",
  l: "LTR",
  lt: "LTR",
  ltr: "LTR",
  ltrs: "LTR",
  litre: "LTR",
  litres: "LTR",
  liter: "LTR",
  liters: "LTR",
  ml: "MLT",
  millilitre: "MLT",
  milliliter: "MLT",
  m: "MTR",
  mtr: "MTR",
  mtrs: "MTR",
  metre: "MTR",
  metres: "MTR",
  meter: "MTR",
  meters: "MTR",
  cm: "CMS",
  cms: "CMS",
  km: "KME",
  t: "TON",
  ton: "TON",
  tons: "TON",
  tonne: "TON",
  tonnes: "TON",
  mt: "MTS",
  quintal: "QTL",
  qtl: "QTL",
  box: "BOX",
  boxes: "BOX",
  bag: "BAG",
  bags: "BAG",
  bottle: "BTL",
  bottles: "BTL",
  can: "CAN",
  cans: "CAN",
  carton: "CTN",
  cartons: "CTN",
  dozen: "DOZ",
  dozens: "DOZ",
  doz: "DOZ",
  pair: "PRS",
  pairs: "PRS",
  pack: "PAC",
  packs: "PAC",
  packet: "PAC",
  packets: "PAC",
  pkt: "PAC",
  roll: "ROL",
  rolls: "ROL",
  set: "SET",
  sets: "SET",
  sqft: "SQF",
  squarefeet: "SQF",
  squarefoot: "SQF",
  sqm: "SQM",
  squaremetre: "SQM",
  squaremeter: "SQM",
  squaremetres: "SQM",
  squaremeters: "SQM",
  sqyd: "SQY",
  tablet: "TBS",
  tablets: "TBS",
  tube: "TUB",
  tubes: "TUB",
  unit: "UNT",
  units: "UNT",
  yard: "YDS",
  yards: "YDS",
  bundle: "BDL",
  bundles: "BDL",
  drum: "DRM",
  drums: "DRM",
};

/**
 * A best guess at the UQC of an item's unit text, for lines whose UQC was not chosen:
 * a code itself ("kgs" -> KGS), a common word ("pcs", "piece" -> PCS, "kg" -> KGS), blank -> NOS
 * for goods; services (`isService`, e.g. a SAC starting with 99) are always OTH; anything
 * unknown is OTH.
 */
export function uqcForUnit(unitText: string, options: { isService?: boolean } = {}): Uqc {
  if (options.isService) return "OTH";
  const upper = unitText.trim().toUpperCase();
  if (upper === "") return "NOS";
  if (isUqc(upper)) return upper;
  const word = upper.toLowerCase().replace(/[^a-z0-9]/g, "");
  return UNIT_WORDS[word] ?? "OTH";
}
