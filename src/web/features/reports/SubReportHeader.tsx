import { Link } from "react-router";
import { PageHeader } from "#web/components/ui/page";

/** The heading of a page reached from Reports (Tally, TDS), with the way back to it. */
export function SubReportHeader({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <p className="text-sm">
        <Link className="text-primary underline" to="/reports">
          Back to Reports
        </Link>
      </p>
    </>
  );
}
