import type { AdvanceBody } from "#contract/client-advances";
import { ADVANCE_GST_MESSAGES, ADVANCE_GST_RATES, DEFAULT_ADVANCE_GST_RATE } from "#domain/gst-advances";
import { StateOptions } from "#web/components/state-field";
import { CheckboxField, Field, Select, SelectField } from "#web/components/ui/input";

// GST on an advance (decision 0098): for a regular taxpayer, "For services" asks the rate and the
// place of supply (empty: the client's state); otherwise a hint says why no tax is due. Shared by
// the client's Advances card and the bank review's *Record as advance*.

export interface AdvanceGstChoice {
  forServices: boolean;
  ratePercent: number;
  /** "" : the client's state, as an invoice's default place of supply. */
  placeOfSupply: string;
}

export const NO_ADVANCE_GST: AdvanceGstChoice = {
  forServices: false,
  ratePercent: DEFAULT_ADVANCE_GST_RATE,
  placeOfSupply: "",
};

/** The request's `gst`: the choices for a service of a regular taxpayer, else null (no tax). */
export function advanceGstBodyOf(choice: AdvanceGstChoice, registered: boolean): AdvanceBody["gst"] {
  if (!registered || !choice.forServices) return null;
  return { ratePercent: choice.ratePercent, placeOfSupply: choice.placeOfSupply || null };
}

const RATE_CHOICES = ADVANCE_GST_RATES.map((r) => ({ value: String(r), label: `${r} %` }));

export function AdvanceGstFields({
  value,
  onChange,
  registered,
  errors,
}: {
  value: AdvanceGstChoice;
  onChange: (value: AdvanceGstChoice) => void;
  /** The business is a regular GST taxpayer. */
  registered: boolean;
  errors: Record<string, string>;
}) {
  if (!registered) {
    return (
      <p className="text-xs text-muted-foreground sm:col-span-2">{ADVANCE_GST_MESSAGES.hintUnregistered}</p>
    );
  }
  const set = (patch: Partial<AdvanceGstChoice>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="sr-only">GST on this advance</legend>
      <div className="sm:col-span-2">
        <CheckboxField
          label="For services (GST due on receipt)"
          checked={value.forServices}
          onChange={(forServices) => set({ forServices })}
        />
        <p className="mt-1 text-xs text-muted-foreground">
          {value.forServices ? ADVANCE_GST_MESSAGES.hintServices : ADVANCE_GST_MESSAGES.hintGoods}
        </p>
        {errors.gst && (
          <p className="mt-1 text-sm text-destructive" role="alert">
            {errors.gst}
          </p>
        )}
      </div>
      {value.forServices && (
        <>
          <SelectField
            label="GST rate"
            error={errors["gst.ratePercent"]}
            value={String(value.ratePercent)}
            options={RATE_CHOICES}
            onChange={(v) => set({ ratePercent: Number(v) })}
          />
          <Field label="Place of supply" error={errors["gst.placeOfSupply"]}>
            {(p) => (
              <Select
                {...p}
                value={value.placeOfSupply}
                onChange={(e) => set({ placeOfSupply: e.target.value })}
              >
                <StateOptions none="The client's state" />
              </Select>
            )}
          </Field>
        </>
      )}
    </fieldset>
  );
}
