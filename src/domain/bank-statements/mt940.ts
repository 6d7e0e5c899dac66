import { parseNarration } from "./narration";
import type { ParsedStatement, StatementLine } from "./statement";

// SWIFT MT940 (research: horizon-specs §2.3; tags as mt940js, the Rust `mt940` crate and SAP's
// notes list them), which Indian banks give current accounts. Read by hand into integer paise:
// the amounts use a decimal comma, and a parser that goes through floats would round them.
//   :25: account   :60F:/:60M: opening balance   :61: a line   :86: its narration (several lines)
//   :62F:/:62M: closing balance, checked against opening + the lines.

/** Whether the text is an MT940 statement rather than a CSV. */
export function looksLikeMt940(text: string): boolean {
  return /^\s*(\{1:|:20:)/.test(text) && /^:61:/m.test(text);
}

const paise = (amount: string) => {
  const [whole, frac = ""] = amount.split(",");
  return Number(whole || "0") * 100 + Number(frac.padEnd(2, "0").slice(0, 2));
};

/** C or D + YYMMDD + currency + amount: the signed paise. */
function balanceOf(field: string): number | null {
  const m = /^([CD])(\d{6})([A-Z]{3})([\d,]+)/.exec(field.trim());
  if (!m) return null;
  return (m[1] === "D" ? -1 : 1) * paise(m[4]!);
}

const isoOf = (yymmdd: string) => `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;

// value date, entry date (MMDD), C/D/RC/RD, funds code, amount, type code, customer ref, //bank ref
const LINE =
  /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?([\d]+,\d{0,2})([A-Z][A-Z0-9]{3})?([^/\n]*)(?:\/\/([^\n]*))?/;

/** The tags of the text in order, each with its value (continuation lines joined). */
function fieldsOf(text: string): { tag: string; value: string }[] {
  const fields: { tag: string; value: string }[] = [];
  for (const raw of text.replace(/\r/g, "").split("\n")) {
    const line = raw.trimEnd();
    const tag = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (tag) fields.push({ tag: tag[1]!, value: tag[2]! });
    else if (fields.length > 0 && line !== "" && !/^-\}?$|^\{/.test(line))
      fields.at(-1)!.value += fields.at(-1)!.tag === "86" ? line : `\n${line}`;
  }
  return fields;
}

export function parseMt940(text: string): ParsedStatement {
  const lines: StatementLine[] = [];
  const problems: ParsedStatement["problems"] = [];
  let account: string | null = null;
  let running: number | null = null;
  let row = 0;
  for (const { tag, value } of fieldsOf(text)) {
    row++;
    if (tag === "25") account ??= value.trim();
    else if (tag === "60F" || tag === "60M") running = balanceOf(value);
    else if (tag === "61") {
      const m = LINE.exec(value);
      if (!m) {
        problems.push({ row, message: "A :61: line that does not read." });
        continue;
      }
      const valueDate = isoOf(m[1]!);
      // The entry date has no year: the value date's, or the next one when it is January after December.
      const entry = m[2] ? `${valueDate.slice(0, 4)}-${m[2].slice(0, 2)}-${m[2].slice(2)}` : valueDate;
      const txnDate =
        m[2]?.startsWith("01") && m[1]!.slice(2, 4) === "12"
          ? `${Number(entry.slice(0, 4)) + 1}${entry.slice(4)}`
          : entry;
      const mark = m[3]!;
      const credit = mark === "C" || mark === "RD";
      const amountMinor = paise(m[5]!);
      if (running !== null) running += credit ? amountMinor : -amountMinor;
      const bankRef = m[8]?.split("\n")[0]?.trim() || null;
      lines.push({
        row,
        txnDate,
        valueDate,
        direction: credit ? "CR" : "DR",
        amountMinor,
        balanceMinor: running,
        narration: "",
        refNo: bankRef,
        channel: "OTHER",
        utr: null,
        payerName: null,
        payerVpa: null,
        payerBank: null,
        note: null,
      });
    } else if (tag === "86" && lines.length > 0) {
      const line = lines.at(-1)!;
      // Structured :86: (/TXT/..., ?20...) keeps its words; the UPI narration is the same string as in the CSV.
      line.narration = value
        .replace(/\?\d{2}/g, "")
        .replace(/\s+/g, " ")
        .trim();
      const parts = parseNarration(line.narration);
      Object.assign(line, parts, {
        utr: parts.utr ?? (line.refNo && /^0*\d{12}$/.test(line.refNo) ? line.refNo.slice(-12) : null),
      });
    } else if ((tag === "62F" || tag === "62M") && running !== null) {
      const closing = balanceOf(value);
      if (closing !== null && closing !== running)
        problems.push({
          row,
          message: "The closing balance does not follow from the opening balance and the lines.",
        });
    }
  }
  return { bank: "MT940", accountNumber: account, lines: lines.filter((l) => l.amountMinor > 0), problems };
}
