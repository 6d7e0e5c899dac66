import { Download } from "lucide-react";
import { useState } from "react";
import { todayInTimeZone } from "#domain/dates";
import { urlOf } from "#web/api";
import { Button } from "#web/components/ui/button";
import { SectionCard } from "#web/components/ui/card";
import { TextField } from "#web/components/ui/input";
import { useSettings } from "../settings/useSettings";
import { useFileDownload } from "./download-file";
import { previousMonth } from "./month";
import { SubReportHeader } from "./SubReportHeader";
import { TallyLedgersCard } from "./TallyLedgersCard";

// Reports > Export to Tally (issue 32 part 1, decision 0080): a date range's masters and vouchers as
// the two XML files TallyPrime imports, masters first, and the ledger names Bahi writes in them.

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The first and last day of the month before today's. */
function lastMonth(today: string): { from: string; to: string } {
  const month = previousMonth(today);
  const [year, mm] = month.split("-").map(Number);
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

export function TallyPage() {
  const { settings } = useSettings();
  const [range, setRange] = useState(() => lastMonth(todayInTimeZone(new Date(), settings.timeZone)));
  const { running, run } = useFileDownload();
  const rangeError =
    !isDay(range.from) || !isDay(range.to)
      ? "Choose both days."
      : range.to < range.from
        ? "The last day must not be before the first."
        : null;
  const download = (part: "masters" | "vouchers") =>
    run(
      part,
      urlOf("/api/reports/tally", { query: { ...range, part } }),
      `bahi-${part}-${range.from}-${range.to}.xml`,
    );

  return (
    <div className="space-y-4">
      <SubReportHeader
        title="Export to Tally"
        description="Your GST invoices, credit and debit notes and payments received, as TallyPrime XML files."
      />
      <SectionCard
        id="tally-files"
        title="Files for a period"
        description="Import the masters file first (Gateway of Tally > Import > Masters), then the vouchers file (Import > Transactions). Exporting the same period again changes the vouchers already imported instead of adding them twice."
      >
        <div className="mt-3 grid gap-3 sm:grid-cols-2 sm:max-w-lg">
          <TextField
            label="From"
            type="date"
            value={range.from}
            onChange={(from) => setRange((r) => ({ ...r, from }))}
          />
          <TextField
            label="To"
            type="date"
            value={range.to}
            error={rangeError}
            onChange={(to) => setRange((r) => ({ ...r, to }))}
          />
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          {(["masters", "vouchers"] as const).map((part, i) => (
            <Button
              key={part}
              busy={running === part}
              disabled={running !== null || rangeError !== null}
              onClick={() => download(part)}
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              {i + 1}. Download {part}
            </Button>
          ))}
        </div>
        <p className="mt-3 text-sm text-muted-foreground">
          Set the numbering of the Sales, Credit Note and Debit Note voucher types to Manual in Tally, so it
          keeps Bahi's numbers. If Tally refuses a line, it writes why in its import log (the LINEERROR text):
          send that text to Bahi's support with the file's name.
        </p>
      </SectionCard>
      <TallyLedgersCard />
    </div>
  );
}
