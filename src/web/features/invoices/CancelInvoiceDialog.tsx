import { INVOICE_NOT_DELETABLE } from "#domain/document-number";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";

/**
 * Asks before cancelling an issued invoice, and says why it is cancelled rather than deleted
 * (Rule 46: the series stays consecutive). Open while `invoiceNumber` is set.
 */
export function CancelInvoiceDialog({
  invoiceNumber,
  onOpenChange,
  onConfirm,
  busy,
}: {
  invoiceNumber: string | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  return (
    <ConfirmDialog
      open={invoiceNumber !== null}
      onOpenChange={onOpenChange}
      title={`Cancel invoice ${invoiceNumber ?? ""}?`}
      description={`${INVOICE_NOT_DELETABLE} Items it took out of stock go back.`}
      confirmLabel="Cancel invoice"
      dismissLabel="Keep it"
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
