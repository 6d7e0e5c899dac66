import type { ReactNode } from "react";
import { addressTextOfParts, type CompanyAddressParts, parseCompanyAddress } from "#domain/company-address";
import { CURRENCIES } from "#domain/currencies";
import { isGstRegistered } from "#domain/gst-registration";
import { gstStateByCode, OTHER_COUNTRY, PLACES_OF_SUPPLY } from "#domain/gst-states";
import { INVOICE_TEMPLATES, type Settings } from "#domain/settings";
import { SectionCard } from "#web/components/ui/card";
import { type Choice, SelectField, TextareaField, TextField } from "#web/components/ui/input";
import { ColourField, FontField } from "#web/components/ui/look-fields";
import { fieldBinder, flagBinder, textBinder } from "#web/lib/form";
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
    <SectionCard id={id} title={title} description={description}>
      <div className="mt-4 grid gap-4 md:grid-cols-2">{children}</div>
    </SectionCard>
  );
}

const wide = "md:col-span-2";

/** The company address in fields; an address kept only as text is read into them to start with. */
export function companyAddressPartsOf(form: Pick<Settings, "companyAddress" | "companyAddressParts">) {
  if (form.companyAddressParts) return form.companyAddressParts;
  const read = parseCompanyAddress(form.companyAddress);
  return {
    line1: read.address1,
    line2: read.address2,
    city: read.location,
    pin: read.pin ?? "",
    stateCode: read.stateCode ?? "",
  };
}

function CompanyAddressFields({ form, errors, set }: Omit<SectionProps, "setBank">) {
  const parts = companyAddressPartsOf(form);
  // The printed address follows the fields (decision 0082).
  const update = (patch: Partial<CompanyAddressParts>) => {
    const next = { ...parts, ...patch };
    set("companyAddressParts", next);
    set(
      "companyAddress",
      addressTextOfParts(next, (code) => gstStateByCode(code)?.name ?? code),
    );
  };
  const text = textBinder(parts, errors, (key, value) => update({ [key]: value }), "companyAddressParts.");
  return (
    <fieldset className={`${wide} rounded-md border border-border p-3`}>
      <legend className="px-1 text-sm font-semibold">Company address</legend>
      <p className="mb-3 text-xs text-muted-foreground">
        Printed on your invoices; the e-invoice reads its place, PIN and state from these fields.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Address line 1"
          className="sm:col-span-2"
          maxLength={100}
          autoComplete="address-line1"
          {...text("line1")}
        />
        <TextField
          label="Address line 2"
          className="sm:col-span-2"
          maxLength={100}
          autoComplete="address-line2"
          {...text("line2")}
        />
        <TextField label="City or town" maxLength={50} autoComplete="address-level2" {...text("city")} />
        <TextField
          label="PIN code"
          inputMode="numeric"
          maxLength={7}
          autoComplete="postal-code"
          {...text("pin")}
        />
        <SelectField label="State / UT" options={STATE_CHOICES} {...text("stateCode")} />
      </div>
    </fieldset>
  );
}

const STATE_CHOICES = [
  { value: "", label: "Choose a state or UT" },
  ...PLACES_OF_SUPPLY.filter((s) => s.code !== OTHER_COUNTRY).map((s) => ({
    value: s.code,
    label: `${s.name} (${s.code})`,
  })),
];

export function CompanySection({ form, errors, set }: SectionProps) {
  const text = textBinder(form, errors, set);
  const field = fieldBinder(form, errors, set);
  const registration =
    form.gstRegistration && isGstRegistered(form.gstRegistration) ? form.gstRegistration : null;
  return (
    <Section id="company-heading" title="Company Defaults" description="Printed on every new invoice.">
      <TextField label="Company name" maxLength={200} autoComplete="organization" {...text("companyName")} />
      <TextField
        label="Company email"
        type="email"
        maxLength={254}
        autoComplete="email"
        {...text("companyEmail")}
      />
      <TextField
        label="Company phone"
        type="tel"
        maxLength={40}
        autoComplete="tel"
        {...text("companyPhone")}
      />
      <TextField
        label="GSTIN (optional)"
        hint={
          registration
            ? "Registered for GST: the GSTIN under GST registration is printed."
            : "15 characters, e.g. 27AAPFU0939F1ZV"
        }
        maxLength={15}
        autoCapitalize="characters"
        spellCheck={false}
        {...text("companyGstin", (v) => v.toUpperCase())}
        disabled={Boolean(registration)}
        value={registration ? registration.gstin : form.companyGstin}
      />
      <CompanyAddressFields form={form} errors={errors} set={set} />
      <div className={wide}>
        <ImageUpload
          kind="logo"
          label="Company logo"
          hint="PNG, JPEG or SVG, less than 2MB."
          accept="image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg"
          value={form.companyLogo}
          onChange={(id) => set("companyLogo", id)}
        />
      </div>
      <SelectField label="Default currency" options={CURRENCY_CHOICES} {...field("defaultCurrency")} />
      <TextField
        label="Default due days"
        hint="Days from the invoice date to the due date."
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        {...text("defaultDueDateDays")}
      />
      <TextareaField
        label="Default notes"
        className={wide}
        rows={3}
        maxLength={5000}
        {...text("defaultNotes")}
      />
      <TextareaField
        label="Default terms"
        className={wide}
        rows={4}
        maxLength={5000}
        {...text("defaultTerms")}
      />
    </Section>
  );
}

export function AppearanceSection({ form, errors, set }: SectionProps) {
  const [theme, toggleTheme] = useTheme();
  const field = fieldBinder(form, errors, set);
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
      <ColourField label="Primary colour" {...field("primaryColor")} />
      <ColourField label="Accent colour" {...field("accentColor")} />
      <FontField label="Font family" {...field("fontFamily")} />
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

const PNG_OR_JPEG = "image/png,image/jpeg,.png,.jpg,.jpeg";

/** A switch across the section; what it prints (an image to upload) is asked for only when it is on. */
function SwitchedPart({
  label,
  flag,
  children,
}: {
  label: string;
  flag: { checked: boolean; onChange: (on: boolean) => void };
  children?: ReactNode;
}) {
  return (
    <div className="space-y-4 md:col-span-2">
      <Switch label={label} {...flag} />
      {flag.checked && children}
    </div>
  );
}

export function BankSection({ form, errors, set, setBank }: SectionProps) {
  const bank = textBinder(form.bankDetails, errors, setBank, "bankDetails.");
  const flag = flagBinder(form, set);
  return (
    <Section
      id="bank-heading"
      title="Default Bank & Signature Details"
      description="Shown on invoices when switched on."
    >
      <SwitchedPart label="Include authorised signature" flag={flag("includeSignature")}>
        <ImageUpload
          kind="signature"
          label="Authorised signature"
          hint="PNG, JPG or JPEG, max 1MB recommended (less than 2MB)."
          accept={PNG_OR_JPEG}
          value={form.signatureImage}
          onChange={(id) => set("signatureImage", id)}
        />
      </SwitchedPart>
      <SwitchedPart label="Include bank details" flag={flag("includeBankDetails")} />
      {form.includeBankDetails && (
        <>
          <TextField
            label="Account holder's name"
            hint="As the bank has it, e.g. Kesari Works Pvt Ltd"
            maxLength={200}
            autoComplete="off"
            {...bank("accountHolderName")}
          />
          <TextField label="Bank name" maxLength={200} {...bank("bankName")} />
          <TextField label="Account number" maxLength={40} inputMode="numeric" {...bank("accountNumber")} />
          <TextField
            label="IFSC code"
            hint="11 characters, e.g. SBIN0001234"
            maxLength={11}
            spellCheck={false}
            {...bank("ifscCode", (v) => v.toUpperCase())}
          />
          <TextField label="Branch name" maxLength={200} {...bank("branchName")} />
          <TextField
            label="UPI ID (optional)"
            hint="e.g. yourname@okbank"
            maxLength={320}
            spellCheck={false}
            {...bank("upiId", (v) => v.trim())}
          />
          <div className="md:col-span-2">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 accent-primary"
                checked={form.bankDetails.upiIdIsMerchant}
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
      <SwitchedPart label="Include UPI QR code" flag={flag("includeUpiQrCode")}>
        <ImageUpload
          kind="qr"
          label="UPI QR code"
          hint="PNG, JPG or JPEG, max 1MB recommended (less than 2MB). Without one, a QR is made from your UPI ID."
          accept={PNG_OR_JPEG}
          value={form.upiQrCodeImage}
          onChange={(id) => set("upiQrCodeImage", id)}
        />
      </SwitchedPart>
    </Section>
  );
}

function timeZones(current: string): Choice<string>[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return (all.includes(current) ? all : [current, ...all]).map((z) => ({ value: z, label: z }));
}

const CURRENCY_CHOICES: Choice<Settings["defaultCurrency"]>[] = CURRENCIES.map((c) => ({
  value: c.code as Settings["defaultCurrency"],
  label: `${c.code} (${c.symbol}) - ${c.name}`,
}));

const NUMBER_SCHEMES: Choice<Settings["invoiceNumberScheme"]>[] = [
  { value: "timestamp", label: "Date and time (INV-DDMMYYYY-HHmmss)" },
  { value: "sequential", label: "Sequential per financial year (INV/2026-27/0001)" },
];

const TEMPLATE_NAMES: Record<Settings["defaultTemplate"], string> = {
  classic: "Classic",
  modern: "Modern",
  minimal: "Minimal",
};
const TEMPLATES = INVOICE_TEMPLATES.map((t) => ({ value: t, label: TEMPLATE_NAMES[t] ?? t }));

export function InvoiceSection({ form, errors, set }: SectionProps) {
  const field = fieldBinder(form, errors, set);
  const flag = flagBinder(form, set);
  return (
    <Section
      id="invoice-heading"
      title="Invoice Settings"
      description="Numbering, stock, template and rounding for new invoices."
    >
      <SelectField label="Invoice number scheme" options={NUMBER_SCHEMES} {...field("invoiceNumberScheme")} />
      <SelectField label="Default template" options={TEMPLATES} {...field("defaultTemplate")} />
      <SelectField
        label="Time zone"
        hint="Used for invoice dates, numbers and overdue status."
        options={timeZones(form.timeZone)}
        {...field("timeZone")}
      />
      <div className="space-y-4 md:col-span-2">
        <Switch
          label="Allow selling beyond stock"
          description="Issue invoices even when an item has less in stock than the quantity sold."
          {...flag("allowSellingBeyondStock")}
        />
        <Switch
          label="Round off totals"
          description="Round each invoice total to whole units and show the round-off."
          {...flag("roundOffTotals")}
        />
      </div>
    </Section>
  );
}
