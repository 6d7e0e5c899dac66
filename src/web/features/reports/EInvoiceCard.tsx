import { FileJson } from "lucide-react";
import { eInvoiceInputOfInvoice } from "#domain/gst-einvoice-input";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import type { Invoice } from "#web/features/documents/types";
import { useMay } from "../members/role";
import { useFileDownload } from "./download-file";

// The e-invoice JSON of a saved, issued GST invoice (issue part 7): the download when the invoice
// is e-invoiced, otherwise the reason in one line. The same domain rule decides on the server.

export function EInvoiceCard({ invoice }: { invoice: Invoice }) {
  const { running, run } = useFileDownload();
  const mayRead = useMay("reports.read");
  if (!mayRead || !invoice.document.gstDetails || invoice.status === "draft") return null;
  const result = eInvoiceInputOfInvoice({
    invoiceNumber: invoice.invoiceNumber,
    status: invoice.status,
    invoiceDate: invoice.invoiceDate,
    currency: invoice.currency,
    document: invoice.document,
  });
  return (
    <Card role="region" aria-labelledby="einvoice-heading" data-testid="einvoice-card">
      <h2 id="einvoice-heading" className="text-lg font-semibold">
        E-invoice
      </h2>
      {result.ok ? (
        <Button
          className="mt-3"
          size="sm"
          variant="outline"
          busy={running === "einvoice"}
          onClick={() =>
            run(
              "einvoice",
              `/api/invoices/${encodeURIComponent(invoice.id)}/einvoice`,
              `einvoice_${invoice.invoiceNumber}.json`,
            )
          }
        >
          <FileJson className="h-4 w-4" aria-hidden="true" />
          Download e-invoice JSON
        </Button>
      ) : (
        <p className="mt-1 text-sm" data-testid="einvoice-reason">
          {result.reason}
        </p>
      )}
      <p className="mt-2 text-xs text-muted-foreground">
        Bahi does not upload to the invoice registration portal: if your business must e-invoice, upload this
        file at einvoice1.gst.gov.in yourself to get the IRN and QR code.
      </p>
    </Card>
  );
}
