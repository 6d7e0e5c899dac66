import { AppError } from "../errors";
import { CompoundFileError, compoundStream } from "./compound-file";
import { kindOfFormatId, type NumberKind, serialText } from "./xls-number-formats";

// An old Excel workbook (.xls: BIFF8 records in the Workbook stream of a compound file; [MS-XLS]) read
// into the same TSV text as an XLSX, so the one statement parser reads it (decision 0093). The workbook
// globals give the shared strings (SST and its CONTINUE records), the number formats (XF, FORMAT,
// DATEMODE), the 8-bit code page and where the first worksheet starts (BOUNDSHEET); that sheet's cell
// records give the rows. Excel 95 (BIFF5) and password-protected (FILEPASS) files are refused.

/** Past this many characters of cell text a file is refused (shared strings can be repeated cheaply). */
const MAX_TEXT = 30 * 1024 * 1024;

const RESAVE = "Open it in Excel or LibreOffice and save it again, or download the statement as CSV.";
const ENCRYPTED =
  "This Excel file is password-protected: open it, remove the password (File, Info, Protect Workbook), save it, and choose it again.";
const BIFF5 =
  "This is an Excel 95 (or older) workbook, which Bahi does not read. Open it and save it as Excel Workbook (.xlsx) or CSV.";

const refuse = (message: string): never => {
  throw new AppError("validation_failed", message, { base64: message });
};

class DamagedWorkbook extends Error {}
const damaged = (why: string): never => {
  throw new DamagedWorkbook(why);
};

const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  CODEPAGE: 0x0042,
  DATEMODE: 0x0022,
  FORMAT: 0x041e,
  XF: 0x00e0,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  FORMULA: 0x0006,
  STRING: 0x0207,
  BOOLERR: 0x0205,
} as const;

const ERRORS: Record<number, string> = {
  0: "#NULL!",
  7: "#DIV/0!",
  15: "#VALUE!",
  23: "#REF!",
  29: "#NAME?",
  36: "#NUM!",
  42: "#N/A",
};

interface BiffRecord {
  type: number;
  body: DataView;
  /** The body and the CONTINUE records after it: a string may run on from one into the next. */
  parts: Uint8Array[];
}

function* records(stream: Uint8Array, from: number): Generator<BiffRecord> {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  let at = from;
  const next = () => {
    const length = view.getUint16(at + 2, true);
    if (at + 4 + length > stream.length) damaged("a record runs past the end of the workbook");
    const part = stream.subarray(at + 4, at + 4 + length);
    at += 4 + length;
    return part;
  };
  while (at + 4 <= stream.length) {
    const type = view.getUint16(at, true);
    const parts = [next()];
    while (at + 4 <= stream.length && view.getUint16(at, true) === R.CONTINUE) parts.push(next());
    const body = parts[0]!;
    yield { type, body: new DataView(body.buffer, body.byteOffset, body.byteLength), parts };
  }
}

/** Reads through a record and its CONTINUE records as one run of bytes, except inside a string's characters. */
class Reader {
  private part = 0;
  private at: number;

  constructor(
    private readonly parts: Uint8Array[],
    from: number,
    private readonly decode8: TextDecoder,
  ) {
    this.at = from;
  }

  get done(): boolean {
    while (this.part < this.parts.length && this.at >= this.parts[this.part]!.length) this.advance();
    return this.part >= this.parts.length;
  }

  private advance() {
    this.part += 1;
    this.at = 0;
  }

  byte(): number {
    if (this.done) damaged("a string runs past its record");
    return this.parts[this.part]![this.at++]!;
  }

  u16(): number {
    return this.byte() | (this.byte() << 8);
  }

  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  skip(n: number) {
    for (let left = n; left > 0; ) {
      if (this.done) damaged("a string runs past its record");
      const take = Math.min(left, this.parts[this.part]!.length - this.at);
      this.at += take;
      left -= take;
    }
  }

  /**
   * `count` characters, 8-bit or UTF-16 as `wide` says. Where they run on into a CONTINUE record, that
   * record starts with a fresh flags byte: the rest may be stored the other way ([MS-XLS] "XLUnicodeRichExtendedString").
   */
  characters(count: number, wide: boolean): string {
    let out = "";
    for (let left = count; left > 0; ) {
      let part = this.parts[this.part];
      if (!part || this.at >= part.length) {
        this.advance();
        part = this.parts[this.part];
        if (!part || part.length === 0) damaged("a string runs past its record");
        wide = (part![this.at++]! & 1) === 1;
      }
      const width = wide ? 2 : 1;
      const n = Math.min(left, Math.floor((part!.length - this.at) / width));
      if (n === 0) damaged("a string is cut inside a character");
      const bytes = part!.subarray(this.at, this.at + n * width);
      out += wide ? new TextDecoder("utf-16le").decode(bytes) : this.decode8.decode(bytes);
      this.at += n * width;
      left -= n;
    }
    return out;
  }

  /** An XLUnicodeString (LABEL, STRING, FORMAT) or, with `rich`, an SST entry whose runs and phonetic data are skipped. */
  string(rich = false): string {
    const count = this.u16();
    const flags = this.byte();
    const runs = rich && flags & 0x08 ? this.u16() : 0;
    const extra = rich && flags & 0x04 ? this.u32() : 0;
    const text = this.characters(count, (flags & 1) === 1);
    this.skip(4 * runs + extra);
    return text;
  }
}

/** An RK number: a 30-bit integer or the top of a double, maybe times 100 ([MS-XLS] "RkNumber"). */
function rkNumber(rk: number): number {
  let n: number;
  if (rk & 2) n = rk >> 2;
  else {
    const v = new DataView(new ArrayBuffer(8));
    v.setUint32(4, (rk & 0xfffffffc) >>> 0, true);
    n = v.getFloat64(0, true);
  }
  return rk & 1 ? n / 100 : n;
}

/** The decoder for 8-bit strings: BIFF8 stores them as Latin-1 (CODEPAGE 1200); another single-byte code page named by a non-Excel writer is taken at its word. */
function decoderFor(codePage: number): TextDecoder {
  const single = codePage === 874 || (codePage >= 1250 && codePage <= 1258);
  return new TextDecoder(single ? `windows-${codePage}` : "windows-1252");
}

interface Globals {
  strings: string[];
  xfFormats: number[];
  formats: Map<number, string>;
  date1904: boolean;
  decode8: TextDecoder;
  sheetAt: number;
}

function readGlobals(stream: Uint8Array): Globals {
  const all = records(stream, 0);
  const first = all.next();
  if (first.done || first.value.type !== R.BOF || first.value.body.byteLength < 4)
    damaged("the workbook does not start with a BOF record");
  const bof = first.value as BiffRecord;
  if (bof.body.getUint16(0, true) !== 0x0600) refuse(BIFF5);
  const g: Globals = {
    strings: [],
    xfFormats: [],
    formats: new Map(),
    date1904: false,
    decode8: decoderFor(1200),
    sheetAt: -1,
  };
  let firstSheet = -1;
  let firstVisible = -1;
  const sstRecords: BiffRecord[] = [];
  for (const r of all) {
    const b = r.body;
    if (r.type === R.EOF) break;
    if (r.type === R.FILEPASS) refuse(ENCRYPTED);
    if (r.type === R.CODEPAGE && b.byteLength >= 2) g.decode8 = decoderFor(b.getUint16(0, true));
    else if (r.type === R.DATEMODE && b.byteLength >= 2) g.date1904 = b.getUint16(0, true) === 1;
    else if (r.type === R.XF && b.byteLength >= 4) g.xfFormats.push(b.getUint16(2, true));
    else if (r.type === R.FORMAT && b.byteLength >= 5)
      g.formats.set(b.getUint16(0, true), new Reader(r.parts, 2, g.decode8).string());
    else if (r.type === R.BOUNDSHEET && b.byteLength >= 6 && b.getUint8(5) === 0) {
      const at = b.getUint32(0, true);
      if (firstSheet === -1) firstSheet = at;
      if (firstVisible === -1 && (b.getUint8(4) & 3) === 0) firstVisible = at;
    } else if (r.type === R.SST) sstRecords.push(r);
  }
  // The SST is read after the loop: CODEPAGE comes first in Excel's files, but the order is not promised.
  for (const r of sstRecords) {
    const reader = new Reader(r.parts, 8, g.decode8);
    const unique = r.body.byteLength >= 8 ? r.body.getUint32(4, true) : 0;
    for (let i = 0; i < unique && !reader.done; i++) g.strings.push(reader.string(true));
  }
  g.sheetAt = firstVisible === -1 ? firstSheet : firstVisible;
  return g;
}

/** The first worksheet of an old Excel (.xls, BIFF8) workbook as TSV text: one line per row, from row 1. */
export function xlsToText(bytes: Uint8Array): string {
  try {
    return readWorkbook(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CompoundFileError || error instanceof DamagedWorkbook || error instanceof RangeError)
      return refuse(`This .xls file is damaged (${error.message}). ${RESAVE}`);
    throw error;
  }
}

function readWorkbook(bytes: Uint8Array): string {
  const stream = compoundStream(bytes, ["Workbook", "Book"]);
  if (!stream) return refuse(`This .xls file holds no workbook. ${RESAVE}`);
  const g = readGlobals(stream);
  if (g.sheetAt === -1) return refuse("The workbook has no worksheet.");
  if (g.sheetAt + 4 > stream.length) damaged("the first worksheet starts past the end of the workbook");

  const kinds = new Map<number, NumberKind>();
  const kindOf = (xf: number) => {
    const id = g.xfFormats[xf] ?? 0;
    const known = kinds.get(id);
    if (known !== undefined) return known;
    const kind = kindOfFormatId(id, g.formats);
    kinds.set(id, kind);
    return kind;
  };
  const rows = new Map<number, string[]>();
  let size = 0;
  const put = (row: number, col: number, text: string) => {
    // BIFF8 has 256 columns; a cell past them is not Excel's and would only pad the row.
    if (col > 255) return;
    size += text.length + 1;
    if (size > MAX_TEXT) refuse("The workbook is too large to read.");
    const cells = rows.get(row) ?? [];
    rows.set(row, cells);
    while (cells.length < col) cells.push("");
    cells[col] = text.replace(/[\t\r\n]+/g, " ");
  };
  const number = (row: number, col: number, xf: number, n: number) =>
    put(row, col, serialText(n, kindOf(xf), g.date1904));

  const sheet = records(stream, g.sheetAt);
  const bof = sheet.next();
  if (bof.done || bof.value.type !== R.BOF || bof.value.body.byteLength < 4)
    damaged("the first worksheet does not start with a BOF record");
  let depth = 1;
  let formulaString: { row: number; col: number } | null = null;
  for (const r of sheet) {
    const b = r.body;
    const cell = b.byteLength >= 6 ? ([b.getUint16(0, true), b.getUint16(2, true)] as const) : null;
    if (r.type === R.BOF) depth += 1;
    else if (r.type === R.EOF && --depth === 0) break;
    if (depth !== 1) continue;
    if (r.type === R.LABELSST && cell && b.byteLength >= 10) {
      const text = g.strings[b.getUint32(6, true)];
      if (text === undefined) damaged("a cell names a shared string that is not there");
      put(...cell, text!);
    } else if ((r.type === R.LABEL || r.type === R.RSTRING) && cell)
      put(...cell, new Reader(r.parts, 6, g.decode8).string());
    else if (r.type === R.NUMBER && cell && b.byteLength >= 14)
      number(...cell, b.getUint16(4, true), b.getFloat64(6, true));
    else if (r.type === R.RK && cell && b.byteLength >= 10)
      number(...cell, b.getUint16(4, true), rkNumber(b.getUint32(6, true)));
    else if (r.type === R.MULRK && cell) {
      for (let at = 4, col = cell[1]; at + 6 <= b.byteLength - 2; at += 6, col++)
        number(cell[0], col, b.getUint16(at, true), rkNumber(b.getUint32(at + 2, true)));
    } else if (r.type === R.BOOLERR && cell && b.byteLength >= 8) {
      const value = b.getUint8(6);
      put(...cell, b.getUint8(7) ? (ERRORS[value] ?? "#N/A") : value ? "TRUE" : "FALSE");
    } else if (r.type === R.FORMULA && cell && b.byteLength >= 14) {
      formulaString = null;
      if (b.getUint16(12, true) !== 0xffff) number(...cell, b.getUint16(4, true), b.getFloat64(6, true));
      else {
        const kind = b.getUint8(6);
        const value = b.getUint8(8);
        if (kind === 0) formulaString = { row: cell[0], col: cell[1] };
        else if (kind === 1) put(...cell, value ? "TRUE" : "FALSE");
        else if (kind === 2) put(...cell, ERRORS[value] ?? "#N/A");
      }
    } else if (r.type === R.STRING && formulaString) {
      put(formulaString.row, formulaString.col, new Reader(r.parts, 0, g.decode8).string());
      formulaString = null;
    }
  }
  const last = Math.max(-1, ...rows.keys());
  const lines: string[] = [];
  for (let row = 0; row <= last; row++) lines.push((rows.get(row) ?? []).join("\t"));
  return lines.join("\n");
}
