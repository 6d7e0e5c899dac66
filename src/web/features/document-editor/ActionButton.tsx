import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { BusinessAction } from "#domain/roles";
import { Button } from "#web/components/ui/button";
import { useMayInEditor } from "./editor-role";

/**
 * A button of an editor's action bar: busy while its action runs, and waiting while another runs
 * or while `blockedBy` says why not (shown as its title). Not shown to a role that may not do it
 * (`action`, else the editor's own: changing the document); the form says why (decision 0079).
 */
export function ActionButton<Name extends string>({
  name,
  busy,
  icon: Icon,
  variant = "outline",
  blockedBy,
  disabled = false,
  action,
  onClick,
  children,
}: {
  name: Name;
  /** The action running, if any. */
  busy: Name | null;
  icon: LucideIcon;
  variant?: "primary" | "outline" | "destructive" | "secondary";
  blockedBy?: string;
  disabled?: boolean;
  /** What the button does, when it is not changing the document (a report: "reports.read"). */
  action?: BusinessAction;
  onClick: () => void;
  children: ReactNode;
}) {
  const may = useMayInEditor(action);
  if (!may) return null;
  return (
    <Button
      variant={variant}
      size="sm"
      busy={busy === name}
      disabled={(busy !== null && busy !== name) || Boolean(blockedBy) || disabled}
      title={blockedBy}
      onClick={onClick}
    >
      {busy !== name && <Icon className="h-4 w-4" aria-hidden="true" />}
      {children}
    </Button>
  );
}
