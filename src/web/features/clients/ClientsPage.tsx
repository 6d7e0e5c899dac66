import { PageHeader } from "../../components/ui/page";

// Being built in this release (see the open issues); replaced by the real page.
export function ClientsPage() {
  return <PageHeader title="Manage Clients" description="This page is being built." />;
}
