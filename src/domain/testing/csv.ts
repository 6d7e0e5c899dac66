/**
 * The lines of a CSV file as Bahi writes it (the byte-order mark Excel needs, CRLF line ends, one
 * at the end): the mark and the last line end dropped, split at each CRLF.
 */
export const csvLines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
