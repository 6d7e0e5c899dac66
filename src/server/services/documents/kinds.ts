import type { DocumentKind } from "#domain/document-kinds";
import { INVOICE_KIND } from "./invoice-kind";
import type { KindConfig } from "./kind";
import { noteKind } from "./note-kind";
import { preInvoiceKind } from "./pre-invoice-kind";
import { STATEMENT_KIND } from "./statement-kind";

// Every kind of document, one entry each (the parts are described in kind.ts). The kinds kept in
// the quotes table (quote, proforma invoice, delivery challan) are one entry parameterised by the
// kind's configuration (#domain/document-kinds).
// Only this file imports the kinds' modules, so that they load after the services they use.

export const DOCUMENT_KIND_CONFIG: Record<DocumentKind, KindConfig> = {
  invoice: INVOICE_KIND,
  quote: preInvoiceKind("quote"),
  proforma: preInvoiceKind("proforma"),
  challan: preInvoiceKind("challan"),
  credit_note: noteKind("Credit note"),
  debit_note: noteKind("Debit note"),
  statement: STATEMENT_KIND,
};

/**
 * One kind for each public path (its page finds the document by token, whatever its kind: the
 * three pre-invoice kinds share /q/<token>).
 */
export const PUBLIC_KINDS = (Object.keys(DOCUMENT_KIND_CONFIG) as DocumentKind[]).filter((kind, i, kinds) => {
  const { publicPage, publicPath } = DOCUMENT_KIND_CONFIG[kind];
  return publicPage && kinds.findIndex((k) => DOCUMENT_KIND_CONFIG[k].publicPath === publicPath) === i;
});
