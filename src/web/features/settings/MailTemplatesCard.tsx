import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { DEFAULT_MAIL_TEMPLATES, type MailTemplates } from "#domain/send";
import { ApiError, call } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Field, Input, Textarea } from "#web/components/ui/input";
import { MAIL_TEMPLATES_KEY } from "./mailTemplatesQuery";

// Settings → E-mail templates: the subject and message the send dialog starts from, and those of
// payment reminders. Placeholders are filled for each invoice.

const FIELDS: { key: keyof MailTemplates; label: string; long: boolean }[] = [
  { key: "sendSubject", label: "Subject when sending an invoice", long: false },
  { key: "sendMessage", label: "Message when sending an invoice", long: true },
  { key: "reminderSubject", label: "Subject of a payment reminder", long: false },
  { key: "reminderMessage", label: "Message of a payment reminder", long: true },
];

export function MailTemplatesCard() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: MAIL_TEMPLATES_KEY,
    queryFn: () => call("GET /api/settings/mail-templates"),
  });
  const [form, setForm] = useState<MailTemplates | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (query.data) setForm(query.data);
  }, [query.data]);
  const save = useMutation({
    mutationFn: (body: MailTemplates) => call("PUT /api/settings/mail-templates", { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(MAIL_TEMPLATES_KEY, saved);
      setErrors({});
      toast.success("E-mail templates saved");
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error("Could not save the templates", { description: (error as Error).message });
    },
  });
  if (!form) {
    return (
      <Card>
        <p className="text-sm text-muted-foreground" role="status">
          Loading e-mail templates…
        </p>
      </Card>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (form) save.mutate(form);
  }
  return (
    <Card role="region" aria-labelledby="mail-templates-heading">
      <h2 id="mail-templates-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Mail className="h-5 w-5" aria-hidden="true" />
        E-mail templates
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        What your e-mails about invoices say. These are filled in for each invoice:{" "}
        <code>{"{client_name}"}</code>, <code>{"{invoice_number}"}</code>, <code>{"{amount}"}</code>,{" "}
        <code>{"{due_date}"}</code>, <code>{"{link}"}</code>, <code>{"{business_name}"}</code>; in reminders
        also <code>{"{reminder}"}</code> ("Reminder:" or "Reminder: overdue") and <code>{"{is_was}"}</code>.
        You can still change each e-mail before sending it.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4" aria-label="E-mail templates">
        {FIELDS.map(({ key, label, long }) => (
          <Field key={key} label={label} error={errors[key]}>
            {(p) =>
              long ? (
                <Textarea
                  {...p}
                  rows={10}
                  value={form[key]}
                  onChange={(e) => setForm({ ...form, [key]: e.target.value })}
                />
              ) : (
                <Input
                  {...p}
                  value={form[key]}
                  onChange={(e) => setForm({ ...form, [key]: e.target.value })}
                />
              )
            }
          </Field>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={save.isPending}>
            Save templates
          </Button>
          <Button type="button" variant="outline" onClick={() => setForm(DEFAULT_MAIL_TEMPLATES)}>
            Use Bahi's wording
          </Button>
        </div>
      </form>
    </Card>
  );
}
