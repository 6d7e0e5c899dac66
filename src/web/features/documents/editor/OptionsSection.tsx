import { memo } from "react";
import type { InvoiceCompany, InvoiceInput } from "#domain/invoice";
import { INVOICE_TEMPLATES } from "#domain/settings";
import { CheckboxField, TextareaField } from "#web/components/ui/input";
import { ColourField, FontField } from "#web/components/ui/look-fields";
import { MayLink } from "#web/features/members/MayLink";
import { TEMPLATE_LABELS } from "../preview/templates";
import type { EditorAction } from "./draft";

type Options = Pick<
  InvoiceInput,
  | "notes"
  | "terms"
  | "includeBankDetails"
  | "bankDetails"
  | "includeSignature"
  | "includeUpiQrCode"
  | "template"
  | "primaryColor"
  | "accentColor"
  | "fontFamily"
>;

function Toggle({
  label,
  checked,
  onChange,
  hint,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  hint?: React.ReactNode;
  disabled?: boolean;
}) {
  return (
    <div>
      <CheckboxField
        label={label}
        className="font-medium"
        checked={checked}
        disabled={disabled}
        onChange={onChange}
      />
      {hint && <p className="ml-6 text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** Notes, terms, what the footer carries and how the page looks. */
export const OptionsSection = memo(function OptionsSection({
  options,
  company,
  dispatch,
  errors,
}: {
  options: Options;
  company: InvoiceCompany;
  dispatch: (action: EditorAction) => void;
  errors: Record<string, string>;
}) {
  const set = (patch: Partial<InvoiceInput>) => dispatch({ type: "set", patch });
  const b = options.bankDetails;
  const hasBank = Object.values(b).some(Boolean);
  const settingsLink = (
    <MayLink to="/settings" className="text-primary underline" fallback="Settings">
      Settings
    </MayLink>
  );
  return (
    <div className="space-y-6">
      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-semibold">Notes and terms</legend>
        <TextareaField
          label="Notes"
          error={errors.notes}
          value={options.notes}
          maxLength={5000}
          onChange={(notes) => set({ notes })}
        />
        <TextareaField
          label="Terms"
          error={errors.terms}
          value={options.terms}
          maxLength={5000}
          onChange={(terms) => set({ terms })}
        />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-semibold">Payment details</legend>
        <Toggle
          label="Show bank details"
          checked={options.includeBankDetails}
          onChange={(v) => set({ includeBankDetails: v })}
          hint={
            hasBank ? (
              [
                b.accountHolderName,
                b.bankName,
                b.accountNumber && `A/c ${b.accountNumber}`,
                b.ifscCode,
                b.upiId,
              ]
                .filter(Boolean)
                .join(" · ")
            ) : (
              <>No bank details yet: add them in {settingsLink}.</>
            )
          }
        />
        <Toggle
          label="Show signature"
          checked={options.includeSignature}
          onChange={(v) => set({ includeSignature: v })}
          hint={company.signatureImageId ? undefined : <>Upload a signature in {settingsLink}.</>}
        />
        <Toggle
          label="Show UPI QR code"
          checked={options.includeUpiQrCode}
          onChange={(v) => set({ includeUpiQrCode: v })}
          hint={
            company.upiQrImageId ? undefined : b.upiId ? (
              "The PDF carries a QR made from your UPI ID and the amount."
            ) : (
              <>Upload a UPI QR code or add a UPI ID in {settingsLink}.</>
            )
          }
        />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-semibold">Look</legend>
        <div role="radiogroup" aria-label="Template" className="grid grid-cols-3 gap-2">
          {INVOICE_TEMPLATES.map((t) => (
            <label
              key={t}
              className="flex cursor-pointer items-center justify-center gap-2 rounded-md border border-border px-2 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                name="invoice-template"
                className="sr-only"
                value={t}
                checked={options.template === t}
                onChange={() => set({ template: t })}
              />
              {TEMPLATE_LABELS[t]}
            </label>
          ))}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <ColourField
            label="Primary colour"
            value={options.primaryColor}
            onChange={(v) => set({ primaryColor: v })}
          />
          <ColourField
            label="Accent colour"
            value={options.accentColor}
            onChange={(v) => set({ accentColor: v })}
          />
        </div>
        <FontField
          label="Font"
          value={options.fontFamily}
          error={errors.fontFamily}
          onChange={(v) => set({ fontFamily: v })}
        />
      </fieldset>
    </div>
  );
});
