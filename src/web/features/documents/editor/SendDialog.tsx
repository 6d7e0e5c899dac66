import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import type { ApiKey } from "#contract";
import { MAX_RECIPIENTS_PER_FIELD } from "#domain/mail-limits";
import { parseEmailList } from "#domain/send";
import { ApiError, api, queryKeyOf, resourceKey, urlOf } from "#web/api";
import { Button } from "#web/components/ui/button";
import { CheckboxField, TextareaField, TextField } from "#web/components/ui/input";
import { Dialog } from "#web/components/ui/lazy-dialog";
import { openTopUpDialog } from "#web/features/credits/useTopUpDialog";
import { textBinder } from "#web/lib/form";

// Send by e-mail: to the client (several addresses allowed), with a copy, the subject and message
// filled from the template, and the PDF attached if wanted (one credit, as a download).

/** The route a document is sent by: "POST /api/quotes/:id/send". */
export type SendKey = Extract<ApiKey, `POST ${string}/:id/send`>;
type ActivityKey = Extract<ApiKey, `GET ${string}/:id/activity`>;

/** The sent document's activity, which the send adds to. */
const activityKey = (send: SendKey, id: string) =>
  queryKeyOf(send.replace(/^POST (.*)\/send$/, "GET $1/activity") as ActivityKey, { params: { id } });

export interface SendDraft {
  to: string;
  subject: string;
  message: string;
}

export function SendDialog({
  open,
  onOpenChange,
  invoiceId,
  draft,
  document = { send: "POST /api/invoices/:id/send", sentTitle: "Invoice sent" },
  query,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  invoiceId: string;
  draft: SendDraft;
  /** Another document sent the same way (a quote): its send route, and the toast's title. */
  document?: { send: SendKey; sentTitle: string };
  /** The query the send route takes besides the id (a statement's period and currency). */
  query?: Record<string, string>;
  onSent?: () => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ ...draft, cc: "", attachPdf: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = textBinder(form, errors, set);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const to = parseEmailList(form.to);
    const cc = parseEmailList(form.cc);
    const found: Record<string, string> = {};
    if (to.emails.length === 0) found.to = "Enter the client's e-mail address.";
    else if (to.invalid) found.to = `${to.invalid} is not an e-mail address.`;
    else if (to.emails.length > MAX_RECIPIENTS_PER_FIELD)
      found.to = `At most ${MAX_RECIPIENTS_PER_FIELD} addresses.`;
    if (cc.invalid) found.cc = `${cc.invalid} is not an e-mail address.`;
    else if (cc.emails.length > MAX_RECIPIENTS_PER_FIELD)
      found.cc = `At most ${MAX_RECIPIENTS_PER_FIELD} addresses.`;
    if (!form.subject.trim()) found.subject = "Subject is required.";
    if (!form.message.trim()) found.message = "Message is required.";
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const path = document.send.slice("POST ".length);
      await api(urlOf(path, { params: { id: invoiceId }, query }), {
        method: "POST",
        body: {
          to: to.emails,
          cc: cc.emails,
          subject: form.subject,
          message: form.message,
          attachPdf: form.attachPdf,
        },
      });
      if (form.attachPdf) void queryClient.invalidateQueries({ queryKey: resourceKey("credits") });
      void queryClient.invalidateQueries({ queryKey: activityKey(document.send, invoiceId) });
      toast.success(document.sentTitle, { description: `E-mailed to ${to.emails.join(", ")}.` });
      onSent?.();
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        toast.error("No credits left to attach the PDF", {
          description: "Buy credits, or send the link alone: it costs nothing.",
        });
        openTopUpDialog();
      } else if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else toast.error("Could not send", { description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Send by e-mail" className="max-w-xl">
      <form className="space-y-3" onSubmit={submit} noValidate aria-label="Send by e-mail">
        <TextField
          label="To"
          hint="Up to 5 addresses: separate them with commas."
          type="text"
          inputMode="email"
          {...text("to")}
        />
        <TextField label="Cc" type="text" inputMode="email" {...text("cc")} />
        <TextField label="Subject" maxLength={200} {...text("subject")} />
        <TextareaField label="Message" rows={8} maxLength={5000} {...text("message")} />
        <CheckboxField
          label="Attach the PDF (1 credit; the link alone is free)"
          checked={form.attachPdf}
          onChange={(on) => set("attachPdf", on)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Send
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
