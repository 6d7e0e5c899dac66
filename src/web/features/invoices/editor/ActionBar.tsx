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
import type { ReactNode } from "react";
import type { StoredStatus } from "#domain/status";
import { ActionButton } from "#web/features/document-editor/ActionButton";

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
  saved,
  status,
  busy,
  onAction,
  children,
  unsaved = false,
}: {
  /** Edits not saved yet: sending waits for them (the mail carries the saved invoice). */
  unsaved?: boolean;
  /** Buttons after the invoice's own (the PDF download). */
  children?: ReactNode;
  /** False for an invoice not yet saved. */
  saved: boolean;
  status: StoredStatus;
  busy: EditorActionName | null;
  onAction: (action: EditorActionName) => void;
}) {
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
    actions.push(button("duplicate", "Duplicate", Copy), button("delete", "Delete", Trash2, "destructive"));
  }
  return (
    <>
      {actions}
      {children}
    </>
  );
}
