import type { InputHTMLAttributes } from "react";
import { CLIENT_LIMITS } from "#contract/clients";
import { stateFromGstin } from "#domain/address-state";
import { AddressFields } from "#web/components/address-fields";
import { RecordDialog, useRecordDialog } from "#web/components/record-forms";
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
      <ClientAddress
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
        <ClientAddress
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

/** One of the client's addresses, framed and named (`legend`). */
function ClientAddress({
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
  return (
    <fieldset className="rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <AddressFields
        value={value}
        prefix={prefix}
        errors={errors}
        onChange={(patch) => onChange({ ...value, ...patch })}
      />
    </fieldset>
  );
}
