import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, ExternalLink, Mail, MessageCircle, RefreshCw } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { formatPageDate } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { whatsAppLink } from "#domain/share";
import { call } from "#web/api";
import { Button, NewTabLink } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { SendDialog, type SendDraft } from "#web/features/documents/editor/SendDialog";
import { copyLink } from "#web/lib/copy-link";
import { getQuote, makeQuoteLink, type Quote, type QuoteCardProps, quoteKeys } from "./api";

// Sending a quote: by e-mail (the link, and the PDF for one credit), its link to copy or open, and
// WhatsApp; all free but the PDF. Sharing a draft's link sends it (it is marked sent).

function quoteMessage(quote: Quote, url: string) {
  const d = quote.document;
  const valid = quote.validUntil ? `, valid until ${formatPageDate(quote.validUntil)}` : "";
  return [
    `Dear ${d.client.name || "customer"},`,
    "",
    `Please find quote ${quote.quoteNumber} for ${formatMoney(quote.totalMinor, quote.currency)}${valid}.`,
    `You can see it and accept or decline it here: ${url}`,
    "",
    "Thank you,",
    d.company.name || "us",
  ].join("\n");
}

export function QuoteShareCard({ quote, ensureSaved, onChanged }: QuoteCardProps) {
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: quoteKeys.link(quote.id),
    queryFn: () => call("GET /api/quotes/:id/public-link", { params: { id: quote.id } }),
  });
  const [sending, setSending] = useState<SendDraft | null>(null);
  const refresh = async () => {
    onChanged(await getQuote(quote.id));
    void queryClient.invalidateQueries({ queryKey: quoteKeys.lists });
  };
  const make = useMutation({
    mutationFn: async (renew: boolean) => {
      if (!(await ensureSaved())) throw new Error("Save the quote first.");
      return makeQuoteLink(quote.id, renew);
    },
    onSuccess: async (answer, renew) => {
      queryClient.setQueryData(quoteKeys.link(quote.id), answer);
      await refresh();
      toast.success(renew ? "New link made" : "Link ready", {
        description: renew ? "The old link no longer opens the quote." : "The quote is marked sent.",
      });
    },
    onError: (error) => toast.error("Could not make the link", { description: (error as Error).message }),
  });
  const url = link.data?.url ?? null;

  async function copy() {
    const current = url ?? (await make.mutateAsync(false)).url;
    if (!current) return;
    await copyLink(current);
  }

  async function startSending() {
    const current = url ?? (await make.mutateAsync(false).catch(() => null))?.url;
    if (!current) return;
    setSending({
      to: quote.document.client.email,
      subject: `Quote ${quote.quoteNumber} from ${quote.document.company.name || "us"}`,
      message: quoteMessage(quote, current),
    });
  }

  return (
    <Card role="region" aria-labelledby="quote-share-heading" className="space-y-3">
      <h2 id="quote-share-heading" className="text-lg font-semibold">
        Send to your client
      </h2>
      <p className="text-sm text-muted-foreground">
        Your client opens the quote's page, without signing in, and accepts or declines it. The link, e-mail
        and WhatsApp are free; attaching the PDF costs one credit.
      </p>
      {url && (
        <p className="break-all rounded-md bg-muted px-3 py-2 text-sm" data-testid="quote-link">
          {url}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void startSending()} busy={make.isPending && !url}>
          <Mail className="h-4 w-4" aria-hidden="true" />
          Send by e-mail…
        </Button>
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          {url ? "Copy link" : "Make and copy link"}
        </Button>
        {url && (
          <>
            <NewTabLink href={url} icon={ExternalLink}>
              Open page
            </NewTabLink>
            <NewTabLink
              href={whatsAppLink(quote.document.client.phone, quoteMessage(quote, url))}
              icon={MessageCircle}
            >
              WhatsApp
            </NewTabLink>
            <Button size="sm" variant="ghost" onClick={() => make.mutate(true)} busy={make.isPending}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              New link
            </Button>
          </>
        )}
      </div>
      {sending && (
        <SendDialog
          open
          onOpenChange={(open) => !open && setSending(null)}
          invoiceId={quote.id}
          draft={sending}
          document={{ send: "POST /api/quotes/:id/send", sentTitle: "Quote sent" }}
          onSent={() => void refresh()}
        />
      )}
    </Card>
  );
}
