import { currentStateCode, stateCodeOfGstin } from "../gst-states";
import { isValidGstin } from "../validation";
import { TALLY_NAME_MAX } from "./mapping";
import { DUTY_HEADS, TALLY_GROUPS } from "./masters";
import { childrenOf, descendants, parseXml, textOf, type XmlElement, XmlSyntaxError } from "./parse";
import { tallyStateName } from "./parties";

// The validator's reading of each file (decision 0080; research §1.7): the envelope (E1-E4) and
// the masters (M2, M4, M5, M7; units and stock items M8). validate.ts checks the vouchers against them.

export type ProblemSink = (rule: string, where: string, message: string, severity?: "E" | "W") => void;

const LIST_BASES = [
  "LEDGERENTRIES",
  "ALLLEDGERENTRIES",
  "BILLALLOCATIONS",
  "BANKALLOCATIONS",
  "GSTDETAILS",
  "STATEWISEDETAILS",
  "RATEDETAILS",
  "HSNDETAILS",
  "LEDGSTREGDETAILS",
  "LEDMAILINGDETAILS",
  "ALLINVENTORYENTRIES",
  "ACCOUNTINGALLOCATIONS",
  "BATCHALLOCATIONS",
];
const RESERVED_GROUPS = new Set<string>(Object.values(TALLY_GROUPS));
const ALL_HEADS = new Set([
  ...Object.values(DUTY_HEADS.prime3),
  ...Object.values(DUTY_HEADS.legacy),
  "Cess",
  "UT Tax",
]);

export interface LedgerMaster {
  name: string;
  parent: string;
  dutyHead?: string;
  gstin: string;
  registrationType: string;
  state: string;
}

export function readFile(
  text: string,
  reportName: string,
  file: string,
  problem: ProblemSink,
): XmlElement[] | null {
  if (/&amp;(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/i.test(text)) {
    problem("E4", file, "Text is escaped twice (&amp;amp; or the like).");
  }
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    if (error instanceof XmlSyntaxError) {
      problem("E1", file, `Not well-formed XML: ${error.message}`);
      return null;
    }
    throw error;
  }
  if (root.name !== "ENVELOPE") problem("E1", file, "The root element must be ENVELOPE.");
  const header = childrenOf(root, "HEADER")[0];
  if (!header || textOf(header, "TALLYREQUEST") !== "Import Data") {
    problem("E1", file, "HEADER/TALLYREQUEST must be Import Data.");
  }
  const importData = childrenOf(childrenOf(root, "BODY")[0] ?? root, "IMPORTDATA")[0];
  const desc = importData && childrenOf(importData, "REQUESTDESC")[0];
  if (!desc || textOf(desc, "REPORTNAME") !== reportName)
    problem("E1", file, `REPORTNAME must be ${reportName}.`);
  const company = desc && childrenOf(desc, "STATICVARIABLES")[0];
  if (!company || !textOf(company, "SVCURRENTCOMPANY")?.trim())
    problem("E1", file, "SVCURRENTCOMPANY is empty.");
  for (const base of LIST_BASES) {
    if (descendants(root, base).length > 0) problem("E3", file, `${base} must be written ${base}.LIST.`);
  }
  const data = importData && childrenOf(importData, "REQUESTDATA")[0];
  return data ? childrenOf(data, "TALLYMESSAGE").flatMap((m) => m.children) : [];
}

function checkName(name: string, where: string, problem: ProblemSink) {
  if (name !== name.trim()) problem("M4", where, "A name must not start or end with spaces.");
  if (/\p{Cc}/u.test(name)) problem("M4", where, "A name must not hold control characters.");
  if (name.length === 0) problem("M4", where, "A name must not be empty.");
  if (name.length > TALLY_NAME_MAX)
    problem("M4", where, `A name must be at most ${TALLY_NAME_MAX} characters.`);
}

/** A master's name (M4: clean, listed again in NAME.LIST, not taken by another of `seen`, whose
 *  keys are lower-case names) and its ACTION (V1); answers the name and its key. */
function checkMaster(
  item: XmlElement,
  seen: Map<string, unknown>,
  what: string,
  problem: ProblemSink,
): { name: string; key: string } {
  const name = item.attrs.NAME ?? "";
  checkName(name, name, problem);
  const listed = descendants(item, "NAME.LIST")[0];
  if (!listed || textOf(listed, "NAME") !== name)
    problem("M4", name, "NAME.LIST/NAME must equal the NAME attribute.");
  if (item.attrs.ACTION !== "Create") problem("V1", name, 'A master must have ACTION="Create".');
  const key = name.toLowerCase();
  if (seen.has(key)) problem("M4", name, `Two ${what} have this name (Tally names ignore case).`);
  return { name, key };
}

export function readMasters(items: XmlElement[], problem: ProblemSink): Map<string, LedgerMaster> {
  const ledgers = new Map<string, LedgerMaster>();
  for (const item of items) {
    if (item.name === "VOUCHER") {
      problem("E2", "masters", "A voucher in the masters file.");
      continue;
    }
    if (item.name !== "LEDGER") continue;
    const { name, key } = checkMaster(item, ledgers, "ledgers", problem);
    const parent = textOf(item, "PARENT") ?? "";
    if (!RESERVED_GROUPS.has(parent))
      problem("M2", name, `PARENT ${parent} is not one of Tally's own groups used.`);
    const master: LedgerMaster = {
      name,
      parent,
      gstin: textOf(item, "PARTYGSTIN") ?? "",
      registrationType: textOf(item, "GSTREGISTRATIONTYPE") ?? "",
      state: textOf(item, "LEDSTATENAME") ?? "",
    };
    if (parent === TALLY_GROUPS.duty) {
      master.dutyHead = textOf(item, "GSTDUTYHEAD");
      if (textOf(item, "TAXTYPE") !== "GST" || !ALL_HEADS.has(master.dutyHead ?? "")) {
        problem("M7", name, "A duty ledger needs TAXTYPE GST and a GST duty head.");
      }
    }
    if (parent === TALLY_GROUPS.party && master.registrationType === "Regular") {
      const code = stateCodeOfGstin(master.gstin);
      if (!isValidGstin(master.gstin)) problem("M5", name, `GSTIN ${master.gstin} is not valid.`);
      else if (!code || tallyStateName(currentStateCode(code)) !== master.state) {
        problem("M5", name, `GSTIN ${master.gstin} is not of the state ${master.state}.`);
      }
      if (textOf(item, "INCOMETAXNUMBER") !== master.gstin.slice(2, 12)) {
        problem("M5", name, "INCOMETAXNUMBER must be the PAN inside the GSTIN.");
      }
    }
    ledgers.set(key, master);
  }
  return ledgers;
}

export interface StockItemMaster {
  name: string;
  baseUnit: string;
  hsn: string;
  ratePercent: number | null;
}

/** GST rates in force (for M8, a warning: Bahi takes any rate the user types). */
const GST_RATES = new Set([0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40]);

/** The UNIT and STOCKITEM masters (M4, M8), by lower-case name. */
export function readStockMasters(
  items: XmlElement[],
  problem: ProblemSink,
): { units: Set<string>; stockItems: Map<string, StockItemMaster> } {
  const units = new Set<string>();
  const stockItems = new Map<string, StockItemMaster>();
  for (const item of items) {
    if (item.name !== "UNIT") continue;
    const name = item.attrs.NAME ?? "";
    checkName(name, name, problem);
    if (textOf(item, "NAME") !== name) problem("M4", name, "A unit's NAME must equal its NAME attribute.");
    if (/\s/.test(name))
      problem("M8", name, 'A unit\'s name has no spaces (quantities are written " 10 Nos").');
    if (units.has(name.toLowerCase())) problem("M4", name, "Two units have this name.");
    units.add(name.toLowerCase());
  }
  for (const item of items) {
    if (item.name !== "STOCKITEM") continue;
    const { name, key } = checkMaster(item, stockItems, "stock items", problem);
    const baseUnit = textOf(item, "BASEUNITS") ?? "";
    if (!units.has(baseUnit.toLowerCase()))
      problem("M8", name, `Base unit ${baseUnit} is not a UNIT of the file.`);
    const hsn = descendants(item, "HSNCODE")[0]?.text ?? "";
    if (hsn && !/^(\d{4}|\d{6}|\d{8})$/.test(hsn)) problem("M8", name, `HSN ${hsn} is not 4, 6 or 8 digits.`);
    const igst = descendants(item, "RATEDETAILS.LIST").find((r) =>
      ["IGST", "Integrated Tax"].includes(textOf(r, "GSTRATEDUTYHEAD") ?? ""),
    );
    const ratePercent = igst ? Number(textOf(igst, "GSTRATE")) : null;
    if (ratePercent === null || !GST_RATES.has(ratePercent))
      problem("M8", name, `GST rate ${ratePercent ?? "(none)"} is not a rate in force.`, "W");
    stockItems.set(key, { name, baseUnit, hsn, ratePercent });
  }
  return { units, stockItems };
}
