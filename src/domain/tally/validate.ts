import { parseScaled, roundHalfAwayFromZero } from "../decimal";
import { TALLY_GROUPS } from "./masters";
import { childrenOf, textOf, type XmlElement } from "./parse";
import { readFile, readMasters, readStockMasters } from "./validate-file";

// The validator of an export (issue 32; research §1.7, rules named as there), run by the tests
// since TallyPrime cannot run here. It reads the two files as Tally would read them, from the text
// alone: balances in integer paise by ISDEEMEDPOSITIVE, every ledger named defined, bill
// allocations, GST heads, the GST header against the party master, names and lengths. Severity E
// blocks, W warns. Item invoices (decision 0080 addendum): every inventory entry's amount equals its
// accounting allocations and quantity x rate less discount (rounded as Bahi rounds a line), its
// stock item and unit are masters of the file, and the allocations count in the balance. `totals` sums what the file posts, for comparison with Bahi's own figures.

export interface TallyProblem {
  rule: string;
  severity: "E" | "W";
  /** The voucher number or master name at fault, or the file. */
  where: string;
  message: string;
}

export interface TallyFileTotals {
  /** Net credit per duty head and to sales ledgers, paise, over live Sales, Credit and Debit Notes. */
  taxableMinor: number;
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
  roundOffMinor: number;
  /** Per voucher type: how many live and cancelled vouchers, and the party lines' sum (debit positive). */
  byType: Record<string, { count: number; cancelled: number; partyDebitMinor: number }>;
  /** Party amount (debit positive) per "type|number". */
  partyByVoucher: Map<string, number>;
  /** REMOTEIDs in file order. */
  remoteIds: string[];
}

export interface TallyValidationInput {
  masters: string;
  vouchers: string;
  /** "YYYY-MM-DD" */
  from: string;
  to: string;
  companyGstin: string;
  /** Ledgers that exist in the user's Tally already (bank, cash): named but not defined in the file. */
  existingLedgers?: string[];
  /** Invoice numbers exported before, which an Agst Ref may name. */
  knownBills?: string[];
}

const BILL_TYPES = new Set(["New Ref", "Agst Ref", "Advance", "On Account"]);
const INVOICE_TYPES = new Set(["Sales", "Credit Note", "Debit Note"]);
const GST_NUMBER = /^[A-Za-z0-9/-]+$/;
const HEAD_KIND: Record<string, "cgst" | "sgst" | "igst"> = {
  CGST: "cgst",
  "Central Tax": "cgst",
  "SGST/UTGST": "sgst",
  "State Tax": "sgst",
  "UT Tax": "sgst",
  IGST: "igst",
  "Integrated Tax": "igst",
};

/** "-11801.00" -> -1180100 paise; null when it is not Tally's amount text. */
export function paiseOf(amount: string | undefined): number | null {
  const m = /^(-?)(\d{1,13})\.(\d{2})$/.exec(amount?.trim() ?? "");
  if (!m) return null;
  const value = Number(m[2]) * 100 + Number(m[3]);
  return m[1] ? -value : value;
}

function realDate(yyyymmdd: string): string | null {
  if (!/^\d{8}$/.test(yyyymmdd)) return null;
  const iso = `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

export function validateTallyExport(input: TallyValidationInput): {
  problems: TallyProblem[];
  totals: TallyFileTotals;
} {
  const problems: TallyProblem[] = [];
  const problem = (rule: string, where: string, message: string, severity: "E" | "W" = "E") =>
    problems.push({ rule, severity, where, message });
  const totals: TallyFileTotals = {
    taxableMinor: 0,
    cgstMinor: 0,
    sgstMinor: 0,
    igstMinor: 0,
    roundOffMinor: 0,
    byType: {},
    partyByVoucher: new Map(),
    remoteIds: [],
  };
  const masterItems = readFile(input.masters, "All Masters", "masters", problem);
  const voucherItems = readFile(input.vouchers, "Vouchers", "vouchers", problem);
  if (!masterItems || !voucherItems) return { problems, totals };
  const ledgers = readMasters(masterItems, problem);
  const { units, stockItems } = readStockMasters(masterItems, problem);
  const existing = new Set((input.existingLedgers ?? []).map((n) => n.toLowerCase()));
  const vouchers = voucherItems.filter((v) => {
    if (v.name !== "VOUCHER") problem("E2", "vouchers", `A ${v.name} master in the vouchers file.`);
    return v.name === "VOUCHER";
  });
  if (vouchers.length > 500)
    problem("V14", "vouchers", `${vouchers.length} vouchers: consider one file a month.`, "W");

  const bills = new Set((input.knownBills ?? []).map((b) => b.toLowerCase()));
  for (const v of vouchers) {
    if (textOf(v, "VOUCHERTYPENAME") === "Sales" && textOf(v, "ISCANCELLED") !== "Yes") {
      bills.add((textOf(v, "VOUCHERNUMBER") ?? "").toLowerCase());
    }
  }
  const remoteIds = new Set<string>();
  const numbers = new Set<string>();
  for (const v of vouchers) {
    const type = textOf(v, "VOUCHERTYPENAME") ?? "";
    const number = textOf(v, "VOUCHERNUMBER") ?? "";
    const at = `${type} ${number}`;
    const vp = (rule: string, message: string, severity: "E" | "W" = "E") =>
      problem(rule, at, message, severity);
    // V1
    if (v.attrs.VCHTYPE !== type) vp("V1", "VCHTYPE must equal VOUCHERTYPENAME.");
    if (v.attrs.ACTION !== "Create") vp("V1", 'A voucher must have ACTION="Create".');
    const remote = v.attrs.REMOTEID ?? "";
    if (!remote || remote !== textOf(v, "GUID")) vp("V1", "REMOTEID must be set and equal GUID.");
    if (remoteIds.has(remote)) vp("V1", `REMOTEID ${remote} is used twice.`);
    remoteIds.add(remote);
    totals.remoteIds.push(remote);
    // V2
    const date = realDate(textOf(v, "DATE") ?? "");
    if (!date) vp("V2", "DATE must be a real date as YYYYMMDD.");
    else if (date < input.from || date > input.to)
      vp("V2", `DATE ${date} is outside ${input.from} to ${input.to}.`);
    if (textOf(v, "EFFECTIVEDATE") !== textOf(v, "DATE")) vp("V2", "EFFECTIVEDATE must equal DATE.");
    // V3
    if (!number) vp("V3", "VOUCHERNUMBER is empty.");
    if (INVOICE_TYPES.has(type) && (number.length > 16 || !GST_NUMBER.test(number))) {
      vp("V3", "A GST document number has at most 16 letters, digits, / and -.");
    }
    const numberKey = `${type}|${number.toLowerCase()}`;
    if (numbers.has(numberKey)) vp("V3", "The voucher number is used twice for this voucher type.");
    numbers.add(numberKey);
    // V13
    if (!(textOf(v, "NARRATION") ?? "").includes(number))
      vp("V13", "The narration does not name the document.", "W");

    totals.byType[type] ??= { count: 0, cancelled: 0, partyDebitMinor: 0 };
    const byType = totals.byType[type]!;
    const invoiceView = textOf(v, "ISINVOICE") === "Yes";
    const entries = [...childrenOf(v, "LEDGERENTRIES.LIST"), ...childrenOf(v, "ALLLEDGERENTRIES.LIST")];
    const inventory = childrenOf(v, "ALLINVENTORYENTRIES.LIST");
    const partyName = textOf(v, "PARTYLEDGERNAME") ?? "";
    if (!ledgers.has(partyName.toLowerCase()))
      vp("M1", `Party ledger ${partyName} is not in the masters file.`);
    if (textOf(v, "ISCANCELLED") === "Yes") {
      byType.cancelled += 1;
      if (entries.length > 0 || inventory.length > 0) vp("V4", "A cancelled voucher carries no entries.");
      continue;
    }
    byType.count += 1;
    // V6
    const view = textOf(v, "PERSISTEDVIEW");
    const listName = invoiceView ? "LEDGERENTRIES.LIST" : "ALLLEDGERENTRIES.LIST";
    if (
      view !== (invoiceView ? "Invoice Voucher View" : "Accounting Voucher View") ||
      v.attrs.OBJVIEW !== view
    ) {
      vp("V6", "PERSISTEDVIEW and OBJVIEW must match ISINVOICE.");
    }
    if (entries.some((e) => e.name !== listName)) vp("V6", `Entries must be ${listName} in this view.`);
    const mode = inventory.length > 0 ? "Item Invoice" : "Accounting Invoice";
    if (invoiceView && textOf(v, "VCHENTRYMODE") !== mode)
      vp("V6", `VCHENTRYMODE must be ${mode}: Item Invoice exactly when there are inventory entries.`);
    if (!invoiceView && inventory.length > 0) vp("V6", "Inventory entries need the invoice view.");

    let balance = 0;
    const partyLines: { amount: number; entry: XmlElement }[] = [];
    const heads = { cgst: 0, sgst: 0, igst: 0 };
    for (const entry of entries) {
      const ledger = textOf(entry, "LEDGERNAME") ?? "";
      const amount = paiseOf(textOf(entry, "AMOUNT"));
      const master = ledgers.get(ledger.toLowerCase());
      if (!master && !existing.has(ledger.toLowerCase()))
        vp("M1", `Ledger ${ledger} is not in the masters file.`);
      if (amount === null) {
        vp("V4", `AMOUNT of ${ledger} is not an amount.`);
        continue;
      }
      // V5
      if (amount === 0) vp("V5", `The line of ${ledger} is zero.`);
      if ((textOf(entry, "ISDEEMEDPOSITIVE") === "Yes") !== amount < 0) {
        vp("V5", `ISDEEMEDPOSITIVE of ${ledger} disagrees with the sign of its AMOUNT.`);
      }
      balance += amount;
      if (textOf(entry, "ISPARTYLEDGER") === "Yes") partyLines.push({ amount, entry });
      for (const bank of childrenOf(entry, "BANKALLOCATIONS.LIST")) {
        if (paiseOf(textOf(bank, "AMOUNT")) !== amount)
          vp("V5", `The bank allocation of ${ledger} differs from its line.`);
      }
      if (!master || !INVOICE_TYPES.has(type)) continue;
      if (master.parent === TALLY_GROUPS.sales) totals.taxableMinor += amount;
      if (master.parent === TALLY_GROUPS.roundOff) {
        totals.roundOffMinor += amount;
        if (Math.abs(amount) > 100) vp("V10", "Round-off is more than ₹1.00.");
      }
      const head = master.dutyHead ? HEAD_KIND[master.dutyHead] : undefined;
      if (head) heads[head] += amount;
    }
    if (INVOICE_TYPES.has(type)) {
      totals.cgstMinor += heads.cgst;
      totals.sgstMinor += heads.sgst;
      totals.igstMinor += heads.igst;
    }
    // V12: each inventory entry; its accounting allocations count in the balance (not its own AMOUNT).
    for (const entry of inventory) {
      const name = textOf(entry, "STOCKITEMNAME") ?? "";
      const item = stockItems.get(name.toLowerCase());
      if (!item) vp("M1", `Stock item ${name} is not in the masters file.`);
      const amount = paiseOf(textOf(entry, "AMOUNT"));
      if (amount === null || amount === 0) {
        vp("V12", `AMOUNT of ${name} is not an amount, or zero.`);
        continue;
      }
      if ((textOf(entry, "ISDEEMEDPOSITIVE") === "Yes") !== amount < 0)
        vp("V5", `ISDEEMEDPOSITIVE of ${name} disagrees with the sign of its AMOUNT.`);
      const rate = /^(\d{1,13}\.\d{2})\/(\S+)$/.exec(textOf(entry, "RATE") ?? "");
      const qtyText = textOf(entry, "ACTUALQTY") ?? "";
      const qty = /^ (\d{1,10}(?:\.\d{1,3})?) (\S+)$/.exec(qtyText);
      if (!rate || !qty) vp("V12", `RATE of ${name} must be "<rate>/<unit>" and ACTUALQTY " <qty> <unit>".`);
      else {
        if (textOf(entry, "BILLEDQTY") !== qtyText) vp("V12", `BILLEDQTY of ${name} differs from ACTUALQTY.`);
        for (const unit of [rate[2]!, qty[2]!]) {
          if (!units.has(unit.toLowerCase())) vp("M1", `Unit ${unit} is not in the masters file.`);
          else if (item && unit.toLowerCase() !== item.baseUnit.toLowerCase())
            vp("V12", `Unit ${unit} is not the base unit of ${name}.`);
        }
        // Bahi's line: gross = quantity x rate, less the discount, each rounded half away from zero.
        const gross = roundHalfAwayFromZero(
          BigInt(parseScaled(qty[1]!, 3)!) * BigInt(paiseOf(rate[1])!),
          1000n,
        );
        const discountBasis = parseScaled(textOf(entry, "DISCOUNT") ?? "0", 2);
        const net =
          discountBasis === null
            ? null
            : gross - roundHalfAwayFromZero(gross * BigInt(discountBasis), 10_000n);
        if (net !== BigInt(Math.abs(amount)))
          vp("V12", `${qty[1]} x ${rate[1]} less discount is ${net} paise, not the AMOUNT of ${name}.`);
      }
      const allocations = childrenOf(entry, "ACCOUNTINGALLOCATIONS.LIST");
      let allocated = 0;
      for (const a of allocations) {
        const ledger = textOf(a, "LEDGERNAME") ?? "";
        const part = paiseOf(textOf(a, "AMOUNT"));
        const master = ledgers.get(ledger.toLowerCase());
        if (!master) vp("M1", `Ledger ${ledger} is not in the masters file.`);
        if (part === null) {
          vp("V12", `An allocation of ${name} has no amount.`);
          continue;
        }
        if ((textOf(a, "ISDEEMEDPOSITIVE") === "Yes") !== part < 0)
          vp("V5", `ISDEEMEDPOSITIVE of ${ledger} disagrees with the sign of its AMOUNT.`);
        allocated += part;
        balance += part;
        if (master?.parent === TALLY_GROUPS.sales && INVOICE_TYPES.has(type)) totals.taxableMinor += part;
      }
      if (allocated !== amount) vp("V12", `The accounting allocations of ${name} differ from its AMOUNT.`);
      const batches = childrenOf(entry, "BATCHALLOCATIONS.LIST");
      if (
        batches.length > 0 &&
        batches.reduce((s, b) => s + (paiseOf(textOf(b, "AMOUNT")) ?? Number.NaN), 0) !== amount
      )
        vp("V12", `The batch allocations of ${name} differ from its AMOUNT.`);
    }
    // V4
    if (balance !== 0) vp("V4", `Debits and credits differ by ${balance} paise.`);
    // V7
    if (partyLines.length !== 1) {
      vp("V7", `A voucher needs exactly one party line (found ${partyLines.length}).`);
      continue;
    }
    const party = partyLines[0]!;
    if ((textOf(party.entry, "LEDGERNAME") ?? "") !== partyName)
      vp("V7", "The party line must be PARTYLEDGERNAME.");
    const partyDebits = type === "Sales" || type === "Debit Note";
    if (partyDebits !== party.amount < 0) vp("V7", `The party is on the wrong side of a ${type}.`);
    byType.partyDebitMinor += -party.amount;
    totals.partyByVoucher.set(`${type}|${number}`, -party.amount);
    // V8
    const allocations = childrenOf(party.entry, "BILLALLOCATIONS.LIST");
    const allocated = allocations.reduce((s, b) => s + (paiseOf(textOf(b, "AMOUNT")) ?? Number.NaN), 0);
    if (allocated !== party.amount) vp("V8", "Bill allocations must add up to the party line.");
    for (const bill of allocations) {
      const billType = textOf(bill, "BILLTYPE") ?? "";
      const name = textOf(bill, "NAME") ?? "";
      if (!BILL_TYPES.has(billType)) vp("V8", `BILLTYPE ${billType} is not one of Tally's.`);
      if (type === "Sales" && (billType !== "New Ref" || name !== number)) {
        vp("V8", "A sale makes a New Ref named by its number.");
      }
      if (billType === "Agst Ref" && !bills.has(name.toLowerCase())) {
        vp("V8", `Agst Ref ${name} is no invoice of this file or of an earlier export.`);
      }
    }
    if (!INVOICE_TYPES.has(type)) continue;
    // V9: intra-state takes CGST and SGST alike, inter-state IGST only.
    const companyState = textOf(v, "CMPGSTSTATE");
    const pos = textOf(v, "PLACEOFSUPPLY");
    if (pos && pos === companyState) {
      if (heads.igst !== 0) vp("V9", "An intra-state supply takes no IGST.");
      if (heads.cgst !== heads.sgst) vp("V9", "CGST and SGST must be equal.");
    } else if (heads.cgst !== 0 || heads.sgst !== 0) vp("V9", "An inter-state supply takes IGST only.");
    // V11: the GST header equals the company's and the party master's details.
    if (textOf(v, "CMPGSTIN") !== input.companyGstin) vp("V11", "CMPGSTIN is not the company's GSTIN.");
    const master = ledgers.get(partyName.toLowerCase());
    if (master) {
      if ((textOf(v, "PARTYGSTIN") ?? "") !== master.gstin)
        vp("V11", "PARTYGSTIN differs from the party master.");
      if (textOf(v, "GSTREGISTRATIONTYPE") !== master.registrationType) {
        vp("V11", "GSTREGISTRATIONTYPE differs from the party master.");
      }
      if ((textOf(v, "STATENAME") ?? "") !== master.state)
        vp("V11", "STATENAME differs from the party master.");
    }
  }
  return { problems, totals };
}
