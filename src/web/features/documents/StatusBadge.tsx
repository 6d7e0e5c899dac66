import {
  ArrowRightLeft,
  Ban,
  CheckCircle2,
  CircleDashed,
  Clock,
  FilePen,
  type LucideIcon,
  Send,
  TriangleAlert,
  Truck,
  Undo2,
  XCircle,
} from "lucide-react";
import type { NoteStatus } from "#domain/credit-notes";
import { PRE_INVOICE_STATUS_LABELS as KIND_LABELS, type KindStatus } from "#domain/document-kinds";
import { QUOTE_STATUS_LABELS, type QuoteStatus } from "#domain/quote-status";
import { type DisplayStatus, STATUS_LABELS } from "#domain/status";
import { StatusPill } from "#web/components/ui/status-pill";

// One badge for every kind of document: colour, text and an icon (a status never rests on colour
// alone). A new kind is one more entry in STATUS_TABLE: its statuses' labels, tones and icons.

type Look = { label: string; tone: string; icon: LucideIcon };

const TONES = {
  neutral: "border-border bg-muted text-muted-foreground",
  open: "border-primary/40 bg-primary/10 text-primary",
  done: "border-success/40 bg-success/10 text-success",
  partly: "border-success/40 bg-background text-success",
  warning: "border-warning/50 bg-warning/10 text-warning",
  stopped: "border-destructive/40 bg-destructive/10 text-destructive",
};

const look = (label: string, tone: keyof typeof TONES, icon: LucideIcon): Look => ({
  label,
  tone: TONES[tone],
  icon,
});

export const STATUS_TABLE = {
  invoice: {
    draft: look(STATUS_LABELS.draft, "neutral", FilePen),
    due: look(STATUS_LABELS.due, "open", Clock),
    paid: look(STATUS_LABELS.paid, "done", CheckCircle2),
    overdue: look(STATUS_LABELS.overdue, "warning", TriangleAlert),
    partially_paid: look(STATUS_LABELS.partially_paid, "partly", CircleDashed),
    cancelled: look(STATUS_LABELS.cancelled, "stopped", Ban),
  } satisfies Record<DisplayStatus, Look>,
  quote: {
    draft: look(QUOTE_STATUS_LABELS.draft, "neutral", FilePen),
    sent: look(QUOTE_STATUS_LABELS.sent, "open", Send),
    accepted: look(QUOTE_STATUS_LABELS.accepted, "done", CheckCircle2),
    declined: look(QUOTE_STATUS_LABELS.declined, "stopped", XCircle),
    expired: look(QUOTE_STATUS_LABELS.expired, "warning", Clock),
    converted: look(QUOTE_STATUS_LABELS.converted, "partly", ArrowRightLeft),
  } satisfies Record<QuoteStatus, Look>,
  note: {
    issued: look("Issued", "open", CheckCircle2),
    cancelled: look("Cancelled", "stopped", Ban),
  } satisfies Record<NoteStatus, Look>,
  proforma: {
    draft: look(KIND_LABELS.draft, "neutral", FilePen),
    sent: look(KIND_LABELS.sent, "open", Send),
    converted: look(KIND_LABELS.converted, "partly", ArrowRightLeft),
  } satisfies Record<KindStatus<"proforma">, Look>,
  challan: {
    draft: look(KIND_LABELS.draft, "neutral", FilePen),
    issued: look(KIND_LABELS.issued, "open", Truck),
    returned: look(KIND_LABELS.returned, "warning", Undo2),
    cancelled: look(KIND_LABELS.cancelled, "stopped", Ban),
    converted: look(KIND_LABELS.converted, "partly", ArrowRightLeft),
  } satisfies Record<KindStatus<"challan">, Look>,
};

export type BadgeKind = keyof typeof STATUS_TABLE;
export type StatusOf<K extends BadgeKind> = keyof (typeof STATUS_TABLE)[K] & string;

export function StatusBadge<K extends BadgeKind>({
  kind,
  status,
  className,
}: {
  kind: K;
  status: StatusOf<K>;
  className?: string;
}) {
  const looks: Record<string, Look> = STATUS_TABLE[kind];
  const { label, tone, icon } = looks[status] ?? look(status, "neutral", FilePen);
  return <StatusPill status={status} label={label} tone={tone} icon={icon} className={className} />;
}
