import { unzipSync } from "fflate";
import { AppError } from "../errors";
import { plainNumber } from "./xls-number-formats";
import { xlsToText } from "./xls-sheet";

// A bank's XLSX statement as TSV text, so the one statement parser (src/domain/bank-statements)
// reads it like the bank's CSV (decision 0083). The zip is opened with fflate (already in the tree
// through pdfkit; no open advisory); the sheet's XML is OOXML that spreadsheet programs write, so
// its cells are read by pattern: shared strings, inline strings, numbers. Numbers keep at most
// two decimals (an amount stored as 1180.0999999999999 reads 1180.10; an Excel date stays a serial).

const MAX_UNZIPPED = 30 * 1024 * 1024;

/** What the bytes are: an XLSX (zip), an old XLS (an OLE compound file), or text. */
export function sniffStatement(bytes: Uint8Array): "xlsx" | "xls" | "text" {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return "xlsx";
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return "xls";
  return "text";
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&amp;/g, "&");

/** The text of an `<si>` or `<is>`: every `<t>` run joined (rich text splits one string into runs). */
const runsOf = (xml: string) =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1]!)).join("");

/** "BC12" -> 54 (0-based column). */
function columnOf(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? "A";
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

function numberText(v: string): string {
  if (!/^-?\d+(\.\d+)?(E[+-]?\d+)?$/i.test(v)) return v;
  return plainNumber(Number(v));
}

/** The first sheet of an XLSX file as TSV text. */
export function xlsxToText(bytes: Uint8Array): string {
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        const wanted =
          f.name === "xl/sharedStrings.xml" ||
          /^xl\/worksheets\/sheet\d+\.xml$/.test(f.name) ||
          f.name === "xl/workbook.xml";
        if (wanted) total += f.originalSize;
        if (total > MAX_UNZIPPED)
          throw new AppError("validation_failed", "The workbook is too large to read.");
        return wanted;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("validation_failed", "The file is not a workbook Bahi can open.");
  }
  const decode = (name: string) => (files[name] ? new TextDecoder().decode(files[name]) : "");
  const shared = [...decode("xl/sharedStrings.xml").matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    runsOf(m[1]!),
  );
  const sheetName = Object.keys(files)
    .filter((n) => n.startsWith("xl/worksheets/"))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]))[0];
  if (!sheetName) throw new AppError("validation_failed", "The workbook has no sheet.");
  const rows: string[] = [];
  for (const row of decode(sheetName).matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const cells: string[] = [];
    for (const c of (row[1] ?? "").matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1]!;
      const body = c[2] ?? "";
      const ref = /\br="([A-Z]+)\d+"/.exec(attrs)?.[1];
      const type = /\bt="(\w+)"/.exec(attrs)?.[1];
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const text =
        type === "s"
          ? (shared[Number(v)] ?? "")
          : type === "inlineStr"
            ? runsOf(body)
            : type === "str" || type === "b" || type === "e"
              ? unescapeXml(v ?? "")
              : numberText(v ?? "");
      const at = ref ? columnOf(ref) : cells.length;
      while (cells.length < at) cells.push("");
      cells[at] = text.replace(/[\t\r\n]+/g, " ");
    }
    rows.push(cells.join("\t"));
  }
  return rows.join("\n");
}

/**
 * An HTML table saved with an .xls name (what several banks' "Excel" downloads are) as TSV text:
 * one line per `<tr>`, its `<td>`/`<th>` cells without their tags.
 */
export function htmlTableToText(html: string): string {
  return [...html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)]
    .map((tr) =>
      [...tr[1]!.matchAll(/<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]>/gi)]
        .map((td) =>
          unescapeXml(
            td[1]!
              .replace(/<br\s*\/?>/gi, " ")
              .replace(/<[^>]*>/g, "")
              .replace(/&nbsp;/g, " "),
          )
            .replace(/\s+/g, " ")
            .trim(),
        )
        .join("\t"),
    )
    .join("\n");
}

const isHtmlTable = (text: string) => /^\s*</.test(text.replace(/^\uFEFF/, "")) && /<table\b/i.test(text);

/**
 * A statement file's text: as sent (an HTML table read into rows), or read from the XLSX or old XLS
 * workbook whose bytes came as base64 (decision 0093 for the XLS).
 */
export function statementText(file: { text?: string; base64?: string }): string {
  if (file.base64 === undefined) {
    const text = file.text ?? "";
    return isHtmlTable(text) ? htmlTableToText(text) : text;
  }
  const bytes = Buffer.from(file.base64, "base64");
  const kind = sniffStatement(bytes);
  if (kind === "xls") return xlsToText(bytes);
  if (kind === "xlsx") return xlsxToText(bytes);
  const text = bytes.toString("utf8");
  return isHtmlTable(text) ? htmlTableToText(text) : text;
}
