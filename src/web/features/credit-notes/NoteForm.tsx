import {
  NOTE_REASON_LABELS,
  NOTE_REASONS,
  NOTE_TITLES,
  type NoteKind,
  type NoteReason,
} from "#domain/credit-notes";
import { formatMoney } from "#domain/format";
import { isGstTotals } from "#domain/totals";
import { Card } from "#web/components/ui/card";
import { Field, Input, Select } from "#web/components/ui/input";
import type { Invoice } from "#web/features/documents/types";
import type { NoteDraft } from "./useNoteDraft";

/** A new note's form in the editor shell: reason and date, the quantities, an amount, the total. */
export function NoteForm({
  invoice,
  kind,
  draft,
  errors,
}: {
  invoice: Invoice;
  kind: NoteKind;
  draft: NoteDraft;
  errors: Record<string, string>;
}) {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  // Field errors name the line by its position among the chosen lines.
  const lineError = (id: string) => {
    const i = draft.lines.findIndex((l) => l.originalLineId === id);
    return i === -1 ? undefined : errors[`lines.${i}.quantity`];
  };
  const totals = draft.preview.document?.totals;
  return (
    <>
      <Card className="grid gap-4 sm:grid-cols-2">
        <Field label="Reason" error={errors.reason}>
          {(p) => (
            <Select
              {...p}
              value={draft.reason}
              onChange={(e) => draft.setReason(e.target.value as NoteReason)}
            >
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
            <Input
              {...p}
              type="date"
              value={draft.noteDate}
              onChange={(e) => draft.setNoteDate(e.target.value)}
            />
          )}
        </Field>
      </Card>
      <Card>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">
            {kind === "credit" ? "Quantity to return or credit" : "Quantity to debit"}
          </legend>
          {invoice.document.items.map((item) => (
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
                  value={draft.quantities[item.id] ?? ""}
                  onChange={(e) => draft.setQuantity(item.id, e.target.value)}
                />
              )}
            </Field>
          ))}
        </fieldset>
      </Card>
      <Card>
        <fieldset className="grid gap-2 sm:grid-cols-3 sm:items-end">
          <legend className="mb-1 text-sm font-medium">Or an amount (a discount, a correction)</legend>
          <Field label="Description">
            {(p) => (
              <Input
                {...p}
                value={draft.extra.name}
                maxLength={200}
                onChange={(e) => draft.setExtra({ name: e.target.value })}
              />
            )}
          </Field>
          <Field
            label={`Amount before tax (${invoice.currency})`}
            error={errors[`lines.${draft.lines.length - 1}.amount`]}
          >
            {(p) => (
              <Input
                {...p}
                inputMode="decimal"
                value={draft.extra.amount}
                onChange={(e) => draft.setExtra({ amount: e.target.value })}
              />
            )}
          </Field>
          <Field label="Tax %">
            {(p) => (
              <Input
                {...p}
                inputMode="decimal"
                value={draft.extra.taxPercent}
                onChange={(e) => draft.setExtra({ taxPercent: e.target.value })}
              />
            )}
          </Field>
        </fieldset>
      </Card>
      <Card className="text-sm" aria-live="polite" data-testid="note-total">
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
          <p className={draft.preview.problem ? "text-destructive" : "text-muted-foreground"}>
            {draft.preview.problem ?? "Enter a quantity or an amount to see the total."}
          </p>
        )}
      </Card>
      {(errors.form || errors.lines) && (
        <p className="text-sm text-destructive" role="alert">
          {errors.lines ?? errors.form}
        </p>
      )}
    </>
  );
}
