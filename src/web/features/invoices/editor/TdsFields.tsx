import { formatScaled, parseScaled } from "#domain/decimal";
import { formatMoney } from "#domain/format";
import { formatTdsRate, parseTdsRate, suggestedTdsMinor, TDS_SECTIONS } from "#domain/tds";
import { CheckboxField, SelectField, TextField } from "#web/components/ui/input";

// The TDS a client deducted from a payment (decision 0088), inside the Record payment dialog:
// section, rate and amount, suggested as the rate on the invoice's value without GST (CBDT
// Circular 23/2017) rounded to the rupee, and the amount received lowered to match.

export interface TdsForm {
  tdsOn: boolean;
  tdsSection: string;
  tdsOtherSection: string;
  tdsRate: string;
  tds: string;
}

const SECTION_CHOICES = [
  ...TDS_SECTIONS.map((s) => ({ value: s.code, label: s.label })),
  { value: "other", label: "Other section" },
];

export function tdsFormOf(
  p: { tdsMinor: number; tdsSection: string | null; tdsRateBp: number | null } | null,
): TdsForm {
  if (!p || p.tdsMinor === 0)
    return { tdsOn: false, tdsSection: "194J", tdsOtherSection: "", tdsRate: "10", tds: "" };
  const known = TDS_SECTIONS.some((s) => s.code === p.tdsSection);
  return {
    tdsOn: true,
    tdsSection: known ? (p.tdsSection ?? "194J") : "other",
    tdsOtherSection: known ? "" : (p.tdsSection ?? ""),
    tdsRate: p.tdsRateBp === null ? "" : formatTdsRate(p.tdsRateBp).replace(" %", ""),
    tds: formatScaled(p.tdsMinor, 2),
  };
}

/** The body's TDS fields, or the field to complain about. */
export function tdsBody(
  form: TdsForm,
): { tdsMinor: number; tdsSection: string | null; tdsRateBp: number | null } | { error: [string, string] } {
  if (!form.tdsOn) return { tdsMinor: 0, tdsSection: null, tdsRateBp: null };
  const tdsMinor = parseScaled(form.tds, 2);
  if (tdsMinor === null || tdsMinor <= 0)
    return { error: ["tdsMinor", "Enter the TDS deducted, more than zero."] };
  const rate = form.tdsRate.trim() === "" ? null : parseTdsRate(form.tdsRate);
  if (rate === null && form.tdsRate.trim() !== "")
    return { error: ["tdsRateBp", "Enter the rate as a percentage, like 10 or 0.1."] };
  const section = form.tdsSection === "other" ? form.tdsOtherSection.trim().toUpperCase() : form.tdsSection;
  if (!section) return { error: ["tdsSection", "Enter the section, like 194JB."] };
  return { tdsMinor, tdsSection: section, tdsRateBp: rate };
}

export function TdsFields({
  form,
  errors,
  taxableMinor,
  onChange,
}: {
  form: TdsForm;
  errors: Record<string, string>;
  /** The invoice's value without GST. */
  taxableMinor: number;
  onChange: (next: TdsForm) => void;
}) {
  // A new section or rate suggests the TDS again; a TDS typed by hand stays as typed.
  const suggest = (next: TdsForm) => {
    const rate = parseTdsRate(next.tdsRate);
    const minor = next.tdsOn && rate ? suggestedTdsMinor(taxableMinor, rate) : null;
    onChange(minor === null ? next : { ...next, tds: formatScaled(minor, 2) });
  };
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="sr-only">TDS deducted by the client</legend>
      <CheckboxField
        className="sm:col-span-2"
        label="The client deducted TDS"
        checked={form.tdsOn}
        onChange={(tdsOn) => suggest({ ...form, tdsOn })}
      />
      {form.tdsOn && (
        <>
          <SelectField
            label="TDS section"
            error={errors.tdsSection}
            value={form.tdsSection}
            options={SECTION_CHOICES}
            onChange={(tdsSection) => {
              const rates = TDS_SECTIONS.find((s) => s.code === tdsSection)?.ratesBp ?? [];
              const tdsRate = rates[0] ? formatTdsRate(rates[0]).replace(" %", "") : form.tdsRate;
              suggest({ ...form, tdsSection, tdsRate });
            }}
          />
          {form.tdsSection === "other" && (
            <TextField
              label="Section (as the Act numbers it)"
              maxLength={8}
              error={errors.tdsSection}
              value={form.tdsOtherSection}
              onChange={(tdsOtherSection) => onChange({ ...form, tdsOtherSection })}
            />
          )}
          <TextField
            label="TDS rate (%)"
            inputMode="decimal"
            error={errors.tdsRateBp}
            value={form.tdsRate}
            onChange={(tdsRate) => suggest({ ...form, tdsRate })}
          />
          <TextField
            label="TDS deducted (INR)"
            inputMode="decimal"
            error={errors.tdsMinor}
            hint={`On ${formatMoney(taxableMinor, "INR")}, the value without GST, rounded to the rupee.`}
            value={form.tds}
            onChange={(tds) => onChange({ ...form, tds })}
          />
        </>
      )}
    </fieldset>
  );
}
