import { PageHeader } from "../../components/ui/page";

// Being built in this release (see the open issues); replaced by the real page.
export function SettingsPage() {
  return <PageHeader title="Settings" description="This page is being built." />;
}
