import { FONT_FAMILIES, type Settings } from "#domain/settings";
import { Field, Input, Select } from "./input";

// How an invoice looks, chosen in the settings (the defaults) and in the editor (one invoice).

/** A colour as a picker and its hex code side by side (the code may be typed). */
export function ColourField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(p) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={`${label} picker`}
            value={/^#[0-9A-Fa-f]{6}$/.test(value) ? value : "#000000"}
            onChange={(e) => onChange(e.target.value.toUpperCase())}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-border bg-background p-1"
          />
          <Input
            {...p}
            value={value}
            maxLength={7}
            spellCheck={false}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
    </Field>
  );
}

/** One of the fonts an invoice can be set in. */
export function FontField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: Settings["fontFamily"];
  error?: string;
  onChange: (v: Settings["fontFamily"]) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(p) => (
        <Select {...p} value={value} onChange={(e) => onChange(e.target.value as Settings["fontFamily"])}>
          {FONT_FAMILIES.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
