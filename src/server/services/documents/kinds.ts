import type { DocumentKind } from "#domain/document-kinds";
import { INVOICE_KIND } from "./invoice-kind";
import type { KindConfig } from "./kind";
import { noteKind } from "./note-kind";
import { QUOTE_KIND } from "./quote-kind";

// Every kind of document, one entry each (the parts are described in kind.ts). A new kind kept in
// the quotes table (a delivery challan, a proforma invoice) is one more entry here: its title, its
// events' table, its page, and whether it is sent and shared.
// Only this file imports the kinds' modules, so that they load after the services they use.

export const DOCUMENT_KIND_CONFIG: Record<DocumentKind, KindConfig> = {
  invoice: INVOICE_KIND,
  quote: QUOTE_KIND,
  credit_note: noteKind("Credit note"),
  debit_note: noteKind("Debit note"),
};

/** The kinds that have a public page, with its path. */
export const PUBLIC_KINDS = (Object.keys(DOCUMENT_KIND_CONFIG) as DocumentKind[]).filter(
  (kind) => DOCUMENT_KIND_CONFIG[kind].publicPage,
);
