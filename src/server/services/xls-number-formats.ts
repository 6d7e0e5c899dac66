// Which numbers of an old Excel (.xls) sheet are dates, and their text (decision 0093). A cell points
// at an XF record whose number format is built in ([MS-XLS] "Format" lists 14-22 and 45-47;
// East Asian locales use 27-36 and 50-58 for dates too) or written out in a FORMAT record; a date is
// a serial number of days from 1899-12-30 (or 1904-01-01 when DATEMODE says so). Dates come out as
// dd/mm/yyyy, which the statement parser reads day first.

export type NumberKind = "date" | "datetime" | "time" | "number";

const BUILT_IN: Record<number, NumberKind> = {
  14: "date",
  15: "date",
  16: "date",
  17: "date",
  22: "datetime",
};
for (const id of [18, 19, 20, 21, 45, 46, 47]) BUILT_IN[id] = "time";
for (let id = 27; id <= 36; id++) BUILT_IN[id] = "date";
for (let id = 50; id <= 58; id++) BUILT_IN[id] = "date";

/** What a format code shows: its first section, without quoted text, escapes, colours and locales. */
export function kindOfFormat(code: string): NumberKind {
  const bare = code
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/[_*]./g, "")
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, "")
    .split(";")[0]!
    .replace(/general/gi, "")
    .replace(/am\/pm|a\/p/gi, "");
  const day = /[dy]/i.test(bare);
  const time = /[hs]/i.test(bare);
  if (day) return time ? "datetime" : "date";
  if (time) return "time";
  return /m/i.test(bare) ? "date" : "number";
}

/** The kind of a format id: the workbook's own FORMAT record for it, else the built-in table. */
export function kindOfFormatId(id: number, custom: ReadonlyMap<number, string>): NumberKind {
  const code = custom.get(id);
  return code === undefined ? (BUILT_IN[id] ?? "number") : kindOfFormat(code);
}

/** A number as the statement files print it: an integer plain, anything else with two decimals. */
export function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return "";
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A number shown in a date or time format, as dd/mm/yyyy, hh:mm:ss or both. */
export function serialText(serial: number, kind: NumberKind, date1904: boolean): string {
  // Past 9999-12-31, or negative: Excel shows #### too; the number is kept.
  if (kind === "number" || !(serial >= 0 && serial < 2_958_466)) return plainNumber(serial);
  let days = Math.floor(serial);
  let seconds = Math.round((serial - days) * 86_400);
  if (seconds >= 86_400) {
    days += 1;
    seconds -= 86_400;
  }
  const time = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  if (kind === "time") return time;
  // The 1900 system counts a 29 February 1900 that never was: serials before it start a day later.
  const base = date1904 ? Date.UTC(1904, 0, 1) : days < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const d = new Date(base + days * 86_400_000);
  const date = `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
  return kind === "datetime" ? `${date} ${time}` : date;
}
