import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import type { ReminderSettingsAnswer } from "#contract/payment-gateway";
import { REMINDER_HOUR } from "#domain/reminders";
import { ApiError, call, queryKeyOf } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Field, Input } from "#web/components/ui/input";
import { Switch } from "./Switch";

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

export function RemindersCard() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => call("GET /api/settings/reminders") });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (query.data) setForm(toForm(query.data));
  }, [query.data]);
  const save = useMutation({
    mutationFn: (body: ReminderSettingsAnswer) => call("PUT /api/settings/reminders", { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      setErrors({});
      toast.success("Reminders saved", {
        description: saved.enabled ? "Clients get reminders from now on." : "Reminders are off.",
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error("Could not save reminders", { description: (error as Error).message });
    },
  });
  if (!form) {
    return (
      <Card>
        <p className="text-sm text-muted-foreground" role="status">
          Loading reminders…
        </p>
      </Card>
    );
  }
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));
  const number = (key: "daysBefore" | "everyDaysAfter" | "maxReminders", label: string, hint: string) => (
    <Field label={label} error={errors[key]} hint={hint}>
      {(p) => (
        <Input
          {...p}
          type="number"
          inputMode="numeric"
          min={0}
          value={form[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </Field>
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    save.mutate({
      enabled: form.enabled,
      onDueDate: form.onDueDate,
      daysBefore: Number(form.daysBefore),
      everyDaysAfter: Number(form.everyDaysAfter),
      maxReminders: Number(form.maxReminders),
    });
  }
  return (
    <Card role="region" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading" className="flex items-center gap-2 text-lg font-semibold">
        <BellRing className="h-5 w-5" aria-hidden="true" />
        Payment reminders
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A short, polite e-mail with the invoice's link to clients who have not paid, from {REMINDER_HOUR}:00
        your time. Drafts, paid and cancelled invoices get none; you can stop them for one invoice from that
        invoice.
      </p>
      <form
        onSubmit={submit}
        noValidate
        className="mt-4 grid gap-4 md:grid-cols-2"
        aria-label="Payment reminders"
      >
        <div className="md:col-span-2">
          <Switch label="Send payment reminders" checked={form.enabled} onChange={(v) => set("enabled", v)} />
        </div>
        {number("daysBefore", "Days before the due date", "0 for none.")}
        <div className="self-end pb-2">
          <Switch label="On the due date" checked={form.onDueDate} onChange={(v) => set("onDueDate", v)} />
        </div>
        {number("everyDaysAfter", "Then every … days while overdue", "0 for none.")}
        {number(
          "maxReminders",
          "At most … reminders per invoice",
          "Counting those before and after the due date.",
        )}
        <div className="md:col-span-2">
          <Button type="submit" busy={save.isPending}>
            Save reminders
          </Button>
        </div>
      </form>
    </Card>
  );
}
