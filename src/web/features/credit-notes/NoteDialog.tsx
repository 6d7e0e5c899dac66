import { type FormEvent, useMemo, useState } from "react";
import type { CreditNoteAnswer } from "#contract/credit-notes";
import {
  buildNoteDocument,
  NOTE_REASON_LABELS,
  NOTE_REASONS,
  NOTE_TITLES,
  type NoteKind,
  type NoteLineInput,
  type NoteReason,
} from "#domain/credit-notes";
import { DomainError } from "#domain/errors";
import { formatMoney } from "#domain/format";
import { isGstTotals } from "#domain/totals";
import { ApiError } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Field, Input, Select } from "#web/components/ui/input";
import { Dialog } from "#web/components/ui/lazy-dialog";
import type { Invoice } from "#web/features/documents/types";
import { issueNote } from "./api";

// Issue a credit or debit note against an issued invoice: a reason, a date, the quantity of each
// original line to credit (or debit), and an extra amount for a discount or a correction. The total
// and its tax split are worked out here with the server's own rules, as the user types.

interface Extra {
  name: string;
  amount: string;
  taxPercent: string;
}

export function NoteDialog({
  invoice,
  kind,
  today,
  open,
  onOpenChange,
  onIssued,
}: {
  invoice: Invoice;
  kind: NoteKind;
  today: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onIssued: (answer: CreditNoteAnswer) => Promise<void>;
}) {
  const title = `Issue ${NOTE_TITLES[kind].toLowerCase()}`;
  const [reason, setReason] = useState<NoteReason>(
    kind === "credit" ? "sales_return" : "correction_in_invoice",
  );
  const [noteDate, setNoteDate] = useState(today < invoice.invoiceDate ? invoice.invoiceDate : today);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [extra, setExtra] = useState<Extra>({ name: "", amount: "", taxPercent: "0" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const items = invoice.document.items;

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
      });
    return chosen;
  }, [items, quantities, extra, reason]);

  // The live total: the same rules as the server (earlier notes are checked there).
  const preview = useMemo(() => {
    if (lines.length === 0) return null;
    try {
      const doc = buildNoteDocument(
        { ...invoice.document, status: invoice.status },
        { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, invoiceDate: invoice.invoiceDate },
        { kind, noteDate, reason, lines },
        "CN/2000-01/0001",
        [],
        (minor) => formatMoney(minor, invoice.currency),
      );
      return { totals: doc.totals, problem: null as string | null };
    } catch (error) {
      return { totals: null, problem: error instanceof DomainError ? error.message : String(error) };
    }
  }, [invoice, kind, noteDate, reason, lines]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (lines.length === 0) {
      setErrors({ lines: "Enter a quantity on at least one line, or an amount." });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const answer = await issueNote({ invoiceId: invoice.id, kind, noteDate, reason, lines });
      await onIssued(answer);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError) setErrors({ ...(error.fields ?? {}), form: error.message });
      else setErrors({ form: String(error) });
    } finally {
      setBusy(false);
    }
  }

  // Field errors name the line by its position among the chosen lines.
  const chosenIndex = (id: string) => lines.findIndex((l) => l.originalLineId === id);
  const lineError = (id: string) => {
    const i = chosenIndex(id);
    return i === -1 ? undefined : errors[`lines.${i}.quantity`];
  };
  const totals = preview?.totals;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={`Against ${invoice.invoiceNumber}`}
    >
      <form className="grid gap-4" onSubmit={submit} noValidate aria-label={title}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Reason" error={errors.reason}>
            {(p) => (
              <Select {...p} value={reason} onChange={(e) => setReason(e.target.value as NoteReason)}>
                {NOTE_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {NOTE_REASON_LABELS[r]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Note date" error={errors.noteDate}>
            {(p) => (
              <Input {...p} type="date" value={noteDate} onChange={(e) => setNoteDate(e.target.value)} />
            )}
          </Field>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">
            {kind === "credit" ? "Quantity to return or credit" : "Quantity to debit"}
          </legend>
          {items.map((item) => (
            <Field
              key={item.id}
              label={`${item.name} (invoiced ${item.quantity}${item.unit ? ` ${item.unit}` : ""})`}
              error={lineError(item.id)}
            >
              {(p) => (
                <Input
                  {...p}
                  inputMode="decimal"
                  placeholder="0"
                  value={quantities[item.id] ?? ""}
                  onChange={(e) => setQuantities((q) => ({ ...q, [item.id]: e.target.value }))}
                />
              )}
            </Field>
          ))}
        </fieldset>
        <fieldset className="grid gap-2 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-medium">Or an amount (a discount, a correction)</legend>
          <Field label="Description">
            {(p) => (
              <Input
                {...p}
                value={extra.name}
                maxLength={200}
                onChange={(e) => setExtra((x) => ({ ...x, name: e.target.value }))}
              />
            )}
          </Field>
          <Field
            label={`Amount before tax (${invoice.currency})`}
            error={errors[`lines.${lines.length - 1}.amount`]}
          >
            {(p) => (
              <Input
                {...p}
                inputMode="decimal"
                value={extra.amount}
                onChange={(e) => setExtra((x) => ({ ...x, amount: e.target.value }))}
              />
            )}
          </Field>
          <Field label="Tax %">
            {(p) => (
              <Input
                {...p}
                inputMode="decimal"
                value={extra.taxPercent}
                onChange={(e) => setExtra((x) => ({ ...x, taxPercent: e.target.value }))}
              />
            )}
          </Field>
        </fieldset>
        <div
          className="rounded-md border border-border p-3 text-sm"
          aria-live="polite"
          data-testid="note-total"
        >
          {totals ? (
            <>
              <p>
                Taxable {money(totals.taxableMinor)}
                {isGstTotals(totals)
                  ? totals.split === "igst"
                    ? ` · IGST ${money(totals.igstMinor)}`
                    : ` · CGST ${money(totals.cgstMinor)} · ${invoice.document.gstDetails?.stateTaxName ?? "SGST"} ${money(totals.sgstMinor)}`
                  : ` · Tax ${money(totals.taxMinor)}`}
              </p>
              <p className="mt-1 font-semibold">
                {NOTE_TITLES[kind]} total {money(totals.totalMinor)}
              </p>
            </>
          ) : (
            <p className={preview?.problem ? "text-destructive" : "text-muted-foreground"}>
              {preview?.problem ?? "Enter a quantity or an amount to see the total."}
            </p>
          )}
        </div>
        {(errors.form || errors.lines) && (
          <p className="text-sm text-destructive" role="alert">
            {errors.lines ?? errors.form}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {title}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
