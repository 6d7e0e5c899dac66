import { BellDot } from "lucide-react";

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
