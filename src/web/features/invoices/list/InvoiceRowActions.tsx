import { Ban, CheckCircle2, Copy, Mail, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { isDeletable } from "#domain/document-number";
import { Button } from "#web/components/ui/button";
import type { InvoiceSummary } from "#web/features/documents/types";
import { DownloadPdfButton } from "#web/features/pdf/DownloadPdfButton";

export type RowAction = "duplicate" | "paid" | "delete" | "cancel";

/**
 * Edit, duplicate, mark paid and delete (a draft) or cancel (an issued invoice, which is never
 * deleted) for one invoice; labels name the invoice for screen readers.
 */
export function InvoiceRowActions({
  invoice,
  busy,
  onAction,
}: {
  invoice: InvoiceSummary;
  busy: RowAction | null;
  onAction: (action: RowAction, invoice: InvoiceSummary) => void;
}) {
  const n = invoice.invoiceNumber;
  const canPay = invoice.status === "due";
  return (
    <div className="flex items-center justify-end gap-1">
      <Link
        to={`/invoice/edit/${encodeURIComponent(invoice.id)}`}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-muted"
        aria-label={`Edit invoice ${n}`}
        title="Edit"
      >
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </Link>
      {(invoice.status === "due" || invoice.status === "paid") && (
        <Link
          to={`/invoice/edit/${encodeURIComponent(invoice.id)}?send=1`}
          className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-muted"
          aria-label={`Send invoice ${n} by e-mail`}
          title="Send by e-mail"
        >
          <Mail className="h-4 w-4" aria-hidden="true" />
        </Link>
      )}
      <DownloadPdfButton invoice={invoice} iconOnly variant="ghost" />
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Duplicate invoice ${n}`}
        title="Duplicate"
        busy={busy === "duplicate"}
        onClick={() => onAction("duplicate", invoice)}
      >
        {busy !== "duplicate" && <Copy className="h-4 w-4" aria-hidden="true" />}
      </Button>
      {canPay && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Mark invoice ${n} paid`}
          title="Mark paid"
          busy={busy === "paid"}
          onClick={() => onAction("paid", invoice)}
        >
          {busy !== "paid" && <CheckCircle2 className="h-4 w-4 text-success" aria-hidden="true" />}
        </Button>
      )}
      {isDeletable(invoice.status, n) ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete invoice ${n}`}
          title="Delete"
          onClick={() => onAction("delete", invoice)}
        >
          <Trash2 className="h-4 w-4 text-destructive" aria-hidden="true" />
        </Button>
      ) : (
        invoice.status !== "cancelled" && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Cancel invoice ${n}`}
            title="Cancel invoice"
            onClick={() => onAction("cancel", invoice)}
          >
            <Ban className="h-4 w-4 text-destructive" aria-hidden="true" />
          </Button>
        )
      )}
    </div>
  );
}
