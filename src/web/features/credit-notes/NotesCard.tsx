import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileMinus2, FilePlus2 } from "lucide-react";
import { memo, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { NOTE_REASON_LABELS, NOTE_TITLES, type NoteKind } from "#domain/credit-notes";
import { formatPageDate } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { queryKeyOf, resourceKey } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import type { Invoice } from "#web/features/documents/types";
import { fetchNotes, notesKey } from "./api";
import { NoteDialog } from "./NoteDialog";

// On an issued invoice: its credit and debit notes, and the buttons that issue them. A credit note
// lowers the balance due (the Payments card shows its share), a debit note stands alone.

export const NotesCard = memo(function NotesCard({
  invoice,
  today,
  onChanged,
}: {
  invoice: Invoice;
  today: string;
  onChanged: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const filters = { invoiceId: invoice.id };
  const query = useQuery({ queryKey: notesKey(filters), queryFn: () => fetchNotes(filters) });
  const [issuing, setIssuing] = useState<NoteKind | null>(null);
  const money = (minor: number) => formatMoney(minor, invoice.currency);

  return (
    <Card role="region" aria-labelledby="notes-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notes-heading" className="text-lg font-semibold">
          Credit and debit notes
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setIssuing("credit")}>
            <FileMinus2 className="h-4 w-4" aria-hidden="true" />
            Issue credit note
          </Button>
          <Button size="sm" variant="outline" onClick={() => setIssuing("debit")}>
            <FilePlus2 className="h-4 w-4" aria-hidden="true" />
            Issue debit note
          </Button>
        </div>
      </div>
      {query.isPending ? (
        <p className="mt-3 text-sm text-muted-foreground" role="status">
          Loading notes…
        </p>
      ) : query.isError ? (
        <p className="mt-3 text-sm text-destructive" role="alert">
          Could not load the notes. Please reload the page.
        </p>
      ) : query.data.items.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">No notes issued against this invoice.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border" aria-label="Notes of this invoice">
          {query.data.items.map((n) => (
            <li key={n.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium">
                  {NOTE_TITLES[n.kind]} {n.noteNumber}
                  {n.status === "cancelled" && (
                    <span className="ml-2 text-xs text-destructive">Cancelled</span>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  {formatPageDate(n.noteDate)} · {NOTE_REASON_LABELS[n.reason]}
                  {n.excessMinor > 0 ? ` · ${money(n.excessMinor)} owed back to the client` : ""}
                </p>
              </div>
              <p className="font-medium tabular-nums">
                {n.kind === "credit" ? "−" : "+"}
                {money(n.totalMinor)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-muted-foreground">
        <Link className="underline" to="/credit-notes">
          All credit and debit notes
        </Link>
      </p>
      {issuing && (
        <NoteDialog
          open
          invoice={invoice}
          kind={issuing}
          today={today}
          onOpenChange={(open) => !open && setIssuing(null)}
          onIssued={async (answer) => {
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: resourceKey("credit-notes") }),
              queryClient.invalidateQueries({
                queryKey: queryKeyOf("GET /api/invoices/:id/payments", { params: { id: invoice.id } }),
              }),
              queryClient.invalidateQueries({ queryKey: resourceKey("products") }),
            ]);
            await onChanged();
            toast.success(`${NOTE_TITLES[answer.note.kind]} ${answer.note.noteNumber} issued`, {
              description:
                answer.note.kind === "credit"
                  ? `Balance due: ${money(answer.invoice.balanceDueMinor)}.`
                  : `Total ${money(answer.note.totalMinor)}.`,
            });
          }}
        />
      )}
    </Card>
  );
});
