import { Mail } from "lucide-react";
import type { FormEvent } from "react";
import { toast } from "sonner";
import { DEFAULT_MAIL_TEMPLATES, type MailTemplates } from "#domain/send";
import { call } from "#web/api";
import { Button } from "#web/components/ui/button";
import { LoadingCard, SectionCard } from "#web/components/ui/card";
import { TextareaField, TextField } from "#web/components/ui/input";
import { textBinder } from "#web/lib/form";
import { MAIL_TEMPLATES_KEY } from "./mailTemplatesQuery";
import { useSavedForm } from "./useSavedForm";

// Settings → E-mail templates: the subject and message the send dialog starts from, and those of
// payment reminders. Placeholders are filled for each invoice.

const FIELDS: { key: keyof MailTemplates; label: string; long: boolean }[] = [
  { key: "sendSubject", label: "Subject when sending an invoice", long: false },
  { key: "sendMessage", label: "Message when sending an invoice", long: true },
  { key: "reminderSubject", label: "Subject of a payment reminder", long: false },
  { key: "reminderMessage", label: "Message of a payment reminder", long: true },
];

const sameForm = (templates: MailTemplates) => templates;
const saveTemplates = (body: MailTemplates) => call("PUT /api/settings/mail-templates", { body });

export function MailTemplatesCard() {
  const { form, setForm, set, errors, saving } = useSavedForm({
    queryKey: MAIL_TEMPLATES_KEY,
    load: () => call("GET /api/settings/mail-templates"),
    save: saveTemplates,
    toForm: sameForm,
    onSaved: () => toast.success("E-mail templates saved"),
    failedTitle: "Could not save the templates",
  });
  if (!form) return <LoadingCard label="Loading e-mail templates…" />;
  const text = textBinder(form, errors, set);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (form) saving.mutate(form);
  }
  return (
    <SectionCard
      id="mail-templates-heading"
      icon={<Mail className="h-5 w-5" aria-hidden="true" />}
      title="E-mail templates"
      description={
        <>
          What your e-mails about invoices say. These are filled in for each invoice:{" "}
          <code>{"{client_name}"}</code>, <code>{"{invoice_number}"}</code>, <code>{"{amount}"}</code>,{" "}
          <code>{"{due_date}"}</code>, <code>{"{link}"}</code>, <code>{"{business_name}"}</code>; in reminders
          also <code>{"{reminder}"}</code> ("Reminder:" or "Reminder: overdue") and <code>{"{is_was}"}</code>.
          You can still change each e-mail before sending it.
        </>
      }
    >
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4" aria-label="E-mail templates">
        {FIELDS.map(({ key, label, long }) =>
          long ? (
            <TextareaField key={key} label={label} rows={10} {...text(key)} />
          ) : (
            <TextField key={key} label={label} {...text(key)} />
          ),
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={saving.isPending}>
            Save templates
          </Button>
          <Button type="button" variant="outline" onClick={() => setForm(DEFAULT_MAIL_TEMPLATES)}>
            Use Bahi's wording
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
