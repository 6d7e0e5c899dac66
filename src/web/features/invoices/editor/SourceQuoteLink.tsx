import { useQuery } from "@tanstack/react-query";
import { FileSignature } from "lucide-react";
import { Link } from "react-router";
import { api } from "#web/api";

/** On an invoice made from a quote: "From quote QT/…", linking back to it. */
export function SourceQuoteLink({ invoiceId }: { invoiceId: string }) {
  const source = useQuery({
    queryKey: ["invoices", "source-quote", invoiceId],
    queryFn: () =>
      api<{ quote: { id: string; quoteNumber: string } | null }>(
        `/api/invoices/${encodeURIComponent(invoiceId)}/source-quote`,
      ),
    staleTime: 60_000,
  });
  const quote = source.data?.quote;
  if (!quote) return null;
  return (
    <Link
      to={`/quotes/${encodeURIComponent(quote.id)}`}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline"
      data-testid="source-quote"
    >
      <FileSignature className="h-4 w-4" aria-hidden="true" />
      From quote {quote.quoteNumber}
    </Link>
  );
}
