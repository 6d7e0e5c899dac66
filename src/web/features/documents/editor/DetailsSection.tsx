import { memo } from "react";
import { CURRENCIES } from "#domain/currencies";
import type { InvoiceInput } from "#domain/invoice";
import { Field, Input, Select } from "#web/components/ui/input";
import type { EditorAction } from "./draft";

/** What a kind calls its number and dates ("Invoice number", "Valid until", …). */
export interface DetailLabels {
  legend: string;
  number: string;
  date: string;
  /** Absent: the kind has no second date (a delivery challan). */
  due?: string;
  dueHint?: string;
}

/** Number, dates and currency, as each kind names them (held in the editor's invoice fields). */
export const DetailsSection = memo(function DetailsSection({
  labels,
  invoiceNumber,
  invoiceDate,
  dueDate,
  currency,
  numberHint,
  errors,
  dispatch,
  onNumberEdited,
}: {
  /** One object for the whole visit (a module constant), so the section skips other keystrokes. */
  labels: DetailLabels;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string | null;
  currency: InvoiceInput["currency"];
  numberHint: string;
  errors: Record<string, string>;
  dispatch: (action: EditorAction) => void;
  onNumberEdited: () => void;
}) {
  const set = (patch: Partial<InvoiceInput>) => dispatch({ type: "set", patch });
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold">{labels.legend}</legend>
      <Field label={labels.number} error={errors.invoiceNumber} hint={numberHint}>
        {(p) => (
          <Input
            {...p}
            value={invoiceNumber}
            maxLength={40}
            required
            onChange={(e) => {
              onNumberEdited();
              set({ invoiceNumber: e.target.value });
            }}
          />
        )}
      </Field>
      <Field label="Currency" error={errors.currency}>
        {(p) => (
          <Select
            {...p}
            value={currency}
            onChange={(e) => set({ currency: e.target.value as InvoiceInput["currency"] })}
          >
            {CURRENCIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} — {c.name} ({c.symbol})
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={labels.date} error={errors.invoiceDate}>
        {(p) => (
          <Input
            {...p}
            type="date"
            required
            value={invoiceDate}
            onChange={(e) => set({ invoiceDate: e.target.value })}
          />
        )}
      </Field>
      {labels.due && (
        <Field label={labels.due} error={errors.dueDate} hint={labels.dueHint}>
          {(p) => (
            <Input
              {...p}
              type="date"
              value={dueDate ?? ""}
              min={invoiceDate || undefined}
              onChange={(e) => set({ dueDate: e.target.value || null })}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
});
