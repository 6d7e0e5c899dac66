import { PageHeader } from "../../components/ui/page";

// Being built in this release (see the open issues); replaced by the real page.
export function InventoryOverviewPage() {
  return <PageHeader title="Inventory Overview" description="This page is being built." />;
}
