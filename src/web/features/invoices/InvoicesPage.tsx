import { PageHeader } from "../../components/ui/page";

// Being built in this release (see the open issues); replaced by the real page.
export function InvoicesPage() {
  return <PageHeader title="All Invoices" description="This page is being built." />;
}
