import {
  Ban,
  BellDot,
  CheckCircle2,
  CircleDashed,
  Clock,
  FilePen,
  type LucideIcon,
  TriangleAlert,
} from "lucide-react";
import { type DisplayStatus, STATUS_LABELS } from "#domain/status";
import { StatusPill } from "#web/components/ui/status-pill";

// Colour and text and an icon: the status never rests on colour alone.
const STYLES: Record<DisplayStatus, { className: string; icon: LucideIcon }> = {
  draft: { className: "border-border bg-muted text-muted-foreground", icon: FilePen },
  due: { className: "border-primary/40 bg-primary/10 text-primary", icon: Clock },
  paid: { className: "border-success/40 bg-success/10 text-success", icon: CheckCircle2 },
  overdue: { className: "border-warning/50 bg-warning/10 text-warning", icon: TriangleAlert },
  partially_paid: { className: "border-success/40 bg-background text-success", icon: CircleDashed },
  cancelled: { className: "border-destructive/40 bg-destructive/10 text-destructive", icon: Ban },
};

export function StatusBadge({ status, className }: { status: DisplayStatus; className?: string }) {
  const style = STYLES[status] ?? STYLES.draft;
  return (
    <StatusPill
      status={status}
      label={STATUS_LABELS[status] ?? status}
      tone={style.className}
      icon={style.icon}
      className={className}
    />
  );
}

/** The client said they paid ("I have paid"): the owner should confirm or dismiss it. */
export function ReportedBadge() {
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-warning/50 bg-background px-2 py-0.5 text-xs font-semibold text-warning"
      data-testid="payment-reported"
      title="Your client reported a payment: confirm or dismiss it on the invoice"
    >
      <BellDot className="h-3.5 w-3.5" aria-hidden="true" />
      Payment reported
    </span>
  );
}
