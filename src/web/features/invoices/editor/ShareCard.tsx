import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, ExternalLink, Mail, MessageCircle, RefreshCw } from "lucide-react";
import { memo, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { PaymentReport } from "#contract/public-invoices";
import { formatPageDate } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { DEFAULT_MAIL_TEMPLATES, renderSendTemplate } from "#domain/send";
import { invoiceWhatsAppMessage, whatsAppLink } from "#domain/share";
import { call, callQuery, queryKeyOf } from "#web/api";
import { Button, NewTabLink } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { CheckboxField } from "#web/components/ui/input";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { SendDialog, type SendDraft } from "#web/features/documents/editor/SendDialog";
import { useMay } from "#web/features/members/role";
import { MAIL_TEMPLATES_KEY } from "#web/features/settings/mailTemplatesQuery";
import { copyLink } from "#web/lib/copy-link";

// Share an issued invoice: its public link (copy, open, WhatsApp, replace), how often the client
// opened it, and the payments the client reported from it, to confirm or dismiss.

/** What the editor's action bar asks of the share card; `n` counts the clicks. */
export interface ShareRequest {
  kind: "email" | "whatsapp";
  n: number;
}

export const ShareCard = memo(function ShareCard({
  invoiceId,
  invoiceNumber,
  currency,
  clientName,
  clientPhone,
  clientEmail,
  companyName,
  amountMinor,
  dueDate,
  today,
  onChanged,
  sendOnOpen = false,
  request = null,
}: {
  /** The action bar asked to send by e-mail or share on WhatsApp. */
  request?: ShareRequest | null;
  invoiceId: string;
  invoiceNumber: string;
  currency: string;
  clientName: string;
  clientPhone: string;
  clientEmail: string;
  companyName: string;
  /** What the message names: the balance still due (or the total), and the due date. */
  amountMinor: number;
  dueDate: string | null;
  today: string;
  onChanged: () => Promise<void>;
  /** Opened from the list's Send button (?send=1): the send dialog opens at once. */
  sendOnOpen?: boolean;
}) {
  const params = { id: invoiceId };
  const link = useQuery(callQuery("GET /api/invoices/:id/public-link", { params }));
  // Making, renewing and sending the link, and its reminders, change the invoice's sharing: a role
  // without that (an accountant) still confirms a reported payment and reads the link (decision 0079).
  const mayShare = useMay("documents.write");
  const reports = useQuery(callQuery("GET /api/invoices/:id/payment-reports", { params }));
  const queryClient = useQueryClient();
  const refreshActivity = () =>
    queryClient.invalidateQueries({ queryKey: queryKeyOf("GET /api/invoices/:id/activity", { params }) });
  const [renewing, setRenewing] = useState(false);
  const [sending, setSending] = useState<SendDraft | null>(null);
  const make = useMutation({
    mutationFn: (renew: boolean) =>
      renew
        ? call("POST /api/invoices/:id/public-link/renew", { params, body: {} })
        : call("POST /api/invoices/:id/public-link", { params, body: {} }),
    onSuccess: (answer, renew) => {
      link.refetch();
      void refreshActivity();
      setRenewing(false);
      if (renew) toast.success("New link made", { description: "The old link no longer opens the invoice." });
      return answer;
    },
    onError: (error) => toast.error("Could not make the link", { description: (error as Error).message }),
  });
  // Shown at once; put back if the server refuses.
  const [remindersOff, setRemindersOff] = useState<boolean | null>(null);
  const reminders = useMutation({
    mutationFn: (off: boolean) => call("POST /api/invoices/:id/reminders", { params, body: { off } }),
    onSuccess: () => link.refetch(),
    onError: (error) => {
      setRemindersOff(null);
      toast.error("Could not change reminders", { description: (error as Error).message });
    },
  });
  const resolve = useMutation({
    mutationFn: async ({ report, action }: { report: PaymentReport; action: "confirm" | "dismiss" }) => {
      const of = { params: { ...params, reportId: report.id } };
      if (action === "confirm")
        await call("POST /api/invoices/:id/payment-reports/:reportId/confirm", {
          ...of,
          body: { paidOn: today },
        });
      else await call("POST /api/invoices/:id/payment-reports/:reportId/dismiss", { ...of, body: {} });
    },
    onSuccess: async (_answer, { action }) => {
      await reports.refetch();
      void refreshActivity();
      if (action === "confirm") await onChanged();
      toast.success(action === "confirm" ? "Payment recorded" : "Report dismissed");
    },
    onError: (error) => toast.error("Could not update the report", { description: (error as Error).message }),
  });

  const url = link.data?.url ?? null;
  const whatsAppMessage = (linkUrl: string) =>
    invoiceWhatsAppMessage({
      clientName,
      invoiceNumber,
      companyName,
      amount: formatMoney(amountMinor, currency),
      dueDate: dueDate ? formatPageDate(dueDate) : "",
      url: linkUrl,
    });
  const sendOpened = useRef(false);
  useEffect(() => {
    if (!sendOnOpen || !mayShare || sendOpened.current || !link.isSuccess) return;
    sendOpened.current = true;
    void startSending();
  });
  // Each request of the action bar is answered once, when the link's state is known.
  const answered = useRef(0);
  useEffect(() => {
    if (!request || request.n <= answered.current || !link.isSuccess) return;
    answered.current = request.n;
    if (request.kind === "email") void startSending();
    else void shareOnWhatsApp();
  });

  /** Opens WhatsApp with the message, making the link first if there is none yet. */
  async function shareOnWhatsApp() {
    const linkUrl = url ?? (await make.mutateAsync(false)).url;
    if (!linkUrl) return;
    window.open(whatsAppLink(clientPhone, whatsAppMessage(linkUrl)), "_blank", "noopener,noreferrer");
  }

  /** Opens the send dialog, making the link first if there is none yet. */
  async function startSending() {
    const linkUrl = url ?? (await make.mutateAsync(false)).url ?? "";
    const values = {
      client_name: clientName,
      invoice_number: invoiceNumber,
      amount: formatMoney(amountMinor, currency),
      due_date: dueDate ? formatPageDate(dueDate) : "receipt",
      link: linkUrl,
      business_name: companyName || "us",
    };
    // The user's templates (Settings → E-mail templates); Bahi's wording if they cannot be read.
    const templates = await queryClient
      .fetchQuery({
        queryKey: MAIL_TEMPLATES_KEY,
        queryFn: () => call("GET /api/settings/mail-templates"),
        staleTime: 60_000,
      })
      .catch(() => DEFAULT_MAIL_TEMPLATES);
    setSending({
      to: clientEmail,
      subject: renderSendTemplate(templates.sendSubject, values),
      message: renderSendTemplate(templates.sendMessage, values),
    });
  }
  const message = url ? whatsAppMessage(url) : "";
  const open = reports.data?.reports.filter((r) => r.status === "open") ?? [];

  return (
    <Card role="region" aria-labelledby="share-heading">
      <h2 id="share-heading" className="text-lg font-semibold">
        Share with your client
      </h2>
      {open.length > 0 && (
        <div className="mt-3 rounded-md border border-warning/60 bg-warning/10 p-3" role="status">
          <p className="text-sm font-semibold">Payment reported</p>
          {open.map((r) => (
            <div key={r.id} className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                {formatMoney(r.amountMinor, currency)} by UPI, reference <strong>{r.utr}</strong>
                {r.note ? ` · ${r.note}` : ""}
              </span>
              <span className="flex gap-2">
                <Button
                  size="sm"
                  busy={resolve.isPending}
                  onClick={() => resolve.mutate({ report: r, action: "confirm" })}
                >
                  Confirm payment
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  busy={resolve.isPending}
                  onClick={() => resolve.mutate({ report: r, action: "dismiss" })}
                >
                  Dismiss
                </Button>
              </span>
            </div>
          ))}
          <p className="mt-2 text-xs text-muted-foreground">
            Check your bank or UPI app for this reference first.
          </p>
        </div>
      )}
      {link.isPending ? (
        <p className="mt-3 text-sm text-muted-foreground" role="status">
          Loading…
        </p>
      ) : url ? (
        <div className="mt-3 space-y-3 text-sm">
          <p
            className="break-all rounded-md border border-border bg-muted p-2 font-mono text-xs"
            data-testid="public-link"
          >
            {url}
          </p>
          <p className="text-muted-foreground" data-testid="public-views">
            {link.data?.views
              ? `Opened ${link.data.views} time${link.data.views === 1 ? "" : "s"}${
                  link.data.firstViewedAt
                    ? `, first on ${new Date(link.data.firstViewedAt).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short" })}`
                    : ""
                }.`
              : "Not opened yet."}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => void copyLink(url)}>
              <Copy className="h-4 w-4" aria-hidden="true" />
              Copy link
            </Button>
            <NewTabLink href={url} icon={ExternalLink}>
              Open
            </NewTabLink>
            {mayShare && (
              <>
                <NewTabLink href={whatsAppLink(clientPhone, message)} icon={MessageCircle}>
                  Share on WhatsApp
                </NewTabLink>
                <Button size="sm" variant="outline" onClick={() => setRenewing(true)}>
                  <RefreshCw className="h-4 w-4" aria-hidden="true" />
                  New link
                </Button>
              </>
            )}
          </div>
        </div>
      ) : !mayShare ? (
        <p className="mt-3 text-sm text-muted-foreground">No link to this invoice yet.</p>
      ) : (
        <div className="mt-3 space-y-2 text-sm">
          <p className="text-muted-foreground">
            A private page of this invoice your client opens without an account, to see it, print it and pay
            by UPI.
          </p>
          <Button size="sm" busy={make.isPending} onClick={() => make.mutate(false)}>
            Get a link
          </Button>
        </div>
      )}
      {link.data && mayShare && (
        <CheckboxField
          label="Payment reminders for this invoice (when switched on in Settings)"
          className="mt-3"
          checked={!(remindersOff ?? link.data.remindersOff)}
          onChange={(on) => {
            setRemindersOff(!on);
            reminders.mutate(!on);
          }}
        />
      )}
      <div className={mayShare ? "mt-3" : "hidden"}>
        <Button size="sm" onClick={() => void startSending()} busy={make.isPending}>
          <Mail className="h-4 w-4" aria-hidden="true" />
          Send by e-mail
        </Button>
      </div>
      {sending && (
        <SendDialog
          open
          onOpenChange={(open) => !open && setSending(null)}
          invoiceId={invoiceId}
          draft={sending}
        />
      )}
      <ConfirmDialog
        open={renewing}
        onOpenChange={setRenewing}
        title="Make a new link?"
        description="The link you shared stops working at once. Send the new one to your client."
        confirmLabel="Make new link"
        busy={make.isPending}
        onConfirm={() => make.mutate(true)}
      />
    </Card>
  );
});
