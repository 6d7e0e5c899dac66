import { useMemo, useState } from "react";
import { buildNotePage } from "#domain/credit-note-page";
import {
  buildNoteDocument,
  NOTE_REASON_LABELS,
  type NoteKind,
  type NoteLineInput,
  type NoteReason,
  typedAmountDefaults,
} from "#domain/credit-notes";
import { DomainError } from "#domain/errors";
import type { Transport } from "#domain/eway-bill";
import { formatMoney } from "#domain/format";
import type { Uqc } from "#domain/gst-uqc";
import type { Invoice } from "#web/features/documents/types";

// A new note's choices against its invoice: a reason, a date, the quantity of each original line to
// credit (or debit), and an extra amount for a discount or a correction. The note's document, its
// total and its page are worked out here with the server's own rules, as the user types.

export interface Extra {
  name: string;
  amount: string;
  taxPercent: string;
  /** The amount's HSN/SAC and UQC: the invoice's to start with (decision 0082). */
  hsnSac: string;
  uqc: Uqc | "";
}

/** What the preview shows for the number: the series gives it when the note is issued. */
const UNNUMBERED = "Given when issued";

export function useNoteDraft(invoice: Invoice, kind: NoteKind, today: string) {
  const firstReason: NoteReason = kind === "credit" ? "sales_return" : "correction_in_invoice";
  const firstDate = today < invoice.invoiceDate ? invoice.invoiceDate : today;
  const [reason, setReason] = useState<NoteReason>(firstReason);
  const [noteDate, setNoteDate] = useState(firstDate);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  // A credit note's own Transport section (decision 0090): the goods' way back, never the invoice's.
  const [transport, setTransport] = useState<Transport | undefined>(undefined);
  const items = invoice.document.items;
  const [extra, setExtra] = useState<Extra>(() => ({
    name: "",
    amount: "",
    taxPercent: "0",
    ...typedAmountDefaults({ items }),
  }));

  const lines: NoteLineInput[] = useMemo(() => {
    const chosen: NoteLineInput[] = items
      .filter((item) => (quantities[item.id] ?? "").trim() !== "" && Number(quantities[item.id]) !== 0)
      .map((item) => ({ originalLineId: item.id, quantity: quantities[item.id]!.trim() }));
    if (extra.amount.trim() !== "")
      chosen.push({
        originalLineId: null,
        name: extra.name.trim() || NOTE_REASON_LABELS[reason],
        amount: extra.amount.trim(),
        taxPercent: extra.taxPercent.trim() || "0",
        hsnSac: extra.hsnSac.trim(),
        uqc: extra.uqc,
      });
    return chosen;
  }, [items, quantities, extra, reason]);

  // The note as it will be issued (earlier notes are checked by the server), and its page.
  const preview = useMemo(() => {
    if (lines.length === 0) return { document: null, page: null, problem: null };
    try {
      const document = buildNoteDocument(
        { ...invoice.document, status: invoice.status },
        { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, invoiceDate: invoice.invoiceDate },
        { kind, noteDate, reason, lines },
        UNNUMBERED,
        [],
        (minor) => formatMoney(minor, invoice.currency),
      );
      return { document, page: buildNotePage(document, { cancelled: false }), problem: null };
    } catch (error) {
      const problem = error instanceof DomainError ? error.message : String(error);
      return { document: null, page: null, problem };
    }
  }, [invoice, kind, noteDate, reason, lines]);

  const dirty =
    reason !== firstReason ||
    noteDate !== firstDate ||
    lines.length > 0 ||
    extra.name.trim() !== "" ||
    transport !== undefined;

  return {
    reason,
    setReason,
    noteDate,
    setNoteDate,
    quantities,
    setQuantity: (id: string, value: string) => setQuantities((q) => ({ ...q, [id]: value })),
    extra,
    setExtra: (patch: Partial<Extra>) => setExtra((x) => ({ ...x, ...patch })),
    lines,
    preview,
    dirty,
    transport,
    setTransport,
    /** What the API takes (a debit note moves no goods: no transport). */
    body: () => ({
      invoiceId: invoice.id,
      kind,
      noteDate,
      reason,
      lines,
      ...(kind === "credit" && transport ? { transport } : {}),
    }),
  };
}

export type NoteDraft = ReturnType<typeof useNoteDraft>;
