import { FileJson } from "lucide-react";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { Button } from "#web/components/ui/button";
import type { Column } from "#web/features/documents/DocumentList";
import { saveDownload } from "./download-file";

// The e-way bill JSON download (issue 34, decision 0085): POST /api/eway-bills with one document
// or several, saved under the server's file name; a refusal names each document and why. No zod
// here: the invoice list (a first page) loads the bulk bar.

export type EwayDocumentRef = { kind: "invoice" | "challan" | "credit_note"; id: string };

/** Fetches the bulk JSON and saves it; a refusal becomes an ApiError with the server's message. */
export function downloadEwayBills(documents: EwayDocumentRef[], evenIfNotNeeded = false): Promise<string> {
  return saveDownload(
    "/api/eway-bills",
    {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ documents, evenIfNotNeeded }),
    },
    "ewaybill.json",
  );
}

/** One download at a time, with the refusal kept to show beside the button. */
export function useEwayDownload() {
  const [running, setRunning] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (documents: EwayDocumentRef[], evenIfNotNeeded = false) => {
    setRunning(true);
    setRefusal(null);
    try {
      toast.success("Downloaded", { description: await downloadEwayBills(documents, evenIfNotNeeded) });
      return true;
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : "The download failed. Try again.");
      return false;
    } finally {
      setRunning(false);
    }
  };
  return { running, refusal, run };
}

/** A row's box for a list's bulk e-way bill download (issued documents only). */
export function EwaySelectBox({
  number,
  checked,
  onChange,
}: {
  number: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      className="size-4"
      aria-label={`Select ${number} for the e-way bill JSON`}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

/**
 * A list's choice of documents for one e-way bill file: the ids chosen, each row's box (where
 * `choosable` lets the document be chosen) and the list's Select column of those boxes.
 */
export function useEwayChoice<T extends { id: string }>(
  choosable: (doc: T) => boolean,
  number: (doc: T) => string,
) {
  const [chosen, setChosen] = useState<string[]>([]);
  const box = (doc: T) =>
    choosable(doc) && (
      <EwaySelectBox
        number={number(doc)}
        checked={chosen.includes(doc.id)}
        onChange={(on) => setChosen((ids) => (on ? [...ids, doc.id] : ids.filter((id) => id !== doc.id)))}
      />
    );
  const column: Column<T> = { header: "Select", headerHidden: true, className: "w-8", cell: box };
  return { chosen, clear: () => setChosen([]), box, column };
}

const NOUNS: Record<EwayDocumentRef["kind"], [string, string]> = {
  invoice: ["invoice", "invoices"],
  credit_note: ["credit note", "credit notes"],
  challan: ["challan", "challans"],
};

/** The download of several documents in one file, and its refusal below it (a list's bar). */
export function EwayBulkButton({
  documents,
  children,
}: {
  documents: EwayDocumentRef[];
  /** What stands after the button, before a refusal's line (a Clear button). */
  children?: ReactNode;
}) {
  const { running, refusal, run } = useEwayDownload();
  return (
    <>
      <Button size="sm" variant="outline" busy={running} onClick={() => void run(documents)}>
        <FileJson className="h-4 w-4" aria-hidden="true" />
        Download e-way bill JSON
      </Button>
      {children}
      {refusal && (
        <p
          className="basis-full whitespace-pre-line text-sm text-destructive"
          role="alert"
          data-testid="eway-refusal"
        >
          {refusal}
        </p>
      )}
    </>
  );
}

/** A list's bulk action: the chosen documents' e-way bills in one file (invoices unless `kind`). */
export function EwayBulkBar({
  ids,
  kind = "invoice",
  onClear,
}: {
  ids: string[];
  kind?: EwayDocumentRef["kind"];
  onClear: () => void;
}) {
  if (ids.length === 0) return null;
  const [one, many] = NOUNS[kind];
  return (
    <section
      aria-label={`Selected ${many}`}
      className="mb-3 flex flex-wrap items-center gap-2 rounded-md border border-border bg-muted/40 p-3"
      data-testid="eway-bulk"
    >
      <span className="text-sm">
        {ids.length} {ids.length === 1 ? one : many} selected
      </span>
      <EwayBulkButton documents={ids.map((id) => ({ kind, id }))}>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear selection
        </Button>
      </EwayBulkButton>
    </section>
  );
}
