import { FileJson } from "lucide-react";
import { ewayBillNotNeededReason } from "#domain/eway-bill";
import type { InvoiceDocument } from "#domain/invoice";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { useMay } from "../members/role";
import { type EwayDocumentRef, useEwayDownload } from "./eway-download";

// The e-way bill JSON of an issued invoice of goods (issue 34, decision 0085): the download, or
// why none is needed and the download anyway; a refusal is shown where the button is.

export function EwayBillCard({
  doc: ref,
  document: doc,
  totalMinor,
  issued,
}: {
  doc: EwayDocumentRef;
  document: InvoiceDocument;
  totalMinor: number;
  /** Issued and not cancelled: a draft or a cancelled document moves no goods. */
  issued: boolean;
}) {
  const mayRead = useMay("reports.read");
  const { running, refusal, run } = useEwayDownload();
  if (!mayRead || !doc.gstDetails || !issued) return null;
  const notNeeded = ewayBillNotNeededReason({ totalMinor, lines: doc.items });
  const documents = [ref];
  const noun = ref.kind === "challan" ? "challan" : ref.kind === "credit_note" ? "credit note" : "invoice";
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
          No transport details saved with this {noun}: the file has Part A only (add the vehicle on the
          portal){ref.kind !== "challan" ? ", or fill the Transport section above and save" : ""}.
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
