import { Ban, CheckCircle2, Copy, Eye, Mail, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { isDeletable } from "#domain/document-number";
import { RowButton } from "#web/features/documents/RowButton";
import type { InvoiceSummary } from "#web/features/documents/types";
import { useMay } from "#web/features/members/role";
import { DownloadPdfButton } from "#web/features/pdf/DownloadPdfButton";

export type RowAction = "duplicate" | "paid" | "delete" | "cancel";

/** One invoice's row: the action under way, if any, and what to do when one is chosen. */
interface RowActionsProps {
  invoice: InvoiceSummary;
  busy: RowAction | null;
  onAction: (action: RowAction, invoice: InvoiceSummary) => void;
}

/**
 * Edit, duplicate, mark paid and delete (a draft) or cancel (an issued invoice, which is never
 * deleted) for one invoice; labels name the invoice for screen readers. A role that may not change
 * invoices (decision 0079) gets Open and the PDF only.
 */
export function InvoiceRowActions({ invoice, busy, onAction }: RowActionsProps) {
  const n = invoice.invoiceNumber;
  const mayWrite = useMay("documents.write");
  const Open = mayWrite ? Pencil : Eye;
  return (
    <div className="flex items-center justify-end gap-1">
      <Link
        to={`/invoice/edit/${encodeURIComponent(invoice.id)}`}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md hover:bg-muted"
        aria-label={`${mayWrite ? "Edit" : "Open"} invoice ${n}`}
        title={mayWrite ? "Edit" : "Open"}
      >
        <Open className="h-4 w-4" aria-hidden="true" />
      </Link>
      {mayWrite && (invoice.status === "due" || invoice.status === "paid") && (
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
      {mayWrite && <WriteActions invoice={invoice} busy={busy} onAction={onAction} />}
    </div>
  );
}

function WriteActions({ invoice, busy, onAction }: RowActionsProps) {
  const n = invoice.invoiceNumber;
  const canPay = invoice.status === "due";
  return (
    <>
      <RowButton
        label={`Duplicate invoice ${n}`}
        title="Duplicate"
        icon={Copy}
        busy={busy === "duplicate"}
        onClick={() => onAction("duplicate", invoice)}
      />
      {canPay && (
        <RowButton
          label={`Mark invoice ${n} paid`}
          title="Mark paid"
          icon={CheckCircle2}
          tone="success"
          busy={busy === "paid"}
          onClick={() => onAction("paid", invoice)}
        />
      )}
      {isDeletable(invoice.status, n) ? (
        <RowButton
          label={`Delete invoice ${n}`}
          title="Delete"
          icon={Trash2}
          tone="destructive"
          onClick={() => onAction("delete", invoice)}
        />
      ) : (
        invoice.status !== "cancelled" && (
          <RowButton
            label={`Cancel invoice ${n}`}
            title="Cancel invoice"
            icon={Ban}
            tone="destructive"
            onClick={() => onAction("cancel", invoice)}
          />
        )
      )}
    </>
  );
}
