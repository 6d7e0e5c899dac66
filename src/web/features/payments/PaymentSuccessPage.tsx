import { PageHeader } from "../../components/ui/page";

// Being built in this release (see the open issues); replaced by the real page.
export function PaymentSuccessPage() {
  return <PageHeader title="Payment Successful" description="This page is being built." />;
}
