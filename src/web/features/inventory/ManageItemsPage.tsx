import { PageHeader } from "../../components/ui/page";

// Being built in this release (see the open issues); replaced by the real page.
export function ManageItemsPage() {
  return <PageHeader title="Manage Inventory Items" description="This page is being built." />;
}
