import { ArrowRightLeft, CheckCircle2, Clock, FilePen, type LucideIcon, Send, XCircle } from "lucide-react";
import { QUOTE_STATUS_LABELS, type QuoteStatus } from "#domain/quotes";
import { StatusPill } from "#web/components/ui/status-pill";

// Colour, text and an icon: the status never rests on colour alone.
const STYLES: Record<QuoteStatus, { className: string; icon: LucideIcon }> = {
  draft: { className: "border-border bg-muted text-muted-foreground", icon: FilePen },
  sent: { className: "border-primary/40 bg-primary/10 text-primary", icon: Send },
  accepted: { className: "border-success/40 bg-success/10 text-success", icon: CheckCircle2 },
  declined: { className: "border-destructive/40 bg-destructive/10 text-destructive", icon: XCircle },
  expired: { className: "border-warning/50 bg-warning/10 text-warning", icon: Clock },
  converted: { className: "border-success/40 bg-background text-success", icon: ArrowRightLeft },
};

export function QuoteStatusBadge({ status, className }: { status: QuoteStatus; className?: string }) {
  const style = STYLES[status] ?? STYLES.draft;
  return (
    <StatusPill
      status={status}
      label={QUOTE_STATUS_LABELS[status] ?? status}
      tone={style.className}
      icon={style.icon}
      className={className}
    />
  );
}
