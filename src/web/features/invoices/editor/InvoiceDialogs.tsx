import { useState } from "react";
import { Button } from "#web/components/ui/button";
import { SectionCard } from "#web/components/ui/card";
import { Field, Input } from "#web/components/ui/input";
import { ConfirmDialog, Dialog } from "#web/components/ui/lazy-dialog";

/** On a saved draft: issue it (it takes its number and its stock), then share or e-mail it. */
export function IssueAndSendCard({
  invoiceNumber,
  busy,
  onIssue,
}: {
  invoiceNumber: string;
  busy: boolean;
  onIssue: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <SectionCard
      id="share-draft-heading"
      title="Share with your client"
      description="A draft is not sent. Issue it to give it its number, take its items from stock, and share or e-mail it."
    >
      <Button className="mt-3" size="sm" busy={busy} onClick={() => setAsking(true)}>
        Issue and send…
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Issue invoice ${invoiceNumber}?`}
        description="It keeps this number, and its items are taken from stock. Then you can send it or share its link."
        confirmLabel="Issue invoice"
        busy={busy}
        onConfirm={() => {
          setAsking(false);
          onIssue();
        }}
      />
    </SectionCard>
  );
}

/** "Mark as paid": the date the payment arrived, today unless changed. */
export function MarkPaidDialog({
  open,
  onOpenChange,
  today,
  onPaid,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
  onPaid: (paymentDate: string) => void;
}) {
  const [paymentDate, setPaymentDate] = useState(today);
  // Each opening starts from today again.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setPaymentDate(today);
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Mark as paid"
      description="Record the date the payment arrived."
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          onOpenChange(false);
          onPaid(paymentDate);
        }}
      >
        <Field label="Payment date">
          {(p) => (
            <Input
              {...p}
              type="date"
              required
              value={paymentDate}
              max={today}
              onChange={(e) => setPaymentDate(e.target.value)}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!paymentDate}>
            Mark paid
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
