import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Gstr1Summary } from "#contract/reports";
import { todayInTimeZone } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { ApiError, callQuery } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card, Spinner } from "#web/components/ui/card";
import { Field, Input } from "#web/components/ui/input";
import { PageHeader } from "#web/components/ui/page";
import { LoadErrorCard } from "#web/components/ui/states";
import { MayLink } from "../members/MayLink";
import { useSettings } from "../settings/useSettings";
import { useFileDownload } from "./download-file";
import { isPeriod, monthLabel, previousMonth } from "./month";

// Reports: the month's GSTR-1 for a regular taxpayer, as the portal's JSON and as CSV per section
// (issue part 6). Bahi writes the files; the user uploads them on the GST portal.

const gstr1Path = (period: string, section?: string) =>
  `/api/reports/gstr1?period=${period}${section ? `&format=csv&section=${section}` : ""}`;

function NotOffered({ message }: { message: string }) {
  return (
    <Card className="space-y-2 p-4" data-testid="gstr1-not-offered">
      <h2 className="font-semibold">GSTR-1 is not offered for this account</h2>
      <p className="text-sm">{message}</p>
      <p className="text-sm text-muted-foreground">
        If you are a regular GST taxpayer, choose "Regular" under GST registration in{" "}
        <MayLink className="text-primary underline" to="/settings" fallback="Settings">
          Settings
        </MayLink>{" "}
        and enter your GSTIN and legal name.
      </p>
    </Card>
  );
}

function SectionsTable({ summary }: { summary: Gstr1Summary }) {
  const { running, run } = useFileDownload();
  // The same button on the table's row (tablets up) and on the phone's card.
  const csvButton = (s: Gstr1Summary["sections"][number]) => (
    <Button
      size="sm"
      variant="outline"
      busy={running === s.section}
      disabled={running !== null}
      aria-label={`Download CSV: ${s.label}`}
      onClick={() =>
        run(s.section, gstr1Path(summary.period, s.section), `GSTR1_${summary.fp}_${s.section}.csv`)
      }
    >
      CSV
    </Button>
  );
  return (
    <Card className="overflow-hidden p-0 sm:p-0">
      {/* relative: the sr-only header stays inside the scrolling box on narrow screens */}
      <div className="relative hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[36rem] text-sm" aria-label="GSTR-1 sections">
          <thead className="bg-muted text-left">
            <tr>
              <th scope="col" className="p-3 font-medium">
                Section
              </th>
              <th scope="col" className="p-3 text-right font-medium">
                Count
              </th>
              <th scope="col" className="p-3 text-right font-medium">
                Taxable value
              </th>
              <th scope="col" className="p-3 text-right font-medium">
                Tax
              </th>
              <th scope="col" className="p-3 font-medium">
                <span className="sr-only">CSV</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.sections.map((s) => (
              <tr key={s.section} className="border-t border-border" data-testid={`gstr1-row-${s.section}`}>
                <th scope="row" className="p-3 text-left font-normal">
                  {s.label}
                </th>
                <td className="p-3 text-right tabular-nums" data-testid="gstr1-count">
                  {s.count}
                </td>
                <td className="p-3 text-right tabular-nums" data-testid="gstr1-taxable">
                  {s.section === "docs" ? "—" : formatMoney(s.taxableMinor, "INR")}
                </td>
                <td className="p-3 text-right tabular-nums" data-testid="gstr1-tax">
                  {s.section === "docs" ? "—" : formatMoney(s.taxMinor, "INR")}
                </td>
                <td className="p-3 text-right">{csvButton(s)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-border sm:hidden" aria-label="GSTR-1 sections">
        {summary.sections.map((s) => (
          <li key={s.section} className="space-y-2 p-3" data-testid={`gstr1-item-${s.section}`}>
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 text-sm font-medium">{s.label}</p>
              {csvButton(s)}
            </div>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Count</dt>
                <dd className="tabular-nums">{s.count}</dd>
              </div>
              {s.section !== "docs" && (
                <>
                  <div>
                    <dt className="text-xs text-muted-foreground">Taxable value</dt>
                    <dd className="tabular-nums">{formatMoney(s.taxableMinor, "INR")}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted-foreground">Tax</dt>
                    <dd className="tabular-nums">{formatMoney(s.taxMinor, "INR")}</dd>
                  </div>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3 border-t border-border p-3">
        <Button
          busy={running === "json"}
          disabled={running !== null}
          onClick={() => run("json", gstr1Path(summary.period), `GSTR1_${summary.fp}.json`)}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Download GSTR-1 JSON
        </Button>
        <p className="text-sm text-muted-foreground">
          {summary.documents.issued} invoices numbered this month, {summary.documents.cancelled} cancelled.
        </p>
      </div>
    </Card>
  );
}

export function ReportsPage() {
  const { settings } = useSettings();
  const today = todayInTimeZone(new Date(), settings.timeZone);
  const [period, setPeriod] = useState(() => previousMonth(today));
  const valid = isPeriod(period);
  const query = useQuery({
    ...callQuery("GET /api/reports/gstr1/summary", { query: { period } }),
    enabled: valid,
    retry: false,
  });
  const error = query.error instanceof ApiError ? query.error : null;

  return (
    <div className="space-y-4">
      <PageHeader
        title="Reports"
        description="GSTR-1 for a month, from your tax invoices, to upload on the GST portal."
        actions={
          <>
            <Link
              className="inline-flex h-10 items-center rounded-md border border-border px-4 text-sm font-medium hover:bg-muted"
              to="/reports/bank-statements"
            >
              Bank statements
            </Link>
            <Link
              className="inline-flex h-10 items-center rounded-md border border-border px-4 text-sm font-medium hover:bg-muted"
              to="/reports/tds"
            >
              TDS receivable
            </Link>
          </>
        }
      />
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
        <p className="text-sm">
          Your accountant works in TallyPrime? Export the invoices, notes and payments of a period as Tally
          XML.
        </p>
        <Link
          className="inline-flex h-10 items-center rounded-md border border-border px-4 text-sm font-medium hover:bg-muted"
          to="/reports/tally"
        >
          Export to Tally
        </Link>
      </Card>
      <Card className="space-y-3 p-4">
        <Field
          label="Month"
          error={valid ? null : "Choose a month."}
          hint={valid ? `Showing ${monthLabel(period)}.` : undefined}
          className="max-w-xs"
        >
          {(props) => (
            <Input {...props} type="month" value={period} onChange={(e) => setPeriod(e.target.value)} />
          )}
        </Field>
        <p className="text-sm text-muted-foreground">
          Bahi writes the files; it does not file returns or connect to the GST portal. Upload the JSON on the
          GST portal (GSTR-1, Prepare Offline, Upload) and check it there before you file: you stay
          responsible for what you file.
        </p>
      </Card>
      {!valid ? null : query.isPending ? (
        <Spinner label="Loading the month's figures" />
      ) : error?.code === "gstr1_not_offered" ? (
        <NotOffered message={error.message} />
      ) : query.isError ? (
        <LoadErrorCard
          title="The month's figures could not be loaded"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : query.data ? (
        <>
          <p className="text-sm" data-testid="gstr1-heading">
            GSTR-1 for {monthLabel(query.data.period)}, GSTIN {query.data.gstin}
          </p>
          <SectionsTable summary={query.data} />
          {query.data.leftOut.length > 0 && (
            <Card className="space-y-2 p-4">
              <h2 className="font-semibold">Not in this return</h2>
              <ul className="space-y-1 text-sm">
                {query.data.leftOut.map((l) => (
                  <li key={l.invoiceNumber}>
                    <span className="font-medium">{l.invoiceNumber}</span>: {l.reason}
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </>
      ) : null}
    </div>
  );
}
