import { formatMoney } from "./format";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "./payments";
import { STATUS_LABELS, type StoredStatus } from "./status";

// One line of an invoice's activity list, in words, from the event the server kept.

export function describeInvoiceEvent(kind: string, detail: Record<string, unknown>): string {
  const money = () =>
    typeof detail.amountMinor === "number" && typeof detail.currency === "string"
      ? formatMoney(detail.amountMinor, detail.currency)
      : "";
  const status = (s: unknown) => STATUS_LABELS[s as StoredStatus] ?? String(s);
  const method = () => PAYMENT_METHOD_LABELS[detail.method as PaymentMethod] ?? "";
  // TDS the client deducted with the payment (decision 0088).
  const tds = () =>
    typeof detail.tdsMinor === "number" && typeof detail.currency === "string"
      ? ` with TDS of ${formatMoney(detail.tdsMinor, detail.currency)}${detail.tdsSection ? ` (${String(detail.tdsSection)})` : ""}`
      : "";
  switch (kind) {
    case "created":
      return `Created as ${status(detail.status).toLowerCase()}`;
    case "status_changed":
      return `${status(detail.from)} → ${status(detail.to)}`;
    case "payment_recorded":
      return `Payment of ${money()} recorded (${method()}${detail.reference ? `, ${detail.reference}` : ""})${tds()}`;
    case "payment_changed":
      return `Payment changed to ${money()} (${method()})${tds()}`;
    case "payment_deleted":
      return `Payment of ${money()} deleted`;
    case "link_created":
      return "Link to share made";
    case "link_renewed":
      return "Link replaced; the old one no longer works";
    case "sent": {
      const to = Array.isArray(detail.to) ? detail.to.join(", ") : "";
      return `Sent by e-mail to ${to}${detail.attachPdf ? " with the PDF" : ""}`;
    }
    case "recurring_created":
      return "Made by a recurring profile";
    case "recurring_not_sent":
      return `Not e-mailed by the recurring profile: ${String(detail.reason ?? "")}`;
    case "send_failed":
      return `E-mail to ${Array.isArray(detail.to) ? detail.to.join(", ") : ""} could not be delivered${detail.creditReturned ? "; the PDF's credit was given back" : ""}`;
    case "reminder_sent":
      return `Payment reminder e-mailed to ${Array.isArray(detail.to) ? detail.to.join(", ") : ""}`;
    case "reminder_not_sent":
      return `Payment reminder not sent: ${String(detail.reason ?? "")}`;
    case "viewed":
      return "Opened by the client";
    case "payment_reported":
      return `Client reported a UPI payment of ${money()} (UTR ${String(detail.utr ?? "")})`;
    case "report_confirmed":
      return `Reported payment confirmed (UTR ${String(detail.utr ?? "")})`;
    case "report_dismissed":
      return `Reported payment dismissed (UTR ${String(detail.utr ?? "")})`;
    default:
      return kind;
  }
}
