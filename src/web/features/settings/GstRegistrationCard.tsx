import { GST_REGISTRATION_TYPES, type GstRegistration, isGstRegistered } from "#domain/gst-registration";
import { currentStateCode, formatStateWithCode, stateCodeOfGstin } from "#domain/gst-states";
import { gstRegistrationOf } from "#domain/settings";
import { Card } from "#web/components/ui/card";
import { Field, Input, Select } from "#web/components/ui/input";
import type { FieldErrors, SettingsForm } from "./SettingsPage";
import { Switch } from "./Switch";

// "GST registration" (decision 0033): not registered keeps retail invoices; regular makes tax
// invoices, composition bills of supply. Saved with the rest of Settings; the server checks it.

const TYPE_NAMES: Record<GstRegistration["type"], string> = {
  none: "Not registered (retail invoices)",
  regular: "Regular taxpayer (tax invoices)",
  composition: "Composition taxpayer (bills of supply)",
};

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
  const registered = isGstRegistered(registration);
  const state = gstinStateText(registration.gstin);
  return (
    <Card role="region" aria-labelledby="gst-heading">
      <h2 id="gst-heading" className="text-lg font-semibold">
        GST registration
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Registered accounts issue tax invoices or bills of supply with place of supply, HSN/SAC and the tax
        split. Tax invoices are numbered in the financial year's series (INV/2026-27/0001), whichever number
        scheme is chosen below. You stay responsible for what your invoices say.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Field label="Registration" error={errors["gstRegistration.type"]}>
          {(p) => (
            <Select
              {...p}
              value={registration.type}
              onChange={(e) => update({ type: e.target.value as GstRegistration["type"] })}
            >
              {GST_REGISTRATION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TYPE_NAMES[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {registered && (
          <>
            <Field
              label="GSTIN"
              error={errors["gstRegistration.gstin"]}
              hint={state ?? "15 characters, e.g. 27AAPFU0939F1ZV; the first two digits give your state."}
            >
              {(p) => (
                <Input
                  {...p}
                  value={registration.gstin}
                  maxLength={15}
                  autoCapitalize="characters"
                  spellCheck={false}
                  onChange={(e) => update({ gstin: e.target.value.toUpperCase() })}
                />
              )}
            </Field>
            <Field label="Legal name" error={errors["gstRegistration.legalName"]}>
              {(p) => (
                <Input
                  {...p}
                  value={registration.legalName}
                  maxLength={200}
                  onChange={(e) => update({ legalName: e.target.value })}
                />
              )}
            </Field>
            <Field label="Trade name (optional)" error={errors["gstRegistration.tradeName"]}>
              {(p) => (
                <Input
                  {...p}
                  value={registration.tradeName}
                  maxLength={200}
                  onChange={(e) => update({ tradeName: e.target.value })}
                />
              )}
            </Field>
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
    </Card>
  );
}
