import { memo } from "react";
import { type ExchangeRate, FX_SOURCE_LABELS, FX_SOURCES, type FxSource } from "#domain/export-fx";
import { type Choice, SelectField, TextField } from "#web/components/ui/input";
import type { EditorAction } from "./draft";

// An invoice in another currency: the exchange rate in rupees, its date and its source (CGST Rule
// 34; decision 0089). The preview and the totals show the rupee value at once, through the same
// buildInvoiceDocument the server runs. The rate is typed as text so "83.12" is kept exactly.

const SOURCE_CHOICES: readonly Choice<FxSource>[] = FX_SOURCES.map((value) => ({
  value,
  label: FX_SOURCE_LABELS[value],
}));

/** What the editor holds while the rate is typed: text, not yet checked. */
type RateDraft = { rate: string; rateDate: string; source: FxSource; sourceNote: string };

export const ExchangeRateSection = memo(function ExchangeRateSection({
  currency,
  exchangeRate,
  invoiceDate,
  errors,
  dispatch,
}: {
  currency: string;
  exchangeRate: ExchangeRate | undefined;
  invoiceDate: string;
  errors: Record<string, string>;
  dispatch: (action: EditorAction) => void;
}) {
  const current: RateDraft = exchangeRate ?? {
    rate: "",
    rateDate: invoiceDate,
    source: "fbil_reference",
    sourceNote: "",
  };
  const set = (patch: Partial<RateDraft>) =>
    dispatch({ type: "set", patch: { exchangeRate: { ...current, ...patch } as ExchangeRate } });
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" aria-describedby="fx-help">
      <legend className="mb-2 text-base font-semibold">Exchange rate</legend>
      <p id="fx-help" className="text-sm text-muted-foreground sm:col-span-2">
        GST is in rupees: each line is converted once at this rate. Goods: CBIC's notified customs rate for
        the date; services: FBIL's reference rate or your bank's.
      </p>
      <TextField
        label={`Rupees for 1 ${currency}`}
        error={errors["exchangeRate.rate"]}
        hint="Up to 4 decimals, like 83.1200"
        value={current.rate}
        inputMode="decimal"
        maxLength={16}
        onChange={(rate) => set({ rate })}
      />
      <TextField
        label="Rate date"
        error={errors["exchangeRate.rateDate"]}
        type="date"
        value={current.rateDate}
        onChange={(rateDate) => set({ rateDate })}
      />
      <SelectField
        label="Source of the rate"
        error={errors["exchangeRate.source"]}
        value={current.source}
        options={SOURCE_CHOICES}
        onChange={(source) => set({ source })}
      />
      <TextField
        label={current.source === "other" ? "Source name" : "Source name (optional)"}
        error={errors["exchangeRate.sourceNote"]}
        hint="The bank or notification, like HDFC Bank or 75/2026-Customs (N.T.)"
        value={current.sourceNote}
        maxLength={100}
        onChange={(sourceNote) => set({ sourceNote })}
      />
    </fieldset>
  );
});
