import {
  Ban,
  CheckCircle2,
  Copy,
  FileCheck2,
  type LucideIcon,
  Mail,
  MessageCircle,
  RotateCcw,
  Save,
  Trash2,
} from "lucide-react";
import { isDeletable } from "#domain/document-number";
import { ActionButton } from "#web/features/document-editor/ActionButton";
import type { Invoice } from "#web/features/documents/types";
import { DownloadPdfButton } from "#web/features/pdf/DownloadPdfButton";

export type EditorActionName =
  | "draft"
  | "save"
  | "issue"
  | "paid"
  | "cancel"
  | "toDraft"
  | "duplicate"
  | "delete"
  | "email"
  | "whatsapp";

/**
 * The buttons of the invoice's action bar (the editor shell's bar at the top): the actions that
 * make sense for an invoice in this status; `busy` names the one running.
 */
export function ActionBar({
  invoice,
  busy,
  onAction,
  unsaved = false,
}: {
  /** The saved invoice; null for one not yet saved. */
  invoice: Invoice | null;
  /** Edits not saved yet: sending and the PDF wait for them (both carry the saved invoice). */
  unsaved?: boolean;
  busy: EditorActionName | null;
  onAction: (action: EditorActionName) => void;
}) {
  const saved = invoice !== null;
  const status = invoice?.status ?? "draft";
  // A draft never issued: Delete. Anything holding a number of the series is cancelled instead (Rule 46).
  const deletable = invoice !== null && isDeletable(invoice.status, invoice.invoiceNumber);
  const button = (
    name: EditorActionName,
    label: string,
    icon: LucideIcon,
    variant: "primary" | "outline" | "destructive" | "secondary" = "outline",
    blockedBy?: string,
  ) => (
    <ActionButton
      key={name}
      name={name}
      busy={busy}
      icon={icon}
      variant={variant}
      blockedBy={blockedBy}
      onClick={() => onAction(name)}
    >
      {label}
    </ActionButton>
  );
  const actions = [];
  if (!saved || status === "draft") {
    actions.push(
      button("draft", "Save as draft", Save, "secondary"),
      button("issue", "Issue", FileCheck2, "primary"),
    );
    if (saved && !deletable) actions.push(button("cancel", "Cancel invoice", Ban));
  } else {
    actions.push(button("save", "Save changes", Save, "primary"));
    if (status === "due" || status === "paid") {
      const wait = unsaved ? "Save your changes before sending." : undefined;
      actions.push(
        button("email", "Send by e-mail", Mail, "outline", wait),
        button("whatsapp", "WhatsApp", MessageCircle, "outline", wait),
      );
    }
    if (status === "due") actions.push(button("paid", "Mark paid", CheckCircle2));
    if (status === "due" || status === "paid") actions.push(button("cancel", "Cancel invoice", Ban));
    actions.push(button("toDraft", "Return to draft", RotateCcw));
  }
  if (saved) {
    actions.push(button("duplicate", "Duplicate", Copy));
    if (deletable) actions.push(button("delete", "Delete", Trash2, "destructive"));
  }
  if (invoice) {
    actions.push(
      <DownloadPdfButton
        key="pdf"
        invoice={invoice}
        size="sm"
        disabled={unsaved || busy !== null}
        title={unsaved ? "Save your changes before downloading the PDF." : undefined}
      />,
    );
  }
  return <>{actions}</>;
}
