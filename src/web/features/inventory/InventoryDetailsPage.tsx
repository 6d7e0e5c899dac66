import { PageHeader } from "../../components/ui/page";

// Being built in this release (see the open issues); replaced by the real page.
export function InventoryDetailsPage() {
  return <PageHeader title="Inventory Product Details" description="This page is being built." />;
}
