import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatPageDate } from "#domain/dates";
import { KIND_API_PATHS } from "#domain/document-kinds";
import { formatMoney } from "#domain/format";
import { whatsAppLink } from "#domain/share";
import { SendDialog, type SendDraft } from "#web/features/documents/editor/SendDialog";
import { copyLink } from "#web/lib/copy-link";
import { getKindDocument, type KindDoc, kindKeys, kindLinkQuery, makeKindLink, type WebKind } from "./api";
import { WEB_KINDS } from "./kinds";

/** The text of the e-mail and the WhatsApp message: whose, which, how much, and the link. */
function message(kind: WebKind, doc: KindDoc, url: string) {
  const valid = doc.validUntil ? `, valid until ${formatPageDate(doc.validUntil)}` : "";
  const amount = formatMoney(doc.totalMinor, doc.currency);
  return [
    `Dear ${doc.document.client.name || "customer"},`,
    "",
    kind === "challan"
      ? `Please find delivery challan ${doc.number} for the goods sent to you (value ${amount}).`
      : `Please find proforma invoice ${doc.number} for ${amount}${valid}.`,
    `You can see it here: ${url}`,
    "",
    "Thank you,",
    doc.document.company.name || "us",
  ].join("\n");
}

/**
 * Sending a proforma or an issued challan: by e-mail (the link, and the PDF for one credit), by
 * WhatsApp, or its link copied; the link is made on first use (a draft proforma is then sent).
 * `onChanged` gets the document as the server has it after.
 */
export function useKindSharing(
  kind: WebKind,
  saved: KindDoc | null,
  onChanged: (doc: KindDoc) => Promise<void>,
) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<SendDraft | null>(null);
  const status = saved?.status;
  // A challan leaves Bahi only once issued; a proforma at once.
  const shareable = saved !== null && (kind === "proforma" ? status !== "converted" : status === "issued");
  const link = useQuery({ ...kindLinkQuery(kind, saved?.id ?? ""), enabled: shareable });

  const refresh = async (id: string) => onChanged(await getKindDocument(kind, id));

  async function url(of: KindDoc): Promise<string> {
    if (link.data?.url) return link.data.url;
    const made = await makeKindLink(kind, of.id);
    queryClient.setQueryData(kindKeys.link(kind, of.id), made);
    await refresh(of.id);
    return made.url ?? "";
  }

  async function share(how: "email" | "whatsapp" | "link", doc: KindDoc) {
    const address = await url(doc);
    const text = message(kind, doc, address);
    if (how === "email") {
      const from = doc.document.company.name || "us";
      setSending({
        to: doc.document.client.email,
        subject: `${WEB_KINDS[kind].one} ${doc.number} from ${from}`,
        message: text,
      });
    } else if (how === "whatsapp") {
      window.open(whatsAppLink(doc.document.client.phone, text), "_blank", "noopener,noreferrer");
    } else {
      await copyLink(address);
    }
  }

  return {
    shareable,
    share,
    /** The WhatsApp link, once the document has its public link. */
    whatsApp:
      saved && link.data?.url
        ? whatsAppLink(saved.document.client.phone, message(kind, saved, link.data.url))
        : null,
    dialog: sending && saved && (
      <SendDialog
        open
        onOpenChange={(open) => !open && setSending(null)}
        invoiceId={saved.id}
        draft={sending}
        document={{ send: `POST ${KIND_API_PATHS[kind]}/:id/send`, sentTitle: `${WEB_KINDS[kind].one} sent` }}
        onSent={() => void refresh(saved.id)}
      />
    ),
  };
}
