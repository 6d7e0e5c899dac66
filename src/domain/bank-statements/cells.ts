// Reading the cells of a bank statement (issue 33, decision 0083): CSV text, amounts and dates as
// the five big Indian banks print them. Never `new Date(text)`: it reads 03/04/2026 as 4 March.

/** The rows of a CSV or TSV text; the delimiter is the one most lines share (comma, tab, semicolon). */
export function csvRows(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, "");
  const delimiter = sniffDelimiter(body);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (c === delimiter) {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && body[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function sniffDelimiter(text: string): string {
  const lines = text.split(/\r?\n/, 60).filter((l) => l.trim() !== "");
  let best = ",";
  let bestLines = -1;
  // A comma first: Axis puts a TAB inside its comma-separated amounts.
  for (const d of [",", ";", "\t", "|"]) {
    const n = lines.filter((l) => l.split(d).length >= 4).length;
    if (n > bestLines) {
      best = d;
      bestLines = n;
    }
  }
  return best;
}

/**
 * An amount in paise, signed, from a bank's text: Indian grouping (1,23,456.78), a leading TAB,
 * ₹ / INR / Rs, a trailing Cr or Dr (Dr is negative), parentheses or a minus for negatives, and
 * Axis's "-,93,43,827.31". Empty and "-" cells are null (no amount). More than two decimals
 * is not an amount.
 */
export function parseAmount(text: string | undefined): number | null {
  if (text === undefined) return null;
  // \u20b9 is the rupee sign: escaped, so the compiled server stays ASCII (decision 0095).
  let s = text.replace(/[\s\u00a0]/g, "").replace(/\u20b9|INR|Rs\.?/gi, "");
  if (s === "" || s === "-") return null;
  let negative = false;
  const side = /(Cr|Dr)\.?$/i.exec(s);
  if (side) {
    negative = side[1]!.toLowerCase() === "dr";
    s = s.slice(0, side.index);
  }
  if (/^\(.*\)$/.test(s)) {
    negative = !negative;
    s = s.slice(1, -1);
  }
  if (s.startsWith("-")) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith("+")) s = s.slice(1);
  s = s.replace(/,/g, "");
  const m = /^(\d*)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m || (m[1] === "" && !m[2])) return null;
  const paise = Number(m[1] || "0") * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(paise)) return null;
  return negative ? -paise : paise;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

function iso(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last || y < 1990 || y > 2100) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const year = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/**
 * A statement date as yyyy-mm-dd, or null: day first (DD/MM/YY, DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY),
 * DD MMM YYYY and DD-MMM-YY (SBI, Kotak), ISO, or an Excel serial number (20000-80000 days after
 * 1899-12-30, as XLS exports and some CSVs saved from Excel carry). A time after the date is ignored.
 */
export function parseStatementDate(text: string | undefined): string | null {
  if (text === undefined) return null;
  const s = text.trim().replace(/\s+/g, " ");
  if (s === "") return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?: .*)?$/.exec(s);
  if (m) return iso(year(m[3]!), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[ -]([A-Za-z]{3,4})[a-z]*[ ,-]+(\d{4}|\d{2})(?: .*)?$/.exec(s);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    return month ? iso(year(m[3]!), month, Number(m[1])) : null;
  }
  m = /^(\d{5})(?:\.\d+)?$/.exec(s);
  if (m) {
    const serial = Number(m[1]);
    if (serial < 20000 || serial > 80000) return null;
    return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
  }
  return null;
}

/** Text with runs of white space (TABs, line breaks) made one space, trimmed. */
export function collapse(text: string | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}
