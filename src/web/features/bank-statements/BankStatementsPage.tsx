import { useMutation, useQuery } from "@tanstack/react-query";
import { type Dispatch, type ReactNode, type SetStateAction, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { ConfirmAllocation as Allocation, BankLine } from "#contract/bank-statements";
import type { AdvanceBody } from "#contract/client-advances";
import { formatPageDate } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { formatTdsRate, sectionsForRate } from "#domain/tds";
import { call, callQuery } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Field, Options, Select } from "#web/components/ui/input";
import { PageHeader } from "#web/components/ui/page";
import { Loaded } from "#web/components/ui/states";
import { useInvalidate } from "#web/lib/useInvalidate";
import { AdvanceForm } from "./AdvanceForm";
import { SplitForm } from "./SplitForm";
import { StatementImport } from "./StatementImport";

// Reports -> Bank statements (issue 33, decision 0083): import a statement, the credits waiting for
// review with their likely invoices (one click confirms), and the ones matched (each can be undone).

const money = (minor: number) => formatMoney(minor, "INR");

type LineAction =
  | { kind: "confirm"; id: string; allocations: Allocation[] }
  | { kind: "advance"; id: string; clientId: string; gst: AdvanceBody["gst"] }
  | { kind: "ignore" | "undo"; id: string };

function useLineAction() {
  const invalidate = useInvalidate("bank-statements", "invoices");
  return useMutation({
    mutationFn: (a: LineAction) =>
      a.kind === "confirm"
        ? call("POST /api/bank-statements/lines/:id/confirm", {
            params: { id: a.id },
            body: { allocations: a.allocations },
          })
        : a.kind === "advance"
          ? call("POST /api/bank-statements/lines/:id/advance", {
              params: { id: a.id },
              body: { clientId: a.clientId, gst: a.gst },
            })
          : a.kind === "ignore"
            ? call("POST /api/bank-statements/lines/:id/ignore", { params: { id: a.id }, body: {} })
            : call("POST /api/bank-statements/lines/:id/undo", { params: { id: a.id }, body: {} }),
    onSuccess: async (line, a) => {
      await invalidate();
      const what = line.payments.map((p) => p.invoiceNumber).join(", ");
      toast.success(
        a.kind === "confirm"
          ? `Payment recorded on ${what}`
          : a.kind === "undo"
            ? "Match undone: the payment is removed"
            : a.kind === "advance"
              ? "Recorded as an advance of the client"
              : "Set aside",
      );
    },
    onError: (error) => toast.error("Nothing changed", { description: (error as Error).message }),
  });
}

function LineHead({ line }: { line: BankLine }) {
  return (
    <div className="min-w-0 space-y-1">
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="font-semibold tabular-nums">{money(line.amountMinor)}</span>
        <span className="text-sm text-muted-foreground">{formatPageDate(line.txnDate)}</span>
        {line.payerName && <span className="text-sm">{line.payerName}</span>}
      </p>
      <p className="break-all text-xs text-muted-foreground">{line.narration}</p>
    </div>
  );
}

/**
 * One likely invoice: Confirm records the credit on it. A credit that is the balance less TDS
 * (decision 0097) is confirmed with that TDS, under the section the user picks.
 */
function SuggestionRow({
  suggestion: s,
  busy,
  onConfirm,
}: {
  suggestion: BankLine["suggestions"][number];
  busy: boolean;
  onConfirm: (allocation: Allocation) => void;
}) {
  const [section, setSection] = useState(s.tds?.section ?? "");
  const tds = s.tds;
  const what = tds ? `${money(s.amountMinor)} + TDS ${money(tds.tdsMinor)}` : money(s.amountMinor);
  return (
    <li className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <span className="text-sm">
        <span className="font-medium">{s.invoiceNumber}</span> · {s.clientName}{" "}
        <span className="text-muted-foreground">({s.reason})</span>
      </span>
      <span className="flex flex-wrap items-end gap-2">
        {tds && (
          <Field label={`TDS section (${formatTdsRate(tds.rateBp)})`} className="w-44">
            {(props) => (
              <Select {...props} value={section} onChange={(e) => setSection(e.target.value)}>
                <Options of={sectionsForRate(tds.rateBp)} label={(code) => code} />
              </Select>
            )}
          </Field>
        )}
        <Button
          size="sm"
          busy={busy}
          aria-label={`Confirm ${what} on ${s.invoiceNumber}`}
          onClick={() =>
            onConfirm({
              invoiceId: s.invoiceId,
              amountMinor: s.amountMinor,
              ...(tds ? { tds: { tdsMinor: tds.tdsMinor, tdsSection: section, tdsRateBp: tds.rateBp } } : {}),
            })
          }
        >
          Confirm {what}
        </Button>
        {tds && (
          <Button
            size="sm"
            variant="outline"
            busy={busy}
            aria-label={`Confirm ${money(s.amountMinor)} on ${s.invoiceNumber} without TDS`}
            onClick={() => onConfirm({ invoiceId: s.invoiceId, amountMinor: s.amountMinor })}
          >
            Without TDS
          </Button>
        )}
      </span>
    </li>
  );
}

function ReviewLine({ line }: { line: BankLine }) {
  const act = useLineAction();
  const [splitting, setSplitting] = useState(false);
  const [advancing, setAdvancing] = useState(false);
  return (
    <li className="space-y-3 border-b border-border p-4 last:border-b-0" data-testid="review-line">
      <LineHead line={line} />
      <p className="text-sm">{line.matchReason}</p>
      {line.suggestions.length > 0 && (
        <ul className="space-y-2" aria-label="Likely invoices">
          {line.suggestions.map((s) => (
            <SuggestionRow
              key={s.invoiceId}
              suggestion={s}
              busy={act.isPending}
              onConfirm={(allocation) =>
                act.mutate({ kind: "confirm", id: line.id, allocations: [allocation] })
              }
            />
          ))}
        </ul>
      )}
      {splitting && (
        <SplitForm
          line={line}
          busy={act.isPending}
          onConfirm={(allocations) => act.mutate({ kind: "confirm", id: line.id, allocations })}
        />
      )}
      {advancing && (
        <AdvanceForm
          busy={act.isPending}
          onRecord={(clientId, gst) => act.mutate({ kind: "advance", id: line.id, clientId, gst })}
        />
      )}
      <div className="flex flex-wrap gap-2">
        {line.suggestions.length > 1 && (
          <FormToggle open={splitting} onToggle={setSplitting}>
            Split across invoices
          </FormToggle>
        )}
        <FormToggle open={advancing} onToggle={setAdvancing} disabled={act.isPending}>
          Record as advance
        </FormToggle>
        <Button
          size="sm"
          variant="outline"
          disabled={act.isPending}
          onClick={() => act.mutate({ kind: "ignore", id: line.id })}
        >
          Not a client's payment
        </Button>
      </div>
    </li>
  );
}

/** A review line's button that opens or closes its form (splitting, an advance) above the buttons. */
function FormToggle({
  open,
  onToggle,
  disabled,
  children,
}: {
  open: boolean;
  onToggle: Dispatch<SetStateAction<boolean>>;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={disabled}
      aria-expanded={open}
      onClick={() => onToggle((v) => !v)}
    >
      {children}
    </Button>
  );
}

function MatchedLine({ line }: { line: BankLine }) {
  const act = useLineAction();
  return (
    <li
      className="flex flex-col gap-3 border-b border-border p-4 last:border-b-0 sm:flex-row sm:items-start sm:justify-between"
      data-testid="matched-line"
    >
      <div className="min-w-0 space-y-1">
        <LineHead line={line} />
        <p className="text-sm">
          {line.status === "matched" ? (
            <>
              Paid:{" "}
              {line.payments.map((p, i) => (
                <span key={p.paymentId}>
                  {i > 0 && ", "}
                  <Link className="text-primary underline" to={`/invoices/${p.invoiceId}`}>
                    {p.invoiceNumber}
                  </Link>{" "}
                  {money(p.amountMinor)}
                </span>
              ))}
            </>
          ) : (
            line.matchReason
          )}
        </p>
        {line.status === "matched" && <p className="text-xs text-muted-foreground">{line.matchReason}</p>}
      </div>
      <Button
        size="sm"
        variant="outline"
        busy={act.isPending}
        aria-label={`Undo ${money(line.amountMinor)} of ${formatPageDate(line.txnDate)}`}
        onClick={() => act.mutate({ kind: "undo", id: line.id })}
      >
        Undo
      </Button>
    </li>
  );
}

export function BankStatementsPage() {
  const query = useQuery(callQuery("GET /api/bank-statements/lines", { query: { limit: 500 } }));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Bank statements"
        description={
          <>
            <Link className="text-primary underline" to="/reports">
              Reports
            </Link>{" "}
            · Money in from your bank statement, matched to your invoices.
          </>
        }
      />
      <StatementImport />
      <Loaded
        query={query}
        loading="Loading the statement lines"
        errorTitle="The statement lines could not be loaded"
      >
        {(data) => <StatementLines items={data.items} />}
      </Loaded>
    </div>
  );
}

/** The lines still to review, then those matched or set aside (credits only). */
function StatementLines({ items }: { items: BankLine[] }) {
  return (
    <>
      <LinesSection
        id="review-heading"
        title="To review"
        lines={items.filter((l) => l.status === "review")}
        empty="No credit is waiting for you."
        line={(l) => <ReviewLine key={l.id} line={l} />}
      />
      <LinesSection
        id="matched-heading"
        title="Matched and set aside"
        lines={items.filter((l) => l.direction === "CR" && l.status !== "review")}
        empty="Nothing yet."
        line={(l) => <MatchedLine key={l.id} line={l} />}
      />
    </>
  );
}

/** One group of lines under its heading and count, or what to say when it has none. */
function LinesSection({
  id,
  title,
  lines,
  empty,
  line,
}: {
  id: string;
  title: string;
  lines: BankLine[];
  empty: string;
  line: (l: BankLine) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold">
        {title} ({lines.length})
      </h2>
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="rounded-lg border border-border bg-card shadow-sm">
          <ul>{lines.map(line)}</ul>
        </div>
      )}
    </section>
  );
}
