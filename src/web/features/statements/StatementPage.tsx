import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Copy, Download, ExternalLink, FileSpreadsheet, Link2, Mail } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { formatPageDate } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { DEFAULT_STATEMENT_MESSAGE, DEFAULT_STATEMENT_SUBJECT, formatBalance } from "#domain/statements";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Input, SelectField, TextField } from "#web/components/ui/input";
import { PageHeader } from "#web/components/ui/page";
import { Loaded } from "#web/components/ui/states";
import { Tabs } from "#web/components/ui/tabs";
import { SendDialog } from "#web/features/documents/editor/SendDialog";
import { useMay } from "#web/features/members/role";
import { useDownloadPdf } from "#web/features/pdf/useDownloadPdf";
import { useFileDownload } from "#web/features/reports/download-file";
import { copyLink } from "#web/lib/copy-link";
import { AdvancesCard } from "./AdvancesCard";
import {
  type StatementAnswer,
  type StatementAsk,
  shareStatement,
  statementCsvUrl,
  statementPdfUrl,
  statementQuery,
} from "./api";
import { ActivityTable, OpenItemsTable } from "./StatementTables";

// A client's statement of account (issue 32 part 2, decision 0081): pick the period, see the
// activity and the open items, download the PDF (one credit) or CSV, share the link, send it.

const PERIOD_ENDS = [
  ["from", "From"],
  ["to", "To"],
] as const;

function PeriodForm({
  ask,
  onAsk,
  currencies,
}: {
  ask: StatementAsk;
  onAsk: (a: StatementAsk) => void;
  currencies: string[];
}) {
  const [draft, setDraft] = useState(ask);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAsk(draft);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Statement period">
      {PERIOD_ENDS.map(([key, label]) => (
        <TextField
          key={key}
          label={label}
          type="date"
          className="w-full sm:w-44"
          value={draft[key]}
          onChange={(v) => setDraft({ ...draft, [key]: v })}
        />
      ))}
      {currencies.length > 1 && (
        <SelectField
          label="Currency"
          className="w-full sm:w-32"
          value={draft.currency}
          options={currencies.map((c) => ({ value: c, label: c }))}
          onChange={(currency) => setDraft({ ...draft, currency })}
        />
      )}
      <Button type="submit">Show statement</Button>
    </form>
  );
}

function Summary({ s }: { s: StatementAnswer }) {
  const balance = (minor: number) => formatBalance(minor, s.currency);
  const items = [
    ["Opening balance", balance(s.activity.openingMinor)],
    ["Invoiced and debited", formatMoney(s.activity.totalDebitMinor, s.currency)],
    ["Received and credited", formatMoney(s.activity.totalCreditMinor, s.currency)],
    ["Closing balance", balance(s.activity.closingMinor)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map(([label, value]) => (
        <Card key={label} className="p-3 sm:p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="mt-1 font-semibold tabular-nums">{value}</dd>
        </Card>
      ))}
    </dl>
  );
}

function ShareLink({ clientId, ask }: { clientId: string; ask: StatementAsk }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    try {
      setUrl((await shareStatement(clientId, ask)).url);
    } catch (error) {
      toast.error("Could not make the link", { description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  if (!url)
    return (
      <Button variant="outline" busy={busy} onClick={share}>
        {!busy && <Link2 className="h-4 w-4" aria-hidden="true" />}
        Share link
      </Button>
    );
  return (
    <div className="flex w-full min-w-0 flex-wrap items-center gap-2" data-testid="statement-link">
      <Input readOnly value={url} aria-label="Public link of the statement" className="min-w-0 flex-1" />
      <Button variant="outline" onClick={() => void copyLink(url)}>
        <Copy className="h-4 w-4" aria-hidden="true" />
        Copy
      </Button>
      <a
        className="inline-flex items-center gap-1 text-sm text-primary underline"
        href={url}
        target="_blank"
        rel="noreferrer"
      >
        <ExternalLink className="h-4 w-4" aria-hidden="true" />
        Open
      </a>
    </div>
  );
}

export function StatementPage() {
  const { id = "" } = useParams();
  const [ask, setAsk] = useState<StatementAsk>({ from: "", to: "", currency: "" });
  const [tab, setTab] = useState<"activity" | "open">("activity");
  const [sending, setSending] = useState(false);
  const query = useQuery(statementQuery(id, ask));
  const s = query.data;
  // The period the server chose, so every action names the same one as the tables.
  const shown: StatementAsk = s ? { from: s.from, to: s.to, currency: s.currency } : ask;
  const pdf = useDownloadPdf();
  const csv = useFileDownload();
  const maySend = useMay("documents.write");
  const mayExport = useMay("reports.read");
  const name = s ? s.client.company || s.client.name : "";

  return (
    <div className="space-y-4">
      <Link
        to="/clients"
        className="inline-flex items-center gap-1 text-sm text-primary underline underline-offset-2"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Clients
      </Link>
      <PageHeader
        title={name ? `Statement of account: ${name}` : "Statement of account"}
        description="Every invoice, note and payment of the period with a running balance, and what is still owed, aged by due date."
      />
      <Card className="space-y-4 p-4">
        <PeriodForm
          key={`${shown.from}-${shown.to}-${shown.currency}`}
          ask={shown}
          onAsk={setAsk}
          currencies={s?.currencies ?? []}
        />
        {s && (
          <>
            <p className="text-sm text-muted-foreground" data-testid="statement-period">
              {formatPageDate(s.from)} to {formatPageDate(s.to)} · {s.currency}
              {query.isFetching ? " · updating…" : ""}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                busy={pdf.downloadingId === id}
                onClick={() =>
                  void pdf.download({
                    id,
                    invoiceNumber: `statement-${s.from}-${s.to}`,
                    pdfUrl: statementPdfUrl(id, shown),
                  })
                }
              >
                {pdf.downloadingId !== id && <Download className="h-4 w-4" aria-hidden="true" />}
                Download PDF
              </Button>
              {mayExport && (
                <>
                  <Button
                    variant="outline"
                    busy={csv.running === "activity"}
                    disabled={csv.running !== null}
                    onClick={() =>
                      void csv.run("activity", statementCsvUrl(id, shown, "activity"), "statement.csv")
                    }
                  >
                    <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
                    CSV
                  </Button>
                  <Button
                    variant="outline"
                    busy={csv.running === "open_items"}
                    disabled={csv.running !== null}
                    onClick={() =>
                      void csv.run(
                        "open_items",
                        statementCsvUrl(id, shown, "open_items"),
                        "statement-open-items.csv",
                      )
                    }
                  >
                    <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
                    Open items CSV
                  </Button>
                </>
              )}
              {maySend && (
                <>
                  <Button variant="outline" onClick={() => setSending(true)}>
                    <Mail className="h-4 w-4" aria-hidden="true" />
                    Send statement
                  </Button>
                  <ShareLink key={`${s.from}-${s.to}-${s.currency}`} clientId={id} ask={shown} />
                </>
              )}
            </div>
          </>
        )}
      </Card>
      <AdvancesCard clientId={id} />
      <Loaded query={query} loading="Loading the statement" errorTitle="Could not load the statement">
        {() =>
          s ? (
            <>
              <Summary s={s} />
              <Tabs
                label="Statements"
                value={tab}
                onChange={setTab}
                tabs={[
                  { value: "activity", label: "Activity", content: <ActivityTable s={s} /> },
                  { value: "open", label: "Open items and ageing", content: <OpenItemsTable s={s} /> },
                ]}
              />
              {sending && (
                <SendDialog
                  open={sending}
                  onOpenChange={setSending}
                  invoiceId={id}
                  query={{ from: s.from, to: s.to, currency: s.currency }}
                  draft={{
                    to: s.client.email,
                    subject: DEFAULT_STATEMENT_SUBJECT,
                    message: DEFAULT_STATEMENT_MESSAGE,
                  }}
                  document={{ send: "POST /api/statements/:id/send", sentTitle: "Statement sent" }}
                />
              )}
            </>
          ) : null
        }
      </Loaded>
    </div>
  );
}
