import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Repeat } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { RecurringProfileAnswer } from "#contract/recurring";
import { formatPageDate } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { RECURRING_STATUS_LABELS } from "#domain/recurring";
import { ApiError, call, callQuery, resourceKey } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog, Dialog } from "#web/components/ui/lazy-dialog";
import { PageHeader } from "#web/components/ui/page";
import { useMay } from "#web/features/members/role";
import { ActionFields, EndFields, useRecurringChoices } from "./RecurringChoices";

// Recurring invoices: every profile with its next date, what it made, and pause, resume, stop.

const KEY = resourceKey("recurring");
const ACTION_LABELS = { draft: "Drafts", issue: "Issued", send: "Issued and e-mailed" } as const;

function History({ id }: { id: string }) {
  const query = useQuery(callQuery("GET /api/recurring/:id", { params: { id } }));
  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  const runs = query.data?.runs ?? [];
  if (runs.length === 0) return <p className="text-sm text-muted-foreground">No invoice made yet.</p>;
  return (
    <ul className="space-y-1 text-sm" aria-label="History">
      {runs.map((r) => (
        <li key={r.periodIndex} className="flex flex-wrap gap-2">
          <span className="tabular-nums">{formatPageDate(r.periodDate)}</span>
          {r.outcome === "created" && r.invoiceId ? (
            <Link className="text-primary underline" to={`/invoice/edit/${encodeURIComponent(r.invoiceId)}`}>
              {r.invoiceNumber ?? "Invoice"}
            </Link>
          ) : r.outcome === "created" ? (
            <span>{r.invoiceNumber} (deleted)</span>
          ) : (
            <span className="text-muted-foreground">Skipped (paused)</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Changes what the profile's future periods do; the frequency and first date stay (start another profile to change them). */
function EditDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: RecurringProfileAnswer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const choices = useRecurringChoices({ ...profile, end: profile.schedule.end });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      call("PUT /api/recurring/:id", {
        params: { id: profile.id },
        body: choices.values,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      toast.success("Saved: the next invoices follow it");
      onOpenChange(false);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error("Could not save it", { description: (error as Error).message });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change recurring invoice"
      description={`${profile.frequency} from ${formatPageDate(profile.schedule.startDate)}. Changes apply to the invoices not made yet.`}
    >
      <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Change recurring invoice">
        <ActionFields choices={choices} errors={errors} attachNote="Attach the PDF (1 credit each time)" />
        <EndFields
          choices={choices}
          errors={{ end: errors.end, count: errors["end.count"], date: errors["end.date"] }}
        />
        <div>
          <Button type="submit" busy={save.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ProfileCard({ profile }: { profile: RecurringProfileAnswer }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [editing, setEditing] = useState(false);
  const change = useMutation({
    mutationFn: (verb: "pause" | "resume" | "stop") =>
      call(`POST /api/recurring/:id/${verb}`, { params: { id: profile.id }, body: {} }),
    onSuccess: (_p, verb) => {
      setStopping(false);
      void queryClient.invalidateQueries({ queryKey: KEY });
      toast.success(verb === "pause" ? "Paused" : verb === "resume" ? "Resumed" : "Stopped");
    },
    onError: (error) => toast.error("Could not change it", { description: (error as Error).message }),
  });
  const who = profile.clientName || "No client";
  const mayManage = useMay("recurring.manage");
  return (
    <Card className="space-y-3 p-4" data-testid="recurring-profile">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate font-semibold">{who}</h2>
          <p className="text-sm text-muted-foreground">
            {profile.frequency} · {formatMoney(profile.totalMinor, profile.currency)} ·{" "}
            {ACTION_LABELS[profile.action]}
            {profile.action === "send" && profile.attachPdf ? " with the PDF" : ""}
          </p>
        </div>
        <span
          className="rounded-full border border-border px-2 py-0.5 text-xs font-semibold"
          data-testid="recurring-status"
        >
          {RECURRING_STATUS_LABELS[profile.status]}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Next invoice</dt>
          <dd data-testid="recurring-next">{profile.nextDate ? formatPageDate(profile.nextDate) : "—"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Invoices made</dt>
          <dd data-testid="recurring-made">{profile.invoicesMade}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Last invoice</dt>
          <dd>
            {profile.lastInvoiceId ? (
              <Link
                className="text-primary underline"
                to={`/invoice/edit/${encodeURIComponent(profile.lastInvoiceId)}`}
              >
                Open
              </Link>
            ) : (
              "—"
            )}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        {mayManage && profile.status === "active" && (
          <Button size="sm" variant="outline" busy={change.isPending} onClick={() => change.mutate("pause")}>
            Pause
          </Button>
        )}
        {mayManage && profile.status === "paused" && (
          <Button size="sm" variant="outline" busy={change.isPending} onClick={() => change.mutate("resume")}>
            Resume
          </Button>
        )}
        {mayManage && profile.status !== "finished" && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Change
          </Button>
        )}
        {mayManage && profile.status !== "finished" && (
          <Button size="sm" variant="outline" onClick={() => setStopping(true)}>
            Stop
          </Button>
        )}
        <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? "Hide history" : "History"}
        </Button>
      </div>
      {open && <History id={profile.id} />}
      {editing && <EditDialog profile={profile} open={editing} onOpenChange={setEditing} />}
      <ConfirmDialog
        open={stopping}
        onOpenChange={setStopping}
        title="Stop this recurring invoice?"
        description="No more invoices are made from it. The invoices already made stay."
        confirmLabel="Stop"
        busy={change.isPending}
        onConfirm={() => change.mutate("stop")}
      />
    </Card>
  );
}

export function RecurringPage() {
  const query = useQuery(callQuery("GET /api/recurring"));
  return (
    <>
      <PageHeader
        title="Recurring invoices"
        description="Invoices Bahi makes on a schedule. To start one, open an invoice and choose Make recurring."
      />
      {query.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading recurring invoices…
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load them. {(query.error as Error).message}
        </p>
      ) : query.data.items.length === 0 ? (
        <Card className="flex items-center gap-3 p-6 text-sm text-muted-foreground">
          <Repeat className="h-5 w-5" aria-hidden="true" />
          No recurring invoices yet. Open an invoice and choose <strong>Make recurring</strong>.
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {query.data.items.map((p) => (
            <ProfileCard key={p.id} profile={p} />
          ))}
        </div>
      )}
    </>
  );
}
