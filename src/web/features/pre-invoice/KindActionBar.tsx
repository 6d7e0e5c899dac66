import {
  ArrowRightLeft,
  Ban,
  CheckCircle2,
  Copy,
  Mail,
  MessageCircle,
  Save,
  Send,
  Trash2,
  Undo2,
} from "lucide-react";
import {
  canConvertKind,
  canDeleteKind,
  canEditKind,
  canMove,
  type PreInvoiceStatus,
} from "#domain/document-kinds";
import { ActionButton } from "#web/features/document-editor/ActionButton";
import { useMayInEditor } from "#web/features/document-editor/editor-role";
import { DownloadPdfButton } from "#web/features/pdf/DownloadPdfButton";
import { type KindDoc, kindUrl, type WebKind } from "./api";

export type KindAction =
  | "save"
  | "issued"
  | "sent"
  | "returned"
  | "cancelled"
  | "convert"
  | "delete"
  | "email"
  | "link"
  | "whatsapp";

const LINK_CLASS =
  "inline-flex h-9 items-center gap-2 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted";

/**
 * The buttons of a proforma's or challan's action bar, as its status allows (#domain/document-kinds):
 * save, issue (challan) or mark sent (proforma), e-mail, WhatsApp, link, PDF (a challan also in
 * triplicate), convert, return and cancel (challan), delete (a draft; a proforma not converted).
 */
export function KindActionBar({
  kind,
  saved,
  dirty,
  busy,
  shareable,
  whatsApp,
  onAction,
}: {
  kind: WebKind;
  saved: KindDoc | null;
  dirty: boolean;
  busy: KindAction | null;
  /** Whether it can be sent or shared now (a challan once issued). */
  shareable: boolean;
  /** The WhatsApp link, once the document has its public link. */
  whatsApp: string | null;
  onAction: (action: KindAction) => void;
}) {
  const status = (saved?.status ?? "draft") as PreInvoiceStatus;
  // The WhatsApp link is no ActionButton: offered, like them, to a role that may change the document.
  const mayShare = useMayInEditor();
  const can = (to: "issued" | "sent" | "returned" | "cancelled") =>
    saved !== null && canMove(kind, status, to).ok;
  const button = (
    name: KindAction,
    label: string,
    icon: typeof Save,
    variant?: "primary" | "destructive",
  ) => (
    <ActionButton name={name} busy={busy} icon={icon} variant={variant} onClick={() => onAction(name)}>
      {label}
    </ActionButton>
  );
  const pdf = (copies: "single" | "triplicate") =>
    saved && (
      <DownloadPdfButton
        invoice={{
          id: copies === "single" ? saved.id : `${saved.id}:triplicate`,
          invoiceNumber: saved.number,
          pdfUrl: kindUrl(kind, saved.id, copies === "single" ? "/pdf" : "/pdf?copies=triplicate"),
        }}
        label={copies === "single" ? "Download PDF" : "PDF in triplicate"}
        size="sm"
        disabled={dirty || busy !== null}
        title={
          dirty
            ? "Save your changes before downloading the PDF."
            : copies === "triplicate"
              ? "Original for consignee, duplicate for transporter, triplicate for consignor: one credit."
              : undefined
        }
      />
    );

  return (
    <>
      {(!saved || canEditKind(kind, status).ok) && (
        <ActionButton
          name="save"
          busy={busy}
          icon={Save}
          variant={can("issued") || can("sent") ? undefined : "primary"}
          disabled={saved !== null && !dirty}
          onClick={() => onAction("save")}
        >
          {saved ? "Save changes" : "Save draft"}
        </ActionButton>
      )}
      {can("issued") && button("issued", "Issue challan", CheckCircle2, "primary")}
      {can("sent") && button("sent", "Mark as sent", Send, "primary")}
      {saved &&
        canConvertKind(kind, status).ok &&
        button("convert", "Convert to invoice", ArrowRightLeft, "primary")}
      {shareable && button("email", "Send by e-mail…", Mail)}
      {shareable &&
        mayShare &&
        (whatsApp ? (
          <a href={whatsApp} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
            <MessageCircle className="h-4 w-4" aria-hidden="true" />
            WhatsApp
          </a>
        ) : (
          button("whatsapp", "WhatsApp", MessageCircle)
        ))}
      {shareable && button("link", "Copy link", Copy)}
      {pdf("single")}
      {kind === "challan" && status !== "draft" && pdf("triplicate")}
      {can("returned") && button("returned", "Mark returned", Undo2)}
      {can("cancelled") && button("cancelled", "Cancel challan", Ban, "destructive")}
      {saved &&
        status !== "converted" &&
        canDeleteKind(kind, status).ok &&
        button("delete", "Delete", Trash2, "destructive")}
    </>
  );
}
