import { FileJson } from "lucide-react";
import { ewayBillNotNeededReason } from "#domain/eway-bill";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import type { Invoice } from "#web/features/documents/types";
import { useMay } from "../members/role";
import { type EwayDocumentRef, useEwayDownload } from "./eway-download";

// The e-way bill JSON of an issued invoice of goods (issue 34, decision 0085): the download, or
// why none is needed and the download anyway; a refusal is shown where the button is.

export function EwayBillCard({ invoice }: { invoice: Invoice }) {
  const mayRead = useMay("reports.read");
  const { running, refusal, run } = useEwayDownload();
  const doc = invoice.document;
  if (!mayRead || !doc.gstDetails || invoice.status === "draft" || invoice.status === "cancelled")
    return null;
  const notNeeded = ewayBillNotNeededReason({ totalMinor: invoice.totalMinor, lines: doc.items });
  const documents: EwayDocumentRef[] = [{ kind: "invoice", id: invoice.id }];
  return (
    <Card role="region" aria-labelledby="eway-heading" data-testid="eway-card">
      <h2 id="eway-heading" className="text-lg font-semibold">
        E-way bill
      </h2>
      {notNeeded && (
        <p className="mt-1 text-sm" data-testid="eway-not-needed">
          {notNeeded}
        </p>
      )}
      {!doc.transport && (
        <p className="mt-1 text-sm text-muted-foreground">
          Add the vehicle or transporter in the invoice's Transport section above, then save.
        </p>
      )}
      <Button
        className="mt-3"
        size="sm"
        variant="outline"
        busy={running}
        onClick={() => void run(documents, notNeeded !== null)}
      >
        <FileJson className="h-4 w-4" aria-hidden="true" />
        {notNeeded ? "Download e-way bill JSON anyway" : "Download e-way bill JSON"}
      </Button>
      {refusal && (
        <p
          className="mt-2 whitespace-pre-line text-sm text-destructive"
          role="alert"
          data-testid="eway-refusal"
        >
          {refusal}
        </p>
      )}
      <p className="mt-2 text-xs text-muted-foreground">
        Bahi does not upload to the e-way bill portal: upload this file at ewaybillgst.gov.in (Generate by
        bulk) to get the e-way bill number.
      </p>
    </Card>
  );
}
