import type { ComponentType } from "react";
import type { Invoice } from "#web/features/documents/types";
import { EInvoiceCard } from "#web/features/reports/EInvoiceCard";
import { EwayBillCard } from "#web/features/reports/EwayBillCard";
import { ActivityCard } from "./ActivityCard";
import { PaymentsCard } from "./PaymentsCard";
import { ShareCard, type ShareRequest } from "./ShareCard";

/** Cards another kind shows on a saved invoice (its credit notes, Make recurring), given by the route. */
export type LinkedCards = ComponentType<{ invoice: Invoice; today: string; onChanged: () => Promise<void> }>;

/**
 * What the editor shows below the form once the invoice is saved: sharing, e-invoice, payments,
 * the cards other kinds add (credit notes, repeating) and its activity. A new invoice has none of
 * them, so this module loads only when there is a saved invoice (decision 0012).
 */
export function SavedInvoiceCards({
  invoice,
  today,
  sendOnOpen,
  shareRequest,
  onChanged,
  linked: Linked,
}: {
  /** The action bar's Send by e-mail or WhatsApp, numbered so each click counts. */
  shareRequest: ShareRequest | null;
  invoice: Invoice;
  today: string;
  /** The list's Send button opened the editor with ?send=1: open the send dialog at once. */
  sendOnOpen: boolean;
  onChanged: () => Promise<void>;
  linked?: LinkedCards;
}) {
  const settled = invoice.status === "due" || invoice.status === "paid";
  return (
    <>
      {invoice.status !== "draft" && (
        <ShareCard
          invoiceId={invoice.id}
          invoiceNumber={invoice.invoiceNumber}
          currency={invoice.currency}
          clientName={invoice.document.client.name}
          clientPhone={invoice.document.client.phone}
          clientEmail={invoice.document.client.email}
          companyName={invoice.document.company.name}
          amountMinor={invoice.balanceDueMinor || invoice.totalMinor}
          dueDate={invoice.dueDate}
          today={today}
          onChanged={onChanged}
          sendOnOpen={sendOnOpen}
          request={shareRequest}
        />
      )}
      <EInvoiceCard invoice={invoice} />
      <EwayBillCard
        doc={{ kind: "invoice", id: invoice.id }}
        document={invoice.document}
        totalMinor={invoice.totalMinor}
        issued={invoice.status !== "draft" && invoice.status !== "cancelled"}
      />
      {settled && (
        <PaymentsCard
          invoiceId={invoice.id}
          currency={invoice.currency}
          today={today}
          onChanged={onChanged}
        />
      )}
      {Linked && <Linked invoice={invoice} today={today} onChanged={onChanged} />}
      <ActivityCard invoiceId={invoice.id} />
    </>
  );
}
