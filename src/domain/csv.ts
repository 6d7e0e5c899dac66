// CSV files as Bahi writes them (invoices, clients and products, the activity log, GSTR-1 sections):
// cells a spreadsheet cannot run, CRLF lines and a UTF-8 byte-order mark.

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell a spreadsheet cannot run: text starting with = + - @ tab or CR gets a leading apostrophe
 * (OWASP "CSV injection"). A plain number such as a negative round-off "-0.40" is not a formula
 * and stays a number. Then RFC 4180 quoting.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The file's text from its rows (the header first): CRLF lines, each ending with one, and the
 * byte-order mark that makes spreadsheet programs read it as UTF-8 (names, ₹ in text).
 */
export function csvText(rows: readonly (readonly string[])[]): string {
  const lines = rows.map((cells) => cells.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
