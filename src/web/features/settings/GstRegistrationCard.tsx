import { GST_REGISTRATION_TYPES, type GstRegistration, isGstRegistered } from "#domain/gst-registration";
import { currentStateCode, formatStateWithCode, stateCodeOfGstin } from "#domain/gst-states";
import { gstRegistrationOf, registrationOfType } from "#domain/settings";
import { SectionCard } from "#web/components/ui/card";
import { SelectField, TextField } from "#web/components/ui/input";
import { textBinder } from "#web/lib/form";
import type { FieldErrors, SettingsForm } from "./SettingsPage";
import { Switch } from "./Switch";

// "GST registration" (decision 0033): not registered keeps retail invoices; regular makes tax
// invoices, composition bills of supply. Saved with the rest of Settings; the server checks it.

const TYPE_NAMES: Record<GstRegistration["type"], string> = {
  none: "Not registered (retail invoices)",
  regular: "Regular taxpayer (tax invoices)",
  composition: "Composition taxpayer (bills of supply)",
};
const TYPE_CHOICES = GST_REGISTRATION_TYPES.map((type) => ({ value: type, label: TYPE_NAMES[type] }));

/** "State: Maharashtra (27)" for a GSTIN's first two digits, or null. */
export function gstinStateText(gstin: string): string | null {
  const prefix = stateCodeOfGstin(gstin.trim().toUpperCase());
  return prefix ? `State: ${formatStateWithCode(currentStateCode(prefix))}` : null;
}

export function GstRegistrationCard({
  form,
  errors,
  set,
}: {
  form: SettingsForm;
  errors: FieldErrors;
  set: <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) => void;
}) {
  const registration = gstRegistrationOf(form);
  const update = (change: Partial<GstRegistration>) =>
    set("gstRegistration", { ...registration, ...change } as SettingsForm["gstRegistration"]);
  const text = textBinder(registration, errors, (key, value) => update({ [key]: value }), "gstRegistration.");
  const state = gstinStateText(registration.gstin);
  return (
    <SectionCard
      id="gst-heading"
      title="GST registration"
      description="Registered accounts issue tax invoices or bills of supply with place of supply, HSN/SAC and the tax split. Tax invoices are numbered in the financial year's series (INV/2026-27/0001), whichever number scheme is chosen below. You stay responsible for what your invoices say."
    >
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <SelectField
          label="Registration"
          error={errors["gstRegistration.type"]}
          value={registration.type}
          options={TYPE_CHOICES}
          onChange={(type) => set("gstRegistration", registrationOfType(form, type))}
        />
        {isGstRegistered(registration) && (
          <>
            <TextField
              label="GSTIN"
              hint={state ?? "15 characters, e.g. 27AAPFU0939F1ZV; the first two digits give your state."}
              maxLength={15}
              autoCapitalize="characters"
              spellCheck={false}
              {...text("gstin", (v) => v.toUpperCase())}
              onChange={(gstin) => {
                // One GSTIN: Company Defaults shows this one while registered, and keeps it after.
                update({ gstin: gstin.toUpperCase() });
                set("companyGstin", gstin.toUpperCase());
              }}
            />
            <TextField label="Legal name" maxLength={200} {...text("legalName")} />
            <TextField label="Trade name (optional)" maxLength={200} {...text("tradeName")} />
            <div className="md:col-span-2">
              <Switch
                label="Turnover last year above ₹5 crore"
                description="Above ₹5 crore every line needs a 6-digit HSN/SAC; up to it, 4 digits on invoices to registered buyers."
                checked={registration.turnoverAbove5Crore}
                onChange={(v) => update({ turnoverAbove5Crore: v })}
              />
            </div>
          </>
        )}
      </div>
    </SectionCard>
  );
}
