import { useQuery } from "@tanstack/react-query";
import { FileMinus2, FilePlus2 } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";
import { NOTE_REASON_LABELS, NOTE_TITLES, type NoteKind } from "#domain/credit-notes";
import { formatPageDate } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { Card } from "#web/components/ui/card";
import { CardRecords } from "#web/components/ui/states";
import type { Invoice } from "#web/features/documents/types";
import { useMay } from "#web/features/members/role";
import { invoiceNotesQuery, notePath } from "./api";

const LINK_BUTTON =
  "inline-flex h-8 items-center gap-2 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted";

// On an issued invoice: its credit and debit notes, and the links that issue them (on the note's
// own page, beside its print preview). A credit note lowers the balance due (the Payments card
// shows its share), a debit note stands alone.

export const NotesCard = memo(function NotesCard({ invoice }: { invoice: Invoice }) {
  const query = useQuery(invoiceNotesQuery(invoice.id));
  const issue = (kind: NoteKind) => `/credit-notes/new?${new URLSearchParams({ invoice: invoice.id, kind })}`;
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const mayIssue = useMay("credit-notes.write");

  return (
    <Card role="region" aria-labelledby="notes-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notes-heading" className="text-lg font-semibold">
          Credit and debit notes
        </h2>
        <div className={mayIssue ? "flex flex-wrap gap-2" : "hidden"}>
          <Link className={LINK_BUTTON} to={issue("credit")}>
            <FileMinus2 className="h-4 w-4" aria-hidden="true" />
            Issue credit note
          </Link>
          <Link className={LINK_BUTTON} to={issue("debit")}>
            <FilePlus2 className="h-4 w-4" aria-hidden="true" />
            Issue debit note
          </Link>
        </div>
      </div>
      <CardRecords
        query={query}
        items={query.data?.items}
        what="notes"
        empty="No notes issued against this invoice."
        label="Notes of this invoice"
        main={(n) => (
          <>
            <p className="font-medium">
              <Link className="hover:underline" to={notePath(n.id)}>
                {NOTE_TITLES[n.kind]} {n.noteNumber}
              </Link>
              {n.status === "cancelled" && <span className="ml-2 text-xs text-destructive">Cancelled</span>}
            </p>
            <p className="text-xs text-muted-foreground">
              {formatPageDate(n.noteDate)} · {NOTE_REASON_LABELS[n.reason]}
              {n.excessMinor > 0 ? ` · ${money(n.excessMinor)} owed back to the client` : ""}
            </p>
          </>
        )}
        side={(n) => (
          <p className="font-medium tabular-nums">
            {n.kind === "credit" ? "−" : "+"}
            {money(n.totalMinor)}
          </p>
        )}
      />
      <p className="mt-2 text-xs text-muted-foreground">
        <Link className="underline" to="/credit-notes">
          All credit and debit notes
        </Link>
      </p>
    </Card>
  );
});
