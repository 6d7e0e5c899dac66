import { Repeat } from "lucide-react";
import { useState } from "react";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { lazyDialog } from "#web/components/ui/lazy-dialog";
import { NotesCard } from "#web/features/credit-notes/NotesCard";
import { EInvoiceCard } from "#web/features/reports/EInvoiceCard";
import type { Invoice } from "../types";
import { ActivityCard } from "./ActivityCard";
import { PaymentsCard } from "./PaymentsCard";
import { ShareCard, type ShareRequest } from "./ShareCard";

// The recurring dialog loads when it first opens, not with the cards.
const RecurringDialog = lazyDialog(() =>
  import("#web/features/recurring/RecurringDialog").then((m) => m.RecurringDialog),
);

/**
 * What the editor shows below the form once the invoice is saved: sharing, e-invoice, payments,
 * credit notes, repeating and its activity. A new invoice has none of them, so this module loads
 * only when there is a saved invoice (decision 0012): /invoice/new downloads and runs less.
 */
export function SavedInvoiceCards({
  invoice,
  today,
  dueDays,
  sendOnOpen,
  shareRequest,
  onChanged,
}: {
  /** The action bar's Send by e-mail or WhatsApp, numbered so each click counts. */
  shareRequest: ShareRequest | null;
  invoice: Invoice;
  today: string;
  /** The user's default days to pay, for the first invoice of a schedule. */
  dueDays: number;
  /** The list's Send button opened the editor with ?send=1: open the send dialog at once. */
  sendOnOpen: boolean;
  onChanged: () => Promise<void>;
}) {
  const [repeating, setRepeating] = useState(false);
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
      {settled && (
        <PaymentsCard
          invoiceId={invoice.id}
          currency={invoice.currency}
          today={today}
          onChanged={onChanged}
        />
      )}
      {settled && <NotesCard invoice={invoice} today={today} onChanged={onChanged} />}
      {invoice.status !== "cancelled" && (
        <Card role="region" aria-labelledby="repeat-heading">
          <h2 id="repeat-heading" className="text-lg font-semibold">
            Repeat
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Bill this client on a schedule: Bahi makes the invoice each time, and can issue and e-mail it.
          </p>
          <Button className="mt-3" size="sm" variant="outline" onClick={() => setRepeating(true)}>
            <Repeat className="h-4 w-4" aria-hidden="true" />
            Make recurring…
          </Button>
          <RecurringDialog
            invoiceId={invoice.id}
            startDate={today}
            dueDays={dueDays}
            open={repeating}
            onOpenChange={setRepeating}
          />
        </Card>
      )}
      <ActivityCard invoiceId={invoice.id} />
    </>
  );
}
