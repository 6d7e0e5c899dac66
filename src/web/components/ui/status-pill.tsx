import { clsx } from "clsx";
import type { LucideIcon } from "lucide-react";

/** Colour, text and an icon: a status never rests on colour alone (invoices, quotes). */
export function StatusPill({
  status,
  label,
  tone,
  icon: Icon,
  className,
}: {
  status: string;
  label: string;
  /** Border, background and text colour classes. */
  tone: string;
  icon: LucideIcon;
  className?: string;
}) {
  return (
    <span
      className={clsx(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold",
        tone,
        className,
      )}
      data-status={status}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}
