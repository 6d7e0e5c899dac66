import { NOTE_REASON_LABELS, NOTE_REASONS, NOTE_TITLES, type NoteKind } from "#domain/credit-notes";
import { formatMoney } from "#domain/format";
import { UQC_CODES, UQC_DESCRIPTIONS, type Uqc } from "#domain/gst-uqc";
import { isGstTotals } from "#domain/totals";
import { Card } from "#web/components/ui/card";
import { type Choice, SelectField, TextField } from "#web/components/ui/input";
import { TransportSection } from "#web/features/documents/editor/TransportSection";
import type { Invoice } from "#web/features/documents/types";
import type { NoteDraft } from "./useNoteDraft";

const REASON_CHOICES = NOTE_REASONS.map((r) => ({ value: r, label: NOTE_REASON_LABELS[r] }));
const UQC_CHOICES: Choice<Uqc | "">[] = [
  { value: "", label: "Not given" },
  ...UQC_CODES.map((code) => ({ value: code, label: `${code}: ${UQC_DESCRIPTIONS[code]}` })),
];

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
        <SelectField
          label="Reason"
          error={errors.reason}
          value={draft.reason}
          options={REASON_CHOICES}
          onChange={draft.setReason}
        />
        <TextField
          label="Note date"
          error={errors.noteDate}
          type="date"
          value={draft.noteDate}
          onChange={draft.setNoteDate}
        />
      </Card>
      <Card>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">
            {kind === "credit" ? "Quantity to return or credit" : "Quantity to debit"}
          </legend>
          {invoice.document.items.map((item) => (
            <TextField
              key={item.id}
              label={`${item.name} (invoiced ${item.quantity}${item.unit ? ` ${item.unit}` : ""})`}
              error={lineError(item.id)}
              inputMode="decimal"
              placeholder="0"
              value={draft.quantities[item.id] ?? ""}
              onChange={(quantity) => draft.setQuantity(item.id, quantity)}
            />
          ))}
        </fieldset>
      </Card>
      <Card>
        <fieldset className="grid gap-2 sm:grid-cols-3 sm:items-end">
          <legend className="mb-1 text-sm font-medium">Or an amount (a discount, a correction)</legend>
          <TextField
            label="Description"
            value={draft.extra.name}
            maxLength={200}
            onChange={(name) => draft.setExtra({ name })}
          />
          <TextField
            label={`Amount before tax (${invoice.currency})`}
            error={errors[`lines.${draft.lines.length - 1}.amount`]}
            inputMode="decimal"
            value={draft.extra.amount}
            onChange={(amount) => draft.setExtra({ amount })}
          />
          <TextField
            label="Tax %"
            inputMode="decimal"
            value={draft.extra.taxPercent}
            onChange={(taxPercent) => draft.setExtra({ taxPercent })}
          />
          {invoice.document.gstDetails && (
            <div className="grid gap-2 sm:col-span-3 sm:grid-cols-2 sm:items-start">
              <TextField
                label="HSN/SAC of the amount"
                hint="The invoice's, unless the amount is for something else. The e-invoice and GSTR-1 need it."
                error={errors[`lines.${draft.lines.length - 1}.hsnSac`]}
                inputMode="numeric"
                maxLength={8}
                value={draft.extra.hsnSac}
                onChange={(hsnSac) => draft.setExtra({ hsnSac })}
              />
              <SelectField
                label="Unit (UQC)"
                error={errors[`lines.${draft.lines.length - 1}.uqc`]}
                value={draft.extra.uqc}
                options={UQC_CHOICES}
                onChange={(uqc) => draft.setExtra({ uqc })}
              />
            </div>
          )}
        </fieldset>
      </Card>
      {kind === "credit" && invoice.document.gstDetails && (
        <Card>
          <TransportSection
            inward
            transport={draft.transport}
            errors={errors}
            dispatch={(action) => {
              if (action.type === "set" && "transport" in action.patch)
                draft.setTransport(action.patch.transport);
            }}
          />
        </Card>
      )}
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
