import type { InputHTMLAttributes } from "react";
import { ADDRESS_LIMITS, CLIENT_LIMITS } from "#contract/clients";
import { stateFromGstin } from "#domain/address-state";
import { RecordDialog, useRecordDialog } from "#web/components/record-forms";
import { StateField } from "#web/components/state-field";
import { CheckboxField, TextareaField, TextField } from "#web/components/ui/input";
import { type FormErrors, textBinder } from "#web/lib/form";
import { type Address, type Client, type ClientInput, saveClient } from "./api";
import { blankClient, clientFormErrors, clientInputOf } from "./client-form";

const clientFormOf = (client: Client | undefined) => (client ? clientInputOf(client) : blankClient());

export function ClientDialog({
  open,
  onOpenChange,
  client,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client to edit; absent: a new client. */
  client?: Client;
}) {
  const {
    form: value,
    set,
    errors,
    dialog,
  } = useRecordDialog({
    open,
    onOpenChange,
    record: client,
    formOf: clientFormOf,
    resource: "clients",
    noun: "client",
    check: clientFormErrors,
    bodyOf: (form: ClientInput) => form,
    save: (input) => saveClient(input, client?.id),
  });
  const text = textBinder(value, errors, set);
  const onGstin = (gstin: string) => {
    set("gstin", gstin);
    // The GSTIN names the state: the billing address takes it when it has none yet.
    const state = stateFromGstin(gstin, value.billingAddress);
    if (state) set("billingAddress", { ...value.billingAddress, ...state });
  };

  return (
    <RecordDialog
      {...dialog}
      description="Only the name is required. Invoices keep their own copy of these details."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {CLIENT_FIELDS.map(({ key, label, attrs }) => (
          <TextField
            key={key}
            label={label}
            {...attrs}
            {...text(key)}
            {...(key === "gstin" ? { onChange: onGstin } : {})}
          />
        ))}
      </div>
      <AddressFields
        legend="Billing address"
        prefix="billingAddress"
        value={value.billingAddress}
        errors={errors}
        onChange={(a) => set("billingAddress", a)}
      />
      <CheckboxField
        label="Different shipping address"
        className="font-medium"
        checked={value.shippingAddress !== null}
        onChange={(on) => set("shippingAddress", on ? { ...value.billingAddress } : null)}
      />
      {value.shippingAddress && (
        <AddressFields
          legend="Shipping address"
          prefix="shippingAddress"
          value={value.shippingAddress}
          errors={errors}
          onChange={(a) => set("shippingAddress", a)}
        />
      )}
      <TextareaField label="Notes" maxLength={CLIENT_LIMITS.notes} {...text("notes")} />
    </RecordDialog>
  );
}

const CLIENT_FIELDS: {
  key: "name" | "company" | "email" | "phone" | "gstin";
  label: string;
  attrs: InputHTMLAttributes<HTMLInputElement>;
}[] = [
  {
    key: "name",
    label: "Name *",
    attrs: { maxLength: CLIENT_LIMITS.name, autoComplete: "off", required: true },
  },
  {
    key: "company",
    label: "Company",
    attrs: { maxLength: CLIENT_LIMITS.company, autoComplete: "organization" },
  },
  {
    key: "email",
    label: "E-mail",
    attrs: { type: "email", maxLength: CLIENT_LIMITS.email, autoComplete: "off" },
  },
  {
    key: "phone",
    label: "Phone",
    attrs: { type: "tel", maxLength: CLIENT_LIMITS.phone, autoComplete: "off" },
  },
  {
    key: "gstin",
    label: "GSTIN",
    attrs: { maxLength: CLIENT_LIMITS.gstin, autoCapitalize: "characters", placeholder: "27AAPFU0939F1ZV" },
  },
];

const ADDRESS_FIELDS: {
  key: Exclude<keyof Address, "stateCode">;
  label: string;
  max: number;
  wide?: boolean;
  auto: string;
}[] = [
  { key: "line1", label: "Address line 1", max: ADDRESS_LIMITS.line1, wide: true, auto: "address-line1" },
  { key: "line2", label: "Address line 2", max: ADDRESS_LIMITS.line2, wide: true, auto: "address-line2" },
  { key: "city", label: "City", max: ADDRESS_LIMITS.city, auto: "address-level2" },
  { key: "state", label: "State", max: ADDRESS_LIMITS.state, auto: "address-level1" },
  { key: "postalCode", label: "Postal code", max: ADDRESS_LIMITS.postalCode, auto: "postal-code" },
  { key: "country", label: "Country", max: ADDRESS_LIMITS.country, auto: "country-name" },
];

function AddressFields({
  legend,
  prefix,
  value,
  errors,
  onChange,
}: {
  legend: string;
  prefix: string;
  value: Address;
  errors: FormErrors;
  onChange: (a: Address) => void;
}) {
  const text = textBinder(value, errors, (key, v) => onChange({ ...value, [key]: v }), `${prefix}.`);
  return (
    <fieldset className="rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {ADDRESS_FIELDS.map((f) =>
          f.key === "state" ? (
            <StateField
              key={f.key}
              value={value}
              error={errors[`${prefix}.state`] ?? errors[`${prefix}.stateCode`]}
              onChange={(patch) => onChange({ ...value, ...patch })}
            />
          ) : (
            <TextField
              key={f.key}
              label={f.label}
              className={f.wide ? "sm:col-span-2" : undefined}
              maxLength={f.max}
              autoComplete="off"
              {...text(f.key)}
            />
          ),
        )}
      </div>
    </fieldset>
  );
}
