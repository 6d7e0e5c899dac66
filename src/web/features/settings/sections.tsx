import type { ReactNode } from "react";
import { CURRENCIES } from "#domain/currencies";
import { isGstRegistered } from "#domain/gst-registration";
import { INVOICE_TEMPLATES, type Settings } from "#domain/settings";
import { Card } from "#web/components/ui/card";
import { Field, Input, Select, Textarea } from "#web/components/ui/input";
import { ColourField, FontField } from "#web/components/ui/look-fields";
import { useTheme } from "#web/lib/theme";
import { ImageUpload } from "./ImageUpload";
import type { FieldErrors, SettingsForm } from "./SettingsPage";
import { Switch } from "./Switch";

interface SectionProps {
  form: SettingsForm;
  errors: FieldErrors;
  set: <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) => void;
  setBank: <K extends keyof Settings["bankDetails"]>(key: K, value: Settings["bankDetails"][K]) => void;
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">{children}</div>
    </Card>
  );
}

export function CompanySection({ form, errors, set }: SectionProps) {
  return (
    <Section id="company-heading" title="Company Defaults" description="Printed on every new invoice.">
      <Field label="Company name" error={errors.companyName}>
        {(p) => (
          <Input
            {...p}
            value={form.companyName}
            maxLength={200}
            autoComplete="organization"
            onChange={(e) => set("companyName", e.target.value)}
          />
        )}
      </Field>
      <Field label="Company email" error={errors.companyEmail}>
        {(p) => (
          <Input
            {...p}
            type="email"
            value={form.companyEmail}
            maxLength={254}
            autoComplete="email"
            onChange={(e) => set("companyEmail", e.target.value)}
          />
        )}
      </Field>
      <Field label="Company phone" error={errors.companyPhone}>
        {(p) => (
          <Input
            {...p}
            type="tel"
            value={form.companyPhone}
            maxLength={40}
            autoComplete="tel"
            onChange={(e) => set("companyPhone", e.target.value)}
          />
        )}
      </Field>
      <Field
        label="GSTIN (optional)"
        error={errors.companyGstin}
        hint={
          form.gstRegistration && isGstRegistered(form.gstRegistration)
            ? "Registered for GST: the GSTIN under GST registration is printed."
            : "15 characters, e.g. 27AAPFU0939F1ZV"
        }
      >
        {(p) => (
          <Input
            {...p}
            disabled={Boolean(form.gstRegistration && isGstRegistered(form.gstRegistration))}
            value={
              form.gstRegistration && isGstRegistered(form.gstRegistration)
                ? form.gstRegistration.gstin
                : form.companyGstin
            }
            maxLength={15}
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => set("companyGstin", e.target.value.toUpperCase())}
          />
        )}
      </Field>
      <Field label="Company address" error={errors.companyAddress} className="md:col-span-2">
        {(p) => (
          <Textarea
            {...p}
            rows={3}
            value={form.companyAddress}
            maxLength={1000}
            onChange={(e) => set("companyAddress", e.target.value)}
          />
        )}
      </Field>
      <div className="md:col-span-2">
        <ImageUpload
          kind="logo"
          label="Company logo"
          hint="PNG, JPEG or SVG, less than 2MB."
          accept="image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg"
          value={form.companyLogo}
          onChange={(id) => set("companyLogo", id)}
        />
      </div>
      <Field label="Default currency" error={errors.defaultCurrency}>
        {(p) => (
          <Select
            {...p}
            value={form.defaultCurrency}
            onChange={(e) => set("defaultCurrency", e.target.value as Settings["defaultCurrency"])}
          >
            {CURRENCIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} ({c.symbol}) - {c.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Default due days"
        error={errors.defaultDueDateDays}
        hint="Days from the invoice date to the due date."
      >
        {(p) => (
          <Input
            {...p}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={form.defaultDueDateDays}
            onChange={(e) => set("defaultDueDateDays", e.target.value)}
          />
        )}
      </Field>
      <Field label="Default notes" error={errors.defaultNotes} className="md:col-span-2">
        {(p) => (
          <Textarea
            {...p}
            rows={3}
            value={form.defaultNotes}
            maxLength={5000}
            onChange={(e) => set("defaultNotes", e.target.value)}
          />
        )}
      </Field>
      <Field label="Default terms" error={errors.defaultTerms} className="md:col-span-2">
        {(p) => (
          <Textarea
            {...p}
            rows={4}
            value={form.defaultTerms}
            maxLength={5000}
            onChange={(e) => set("defaultTerms", e.target.value)}
          />
        )}
      </Field>
    </Section>
  );
}

export function AppearanceSection({ form, errors, set }: SectionProps) {
  const [theme, toggleTheme] = useTheme();
  return (
    <Section
      id="appearance-heading"
      title="Appearance"
      description="The app's theme, and the colours and font of your invoices."
    >
      <div className="md:col-span-2">
        <Switch
          label="Dark mode"
          description="Applies to this browser at once, like the header toggle."
          checked={theme === "dark"}
          onChange={toggleTheme}
        />
      </div>
      <ColourField
        label="Primary colour"
        value={form.primaryColor}
        error={errors.primaryColor}
        onChange={(v) => set("primaryColor", v)}
      />
      <ColourField
        label="Accent colour"
        value={form.accentColor}
        error={errors.accentColor}
        onChange={(v) => set("accentColor", v)}
      />
      <FontField
        label="Font family"
        value={form.fontFamily}
        error={errors.fontFamily}
        onChange={(v) => set("fontFamily", v)}
      />
      <div
        aria-hidden="true"
        className="flex items-center gap-3 self-end rounded-md border border-border p-2"
      >
        <span className="h-8 w-8 rounded" style={{ background: form.primaryColor }} />
        <span className="h-8 w-8 rounded" style={{ background: form.accentColor }} />
        <span className="truncate text-sm" style={{ fontFamily: form.fontFamily }}>
          Invoice preview text
        </span>
      </div>
    </Section>
  );
}

export function BankSection({ form, errors, set, setBank }: SectionProps) {
  const bank = form.bankDetails;
  return (
    <Section
      id="bank-heading"
      title="Default Bank & Signature Details"
      description="Shown on invoices when switched on."
    >
      <div className="space-y-4 md:col-span-2">
        <Switch
          label="Include authorised signature"
          checked={form.includeSignature}
          onChange={(v) => set("includeSignature", v)}
        />
        {form.includeSignature && (
          <ImageUpload
            kind="signature"
            label="Authorised signature"
            hint="PNG, JPG or JPEG, max 1MB recommended (less than 2MB)."
            accept="image/png,image/jpeg,.png,.jpg,.jpeg"
            value={form.signatureImage}
            onChange={(id) => set("signatureImage", id)}
          />
        )}
      </div>
      <div className="space-y-4 md:col-span-2">
        <Switch
          label="Include bank details"
          checked={form.includeBankDetails}
          onChange={(v) => set("includeBankDetails", v)}
        />
      </div>
      {form.includeBankDetails && (
        <>
          <Field
            label="Account holder's name"
            error={errors["bankDetails.accountHolderName"]}
            hint="As the bank has it, e.g. Kesari Works Pvt Ltd"
          >
            {(p) => (
              <Input
                {...p}
                value={bank.accountHolderName}
                maxLength={200}
                autoComplete="off"
                onChange={(e) => setBank("accountHolderName", e.target.value)}
              />
            )}
          </Field>
          <Field label="Bank name" error={errors["bankDetails.bankName"]}>
            {(p) => (
              <Input
                {...p}
                value={bank.bankName}
                maxLength={200}
                onChange={(e) => setBank("bankName", e.target.value)}
              />
            )}
          </Field>
          <Field label="Account number" error={errors["bankDetails.accountNumber"]}>
            {(p) => (
              <Input
                {...p}
                value={bank.accountNumber}
                maxLength={40}
                inputMode="numeric"
                onChange={(e) => setBank("accountNumber", e.target.value)}
              />
            )}
          </Field>
          <Field
            label="IFSC code"
            error={errors["bankDetails.ifscCode"]}
            hint="11 characters, e.g. SBIN0001234"
          >
            {(p) => (
              <Input
                {...p}
                value={bank.ifscCode}
                maxLength={11}
                spellCheck={false}
                onChange={(e) => setBank("ifscCode", e.target.value.toUpperCase())}
              />
            )}
          </Field>
          <Field label="Branch name" error={errors["bankDetails.branchName"]}>
            {(p) => (
              <Input
                {...p}
                value={bank.branchName}
                maxLength={200}
                onChange={(e) => setBank("branchName", e.target.value)}
              />
            )}
          </Field>
          <Field label="UPI ID (optional)" error={errors["bankDetails.upiId"]} hint="e.g. yourname@okbank">
            {(p) => (
              <Input
                {...p}
                value={bank.upiId}
                maxLength={320}
                spellCheck={false}
                onChange={(e) => setBank("upiId", e.target.value.trim())}
              />
            )}
          </Field>
          <div className="md:col-span-2">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 accent-primary"
                checked={bank.upiIdIsMerchant}
                onChange={(e) => setBank("upiIdIsMerchant", e.target.checked)}
                aria-describedby="upi-merchant-hint"
              />
              <span>This UPI ID is a merchant ID</span>
            </label>
            <p id="upi-merchant-hint" className="mt-1 ml-6 text-xs text-muted-foreground">
              Tick only for a merchant UPI ID from your bank or payment provider: payment links then carry the
              invoice number as the transaction reference.
            </p>
          </div>
        </>
      )}
      <div className="space-y-4 md:col-span-2">
        <Switch
          label="Include UPI QR code"
          checked={form.includeUpiQrCode}
          onChange={(v) => set("includeUpiQrCode", v)}
        />
        {form.includeUpiQrCode && (
          <ImageUpload
            kind="qr"
            label="UPI QR code"
            hint="PNG, JPG or JPEG, max 1MB recommended (less than 2MB). Without one, a QR is made from your UPI ID."
            accept="image/png,image/jpeg,.png,.jpg,.jpeg"
            value={form.upiQrCodeImage}
            onChange={(id) => set("upiQrCodeImage", id)}
          />
        )}
      </div>
    </Section>
  );
}

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all];
}

const TEMPLATE_NAMES: Record<string, string> = { classic: "Classic", modern: "Modern", minimal: "Minimal" };

export function InvoiceSection({ form, errors, set }: SectionProps) {
  return (
    <Section
      id="invoice-heading"
      title="Invoice Settings"
      description="Numbering, stock, template and rounding for new invoices."
    >
      <Field label="Invoice number scheme" error={errors.invoiceNumberScheme}>
        {(p) => (
          <Select
            {...p}
            value={form.invoiceNumberScheme}
            onChange={(e) => set("invoiceNumberScheme", e.target.value as Settings["invoiceNumberScheme"])}
          >
            <option value="timestamp">Date and time (INV-DDMMYYYY-HHmmss)</option>
            <option value="sequential">Sequential per financial year (INV/2026-27/0001)</option>
          </Select>
        )}
      </Field>
      <Field label="Default template" error={errors.defaultTemplate}>
        {(p) => (
          <Select
            {...p}
            value={form.defaultTemplate}
            onChange={(e) => set("defaultTemplate", e.target.value as Settings["defaultTemplate"])}
          >
            {INVOICE_TEMPLATES.map((t) => (
              <option key={t} value={t}>
                {TEMPLATE_NAMES[t] ?? t}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Time zone"
        error={errors.timeZone}
        hint="Used for invoice dates, numbers and overdue status."
      >
        {(p) => (
          <Select {...p} value={form.timeZone} onChange={(e) => set("timeZone", e.target.value)}>
            {timeZones(form.timeZone).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="space-y-4 md:col-span-2">
        <Switch
          label="Allow selling beyond stock"
          description="Issue invoices even when an item has less in stock than the quantity sold."
          checked={form.allowSellingBeyondStock}
          onChange={(v) => set("allowSellingBeyondStock", v)}
        />
        <Switch
          label="Round off totals"
          description="Round each invoice total to whole units and show the round-off."
          checked={form.roundOffTotals}
          onChange={(v) => set("roundOffTotals", v)}
        />
      </div>
    </Section>
  );
}
