import { lazy } from "react";
import { InvoiceEditorPage } from "#web/features/invoices/InvoiceEditorPage";

// Kinds do not import one another (src/architecture.test.ts): where one kind's page shows another
// kind's cards, the route puts them together here. The cards load with a saved invoice's cards.
const InvoiceLinkedCards = lazy(() => import("./InvoiceLinkedCards"));

/** /invoice/new and /invoice/edit/:id: the invoice editor, with its credit notes and repeating. */
export function InvoiceEditorRoute() {
  return <InvoiceEditorPage linked={InvoiceLinkedCards} />;
}
