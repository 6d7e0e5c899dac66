import { clsx } from "clsx";
import { ArrowRightLeft, CheckCircle2, Clock, FilePen, Send, XCircle } from "lucide-react";
import { QUOTE_STATUS_LABELS, type QuoteStatus } from "#domain/quotes";

// Colour, text and an icon: the status never rests on colour alone.
const STYLES: Record<QuoteStatus, { className: string; icon: typeof Clock }> = {
  draft: { className: "border-border bg-muted text-muted-foreground", icon: FilePen },
  sent: { className: "border-primary/40 bg-primary/10 text-primary", icon: Send },
  accepted: { className: "border-success/40 bg-success/10 text-success", icon: CheckCircle2 },
  declined: { className: "border-destructive/40 bg-destructive/10 text-destructive", icon: XCircle },
  expired: { className: "border-warning/50 bg-warning/10 text-warning", icon: Clock },
  converted: { className: "border-success/40 bg-background text-success", icon: ArrowRightLeft },
};

export function QuoteStatusBadge({ status, className }: { status: QuoteStatus; className?: string }) {
  const style = STYLES[status] ?? STYLES.draft;
  const Icon = style.icon;
  return (
    <span
      className={clsx(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold",
        style.className,
        className,
      )}
      data-status={status}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {QUOTE_STATUS_LABELS[status] ?? status}
    </span>
  );
}
