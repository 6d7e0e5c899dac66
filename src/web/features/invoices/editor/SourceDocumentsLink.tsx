import { useQuery } from "@tanstack/react-query";
import { FileSignature } from "lucide-react";
import { Link } from "react-router";
import { callQuery } from "#web/api";

type Source = { id: string; kind: "quote" | "proforma" | "challan"; number: string };

/** Where each kind's document opens, and what it is called (links by URL only, decision 0058). */
const KINDS: Record<Source["kind"], { path: string; noun: string }> = {
  quote: { path: "/quotes", noun: "quote" },
  proforma: { path: "/proforma-invoices", noun: "proforma invoice" },
  challan: { path: "/delivery-challans", noun: "delivery challan" },
};

/**
 * On an invoice made from a quote, a proforma or delivery challans: "From delivery challan DC/…",
 * each linking back to it.
 */
export function SourceDocumentsLink({ invoiceId }: { invoiceId: string }) {
  const source = useQuery({
    ...callQuery("GET /api/invoices/:id/source-documents", { params: { id: invoiceId } }),
    staleTime: 60_000,
  });
  const documents = source.data?.documents ?? [];
  if (documents.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 text-sm">
      {documents.map((d) => (
        <Link
          key={d.id}
          to={`${KINDS[d.kind].path}/${encodeURIComponent(d.id)}`}
          className="inline-flex items-center gap-1 font-medium text-primary underline"
          data-testid={d.kind === "quote" ? "source-quote" : "source-document"}
        >
          <FileSignature className="h-4 w-4" aria-hidden="true" />
          From {KINDS[d.kind].noun} {d.number}
        </Link>
      ))}
    </span>
  );
}
