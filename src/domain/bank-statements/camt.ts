import { parseAmount } from "./cells";
import { parseNarration } from "./narration";
import type { ParsedStatement, StatementLine } from "./statement";

// ISO 20022 CAMT.053 (BkToCstmrStmt; research: horizon-specs §2.3, element paths as fints-client and
// the banks' mapping documents give them). Read by pattern, without an XML library: the file is a
// bank's machine-written XML, and only a few elements per entry (Ntry) matter. Any namespace prefix
// is ignored. Pending entries (Sts PDNG) are left out; a reversal (RvslInd true) turns the side.

export function looksLikeCamt053(text: string): boolean {
  return /<(?:\w+:)?BkToCstmrStmt\b/.test(text);
}

const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The inner XML of each element named `tag` (any prefix) in `xml`. */
function all(xml: string, tag: string): string[] {
  const re = new RegExp(`<(?:\\w+:)?${tag}\\b[^>]*?(?:/>|>([\\s\\S]*?)</(?:\\w+:)?${tag}>)`, "g");
  return [...xml.matchAll(re)].map((m) => m[1] ?? "");
}

/** The text at a path of element names (each looked for inside the one before), or null. */
function at(xml: string, ...path: string[]): string | null {
  let inner: string | undefined = xml;
  for (const tag of path) {
    inner = all(inner, tag)[0];
    if (inner === undefined) return null;
  }
  const text = decodeXml(
    inner
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
  return text === "" ? null : text;
}

const dateOf = (xml: string, tag: string) =>
  (at(xml, tag, "Dt") ?? at(xml, tag, "DtTm"))?.slice(0, 10) ?? null;

export function parseCamt053(text: string): ParsedStatement {
  const statement = all(text, "Stmt")[0] ?? text;
  const account = at(statement, "Acct", "Id", "IBAN") ?? at(statement, "Acct", "Othr", "Id");
  let running: number | null = null;
  let closing: number | null = null;
  for (const bal of all(statement, "Bal")) {
    const code = at(bal, "Tp", "Cd");
    const amount = parseAmount(at(bal, "Amt") ?? "");
    if (amount === null) continue;
    const signed = at(bal, "CdtDbtInd") === "DBIT" ? -amount : amount;
    if (code === "OPBD" || code === "PRCD") running = signed;
    if (code === "CLBD") closing = signed;
  }
  const lines: StatementLine[] = [];
  const problems: ParsedStatement["problems"] = [];
  all(statement, "Ntry").forEach((entry, i) => {
    const status = at(entry, "Sts", "Cd") ?? at(entry, "Sts");
    if (status && status !== "BOOK") return;
    const amountMinor = parseAmount(at(entry, "Amt") ?? "");
    const txnDate = dateOf(entry, "BookgDt") ?? dateOf(entry, "ValDt");
    if (amountMinor === null || amountMinor <= 0 || !txnDate) {
      problems.push({ row: i + 1, message: "An entry without an amount or a date." });
      return;
    }
    const reversed = at(entry, "RvslInd") === "true";
    const credit = (at(entry, "CdtDbtInd") === "CRDT") !== reversed;
    if (running !== null) running += credit ? amountMinor : -amountMinor;
    const remittance = all(entry, "Ustrd")
      .map((u) => decodeXml(u).trim())
      .join(" ");
    const narration = (at(entry, "AddtlNtryInf") ?? remittance) || "";
    const parts = parseNarration(narration);
    const e2e = at(entry, "Refs", "EndToEndId");
    const party = credit ? "Dbtr" : "Cdtr";
    lines.push({
      row: i + 1,
      txnDate,
      valueDate: dateOf(entry, "ValDt"),
      direction: credit ? "CR" : "DR",
      amountMinor,
      balanceMinor: running,
      narration,
      refNo: at(entry, "AcctSvcrRef"),
      ...parts,
      utr: parts.utr ?? (e2e && e2e !== "NOTPROVIDED" ? e2e : null),
      payerName: parts.payerName ?? at(entry, "RltdPties", party, "Nm"),
      note: parts.note ?? (remittance || null),
    });
  });
  if (closing !== null && running !== null && closing !== running)
    problems.push({
      row: 0,
      message: "The closing balance does not follow from the opening balance and the entries.",
    });
  return { bank: "CAMT.053", accountNumber: account, lines, problems };
}
