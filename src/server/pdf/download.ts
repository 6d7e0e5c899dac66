/** "INV/2026-27/0001" -> "INV-2026-27-0001.pdf": safe in every file system and header. */
export function pdfFilename(invoiceNumber: string): string {
  const safe = invoiceNumber
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 100);
  return `${safe || "invoice"}.pdf`;
}
