import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A PDF's text as poppler's pdftotext reads it: of the bytes, or of a file already written. */
export function pdfText(pdf: Buffer | string): string {
  let file = pdf;
  if (typeof file !== "string") {
    file = path.join(mkdtempSync(path.join(tmpdir(), "bahi-pdf-text-")), "document.pdf");
    writeFileSync(file, pdf);
  }
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}
