import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { TdsReport } from "#contract/tds";
import { formatPageDate, todayInTimeZone } from "#domain/dates";
import { financialYearOfIsoDate, isFinancialYear } from "#domain/document-number";
import { formatMoney } from "#domain/format";
import { formatTdsRate, tdsQuarterLabel } from "#domain/tds";
import { call, callQuery, queryKeyOf, urlOf } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { TextField } from "#web/components/ui/input";
import { Loaded } from "#web/components/ui/states";
import { useSettings } from "../settings/useSettings";
import { useFileDownload } from "./download-file";
import { SubReportHeader } from "./SubReportHeader";

// Reports > TDS receivable (issue 33, decision 0088): the TDS clients deducted in a financial year,
// per quarter and client, with a tick per payment once it is found in Form 26AS (or the AIS).

const inr = (minor: number) => formatMoney(minor, "INR");
type Group = TdsReport["groups"][number];

function GroupCard({ group, financialYear }: { group: Group; financialYear: string }) {
  const client = useQueryClient();
  // The tick shows at once; the report's figures follow when the server has saved it.
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const tick = useMutation({
    mutationFn: (v: { id: string; seen: boolean }) =>
      call("PUT /api/reports/tds/payments/:id/seen", { params: { id: v.id }, body: { seenIn26as: v.seen } }),
    onSuccess: () =>
      client.invalidateQueries({
        queryKey: queryKeyOf("GET /api/reports/tds", { query: { financialYear } }),
      }),
    onError: (error, v) => {
      setTicked(({ [v.id]: _gone, ...rest }) => rest);
      toast.error("Could not save the tick", { description: (error as Error).message });
    },
  });
  const heading = `${group.clientName} · ${tdsQuarterLabel(group.quarter as 1 | 2 | 3 | 4)}`;
  return (
    <Card className="space-y-3 p-4" data-testid="tds-group">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{heading}</h3>
        <p className="text-sm text-muted-foreground">
          PAN {group.pan || "not known"} · {group.invoices} {group.invoices === 1 ? "invoice" : "invoices"} ·{" "}
          {group.sections.join(", ")}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Received</dt>
          <dd className="tabular-nums">{inr(group.receivedMinor)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">TDS</dt>
          <dd className="font-medium tabular-nums" data-testid="tds-group-tds">
            {inr(group.tdsMinor)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Not yet seen in 26AS</dt>
          <dd className="tabular-nums">{inr(group.unseenMinor)}</dd>
        </div>
      </dl>
      <ul className="divide-y divide-border border-t border-border" aria-label={`Payments: ${heading}`}>
        {group.lines.map((l) => (
          <li key={l.paymentId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <div className="min-w-0">
              <Link className="font-medium text-primary underline" to={`/invoices/${l.invoiceId}`}>
                {l.invoiceNumber}
              </Link>
              <p className="text-xs text-muted-foreground">
                {formatPageDate(l.paidOn)} · received {inr(l.amountMinor)} · TDS {inr(l.tdsMinor)} (
                {l.tdsSection}
                {l.tdsRateBp ? ` at ${formatTdsRate(l.tdsRateBp)}` : ""})
              </p>
            </div>
            <label className="flex min-h-10 items-center gap-2">
              <input
                type="checkbox"
                className="h-4 w-4 accent-[var(--primary)]"
                checked={ticked[l.paymentId] ?? l.seenIn26as}
                disabled={tick.isPending}
                onChange={(e) => {
                  const seen = e.target.checked;
                  setTicked((t) => ({ ...t, [l.paymentId]: seen }));
                  tick.mutate({ id: l.paymentId, seen });
                }}
                aria-label={`Seen in 26AS: ${l.invoiceNumber}, TDS ${inr(l.tdsMinor)}`}
              />
              Seen in 26AS
            </label>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function TdsPage() {
  const { settings } = useSettings();
  const [year, setYear] = useState(() =>
    financialYearOfIsoDate(todayInTimeZone(new Date(), settings.timeZone)),
  );
  const valid = isFinancialYear(year);
  const query = useQuery({
    ...callQuery("GET /api/reports/tds", { query: { financialYear: year } }),
    enabled: valid,
  });
  const { running, run } = useFileDownload();

  return (
    <div className="space-y-4">
      <SubReportHeader
        title="TDS receivable"
        description="Tax your clients deducted at source from their payments, per quarter and client, to match with Form 26AS."
      />
      <Card className="flex flex-wrap items-end gap-3 p-4">
        <TextField
          label="Financial year"
          className="max-w-40"
          value={year}
          error={valid ? undefined : "Enter a financial year, like 2026-27."}
          onChange={setYear}
        />
        <Button
          variant="outline"
          busy={running === "csv"}
          disabled={!valid || running !== null}
          onClick={() =>
            run(
              "csv",
              urlOf("/api/reports/tds/export.csv", { query: { financialYear: year } }),
              `TDS_${year}.csv`,
            )
          }
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Download CSV
        </Button>
        <p className="basis-full text-sm text-muted-foreground">
          Record TDS with a payment (Record payment, "The client deducted TDS"). Each quarter, open Form 26AS
          or the AIS on the income tax portal, and tick each payment you find there. What is not there yet,
          ask the client to file their TDS return.
        </p>
      </Card>
      {valid && (
        <Loaded query={query} loading="Loading the TDS" errorTitle="The TDS could not be loaded">
          {(report) => (
            <>
              <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                <Card className="p-3">
                  <dt className="text-sm text-muted-foreground">TDS in {report.financialYear}</dt>
                  <dd className="text-xl font-bold tabular-nums" data-testid="tds-year-total">
                    {inr(report.totals.tdsMinor)}
                  </dd>
                </Card>
                <Card className="p-3">
                  <dt className="text-sm text-muted-foreground">
                    Not yet seen in 26AS ({report.financialYear})
                  </dt>
                  <dd className="text-xl font-bold tabular-nums">{inr(report.totals.unseenMinor)}</dd>
                </Card>
                <Card className="p-3">
                  <dt className="text-sm text-muted-foreground">TDS receivable, all years</dt>
                  <dd className="text-xl font-bold tabular-nums">{inr(report.receivableMinor)}</dd>
                </Card>
              </dl>
              {report.groups.length === 0 ? (
                <Card className="p-4 text-sm text-muted-foreground">
                  No TDS recorded in {report.financialYear}.
                </Card>
              ) : (
                <section aria-label="TDS per quarter and client" className="space-y-3">
                  {report.groups.map((g) => (
                    <GroupCard
                      key={`${g.quarter}-${g.lines[0]?.paymentId}`}
                      group={g}
                      financialYear={report.financialYear}
                    />
                  ))}
                </section>
              )}
            </>
          )}
        </Loaded>
      )}
    </div>
  );
}
