import { clsx } from "clsx";
import type { LucideIcon } from "lucide-react";
import { Button } from "#web/components/ui/button";

/** A list row's icon button: `label` names the document for screen readers, `title` the action. */
export function RowButton({
  label,
  title,
  icon: Icon,
  tone,
  busy = false,
  onClick,
}: {
  label: string;
  title: string;
  icon: LucideIcon;
  tone?: "success" | "destructive";
  busy?: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={title} busy={busy} onClick={onClick}>
      {!busy && (
        <Icon
          className={clsx(
            "h-4 w-4",
            tone === "success" && "text-success",
            tone === "destructive" && "text-destructive",
          )}
          aria-hidden="true"
        />
      )}
    </Button>
  );
}
