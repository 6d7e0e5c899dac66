import { PageHeader } from "../../components/ui/page";

// Being built in this release (see the open issues); replaced by the real page.
export function InvoiceEditorPage() {
  return <PageHeader title="Create New Invoice" description="This page is being built." />;
}
