import { memo } from "react";
import { CURRENCIES } from "#domain/currencies";
import type { InvoiceInput } from "#domain/invoice";
import { Field, Input, Select } from "#web/components/ui/input";
import type { EditorAction } from "../invoices/editor/draft";

/** A quote's number, date, valid-until date and currency (held in the editor's invoice fields). */
export const QuoteDetailsSection = memo(function QuoteDetailsSection({
  input,
  numberHint,
  errors,
  dispatch,
  onNumberEdited,
}: {
  input: Pick<InvoiceInput, "invoiceNumber" | "invoiceDate" | "dueDate" | "currency">;
  numberHint: string;
  errors: Record<string, string>;
  dispatch: (action: EditorAction) => void;
  onNumberEdited: () => void;
}) {
  const set = (patch: Partial<InvoiceInput>) => dispatch({ type: "set", patch });
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold">Quote details</legend>
      <Field label="Quote number" error={errors.invoiceNumber} hint={numberHint}>
        {(p) => (
          <Input
            {...p}
            value={input.invoiceNumber}
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
            value={input.currency}
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
      <Field label="Quote date" error={errors.invoiceDate}>
        {(p) => (
          <Input
            {...p}
            type="date"
            required
            value={input.invoiceDate}
            onChange={(e) => set({ invoiceDate: e.target.value })}
          />
        )}
      </Field>
      <Field
        label="Valid until"
        error={errors.dueDate}
        hint="The client can accept it until the end of this day."
      >
        {(p) => (
          <Input
            {...p}
            type="date"
            value={input.dueDate ?? ""}
            min={input.invoiceDate || undefined}
            onChange={(e) => set({ dueDate: e.target.value || null })}
          />
        )}
      </Field>
    </fieldset>
  );
});
