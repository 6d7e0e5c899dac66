import { BellRing } from "lucide-react";
import type { FormEvent } from "react";
import { toast } from "sonner";
import type { ReminderSettingsAnswer } from "#contract/payment-gateway";
import { REMINDER_HOUR } from "#domain/reminders";
import { call, queryKeyOf } from "#web/api";
import { Button } from "#web/components/ui/button";
import { LoadingCard, SectionCard } from "#web/components/ui/card";
import { TextField } from "#web/components/ui/input";
import { flagBinder, textBinder } from "#web/lib/form";
import { Switch } from "./Switch";
import { useSavedForm } from "./useSavedForm";

// Settings → Payment reminders: polite e-mails to clients about unpaid invoices, on a schedule
// set by the due date. Off until switched on.

const KEY = queryKeyOf("GET /api/settings/reminders");

type Form = {
  enabled: boolean;
  daysBefore: string;
  onDueDate: boolean;
  everyDaysAfter: string;
  maxReminders: string;
};

const toForm = (r: ReminderSettingsAnswer): Form => ({
  enabled: r.enabled,
  onDueDate: r.onDueDate,
  daysBefore: String(r.daysBefore),
  everyDaysAfter: String(r.everyDaysAfter),
  maxReminders: String(r.maxReminders),
});

const saveReminders = (body: ReminderSettingsAnswer) => call("PUT /api/settings/reminders", { body });

export function RemindersCard() {
  const { form, set, errors, saving } = useSavedForm({
    queryKey: KEY,
    load: () => call("GET /api/settings/reminders"),
    save: saveReminders,
    toForm,
    onSaved: (saved) =>
      toast.success("Reminders saved", {
        description: saved.enabled ? "Clients get reminders from now on." : "Reminders are off.",
      }),
    failedTitle: "Could not save reminders",
  });
  if (!form) return <LoadingCard label="Loading reminders…" />;
  const text = textBinder(form, errors, set);
  const flag = flagBinder(form, set);
  const number = (key: "daysBefore" | "everyDaysAfter" | "maxReminders", label: string, hint: string) => (
    <TextField label={label} hint={hint} type="number" inputMode="numeric" min={0} {...text(key)} />
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    saving.mutate({
      enabled: form.enabled,
      onDueDate: form.onDueDate,
      daysBefore: Number(form.daysBefore),
      everyDaysAfter: Number(form.everyDaysAfter),
      maxReminders: Number(form.maxReminders),
    });
  }
  return (
    <SectionCard
      id="reminders-heading"
      icon={<BellRing className="h-5 w-5" aria-hidden="true" />}
      title="Payment reminders"
      description={`A short, polite e-mail with the invoice's link to clients who have not paid, from ${REMINDER_HOUR}:00 your time. Drafts, paid and cancelled invoices get none; you can stop them for one invoice from that invoice.`}
    >
      <form
        onSubmit={submit}
        noValidate
        className="mt-4 grid gap-4 md:grid-cols-2"
        aria-label="Payment reminders"
      >
        <div className="md:col-span-2">
          <Switch label="Send payment reminders" {...flag("enabled")} />
        </div>
        {number("daysBefore", "Days before the due date", "0 for none.")}
        <div className="self-end pb-2">
          <Switch label="On the due date" {...flag("onDueDate")} />
        </div>
        {number("everyDaysAfter", "Then every … days while overdue", "0 for none.")}
        {number(
          "maxReminders",
          "At most … reminders per invoice",
          "Counting those before and after the due date.",
        )}
        <div className="md:col-span-2">
          <Button type="submit" busy={saving.isPending}>
            Save reminders
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
