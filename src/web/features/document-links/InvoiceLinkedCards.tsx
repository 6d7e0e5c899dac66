import { Repeat } from "lucide-react";
import { useState } from "react";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { lazyDialog } from "#web/components/ui/lazy-dialog";
import { NotesCard } from "#web/features/credit-notes/NotesCard";
import type { Invoice } from "#web/features/documents/types";
import { useMay } from "#web/features/members/role";
import { useSettings } from "#web/features/settings/useSettings";

// The recurring dialog loads when it first opens, not with the cards.
const RecurringDialog = lazyDialog(() =>
  import("#web/features/recurring/RecurringDialog").then((m) => m.RecurringDialog),
);

/** On a saved invoice, what other kinds add: its credit and debit notes, and "Make recurring". */
export default function InvoiceLinkedCards({ invoice, today }: { invoice: Invoice; today: string }) {
  const { settings } = useSettings();
  const [repeating, setRepeating] = useState(false);
  const settled = invoice.status === "due" || invoice.status === "paid";
  const mayRepeat = useMay("recurring.manage");
  return (
    <>
      {settled && <NotesCard invoice={invoice} />}
      {invoice.status !== "cancelled" && mayRepeat && (
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
            dueDays={settings.defaultDueDateDays}
            open={repeating}
            onOpenChange={setRepeating}
          />
        </Card>
      )}
    </>
  );
}
