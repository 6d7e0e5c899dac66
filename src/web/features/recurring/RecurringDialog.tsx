import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { RecurringProfileAnswer } from "#contract/recurring";
import { formatPageDate } from "#domain/dates";
import type { RecurrenceRule } from "#domain/recurring";
import { ApiError, call } from "#web/api";
import { Button } from "#web/components/ui/button";
import { choicesOf, SelectField, TextField } from "#web/components/ui/input";
import { ConfirmDialog, Dialog } from "#web/components/ui/lazy-dialog";
import { useInvalidate } from "#web/lib/useInvalidate";
import { ActionFields, EndFields, useRecurringChoices } from "./RecurringChoices";

// "Make recurring" on an invoice: how often, from when, until when, and what each period does.

/** The choices of "How often", in the menu's order. */
const FREQUENCIES = {
  weekly: "Weekly",
  weeks: "Every few weeks",
  monthly: "Monthly, on the start date's day",
  monthly_last: "Monthly, on the last day",
  months: "Every few months",
  quarterly: "Quarterly",
  half_yearly: "Half-yearly",
  yearly: "Yearly",
};
type Frequency = keyof typeof FREQUENCIES;
const FREQUENCY_CHOICES = choicesOf(Object.keys(FREQUENCIES) as Frequency[], FREQUENCIES);

function ruleOf(frequency: Frequency, every: number): RecurrenceRule {
  switch (frequency) {
    case "weekly":
      return { unit: "week", every: 1 };
    case "weeks":
      return { unit: "week", every };
    case "monthly":
      return { unit: "month", every: 1, day: "start" };
    case "monthly_last":
      return { unit: "month", every: 1, day: "last" };
    case "months":
      return { unit: "month", every, day: "start" };
    case "quarterly":
      return { unit: "month", every: 3, day: "start" };
    case "half_yearly":
      return { unit: "month", every: 6, day: "start" };
    case "yearly":
      return { unit: "month", every: 12, day: "start" };
  }
}

export function RecurringDialog({
  invoiceId,
  startDate,
  dueDays,
  open,
  onOpenChange,
}: {
  invoiceId: string;
  /** The first invoice's date as offered: the user's today. */
  startDate: string;
  dueDays: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const invalidate = useInvalidate("recurring", "invoices");
  const [frequency, setFrequency] = useState<Frequency>("monthly");
  const [every, setEvery] = useState("2");
  const [start, setStart] = useState(startDate);
  const choices = useRecurringChoices({ action: "issue", attachPdf: false, dueDays, end: { type: "never" } });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<string | null>(null);
  const [saved, setSaved] = useState<RecurringProfileAnswer | null>(null);

  const body = (confirmPast: boolean) => {
    const { end, ...each } = choices.values;
    return {
      schedule: { rule: ruleOf(frequency, Number(every)), startDate: start, end },
      ...each,
      confirmPast,
    };
  };
  const create = useMutation({
    mutationFn: (confirmPast: boolean) =>
      call("POST /api/invoices/:id/recurring", { params: { id: invoiceId }, body: body(confirmPast) }),
    onSuccess: (profile) => {
      setConfirming(null);
      setErrors({});
      setSaved(profile);
      void invalidate();
      toast.success("Recurring invoice saved", {
        description: `${profile.frequency}; next on ${profile.nextDate ? formatPageDate(profile.nextDate) : "—"}.`,
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "confirmation_needed") {
        setConfirming(error.message);
        return;
      }
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error("Could not make it recurring", { description: (error as Error).message });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(false);
  }
  const err = (...keys: string[]) => keys.map((k) => errors[k]).find(Boolean);

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Make recurring"
        description="Bahi makes a copy of this invoice on each date, with the period's dates and the next number."
      >
        {saved ? (
          <div className="space-y-3" role="status">
            <p className="text-sm">
              {saved.frequency}, next on{" "}
              <strong>{saved.nextDate ? formatPageDate(saved.nextDate) : "—"}</strong>.{" "}
              {saved.invoicesMade > 0 && `${saved.invoicesMade} made now.`}
            </p>
            <div className="flex flex-wrap gap-2">
              <Link
                to="/recurring"
                className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground hover:bg-primary/90"
              >
                See recurring invoices
              </Link>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
            </div>
          </div>
        ) : (
          <form
            onSubmit={submit}
            noValidate
            className="grid gap-3 sm:grid-cols-2"
            aria-label="Make recurring"
          >
            <SelectField
              label="How often"
              className="sm:col-span-2"
              error={err("schedule.rule", "schedule")}
              options={FREQUENCY_CHOICES}
              value={frequency}
              onChange={setFrequency}
            />
            {(frequency === "weeks" || frequency === "months") && (
              <TextField
                label={frequency === "weeks" ? "Every … weeks" : "Every … months"}
                error={err("schedule.rule.every")}
                type="number"
                min={1}
                max={99}
                value={every}
                onChange={setEvery}
              />
            )}
            <TextField
              label="First invoice on"
              error={err("schedule.startDate")}
              type="date"
              value={start}
              onChange={setStart}
            />
            <EndFields
              choices={choices}
              errors={{
                end: err("schedule.end"),
                count: err("schedule.end.count"),
                date: err("schedule.end.date"),
              }}
            />
            <ActionFields
              choices={choices}
              errors={{ action: err("action"), dueDays: err("dueDays") }}
              attachNote="Attach the PDF (1 credit each time; at zero credits the link goes alone)"
              wide="sm:col-span-2"
            />
            <div className="flex items-end sm:col-span-2">
              <Button type="submit" busy={create.isPending && !confirming}>
                Save recurring invoice
              </Button>
            </div>
          </form>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title="Make the invoices already due?"
        description={confirming ?? ""}
        confirmLabel="Create them"
        busy={create.isPending}
        onConfirm={() => create.mutate(true)}
      />
    </>
  );
}
