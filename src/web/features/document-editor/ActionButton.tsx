import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "#web/components/ui/button";

/**
 * A button of an editor's action bar: busy while its action runs, and waiting while another runs
 * or while `blockedBy` says why not (shown as its title).
 */
export function ActionButton<Name extends string>({
  name,
  busy,
  icon: Icon,
  variant = "outline",
  blockedBy,
  disabled = false,
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
  onClick: () => void;
  children: ReactNode;
}) {
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
