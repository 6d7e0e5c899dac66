import type { InputHTMLAttributes } from "react";
import { CLIENT_LIMITS } from "#contract/clients";
import { stateFromGstin } from "#domain/address-state";
import { AddressFields } from "#web/components/address-fields";
import { RecordDialog, useRecordDialog } from "#web/components/record-forms";
import { CheckboxField, TextareaField, TextField } from "#web/components/ui/input";
import { textBinder } from "#web/lib/form";
import { type Client, type ClientInput, saveClient } from "./api";
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
  const shipping = value.shippingAddress;

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
        onChange={(patch) => set("billingAddress", { ...value.billingAddress, ...patch })}
      />
      <CheckboxField
        label="Different shipping address"
        className="font-medium"
        checked={value.shippingAddress !== null}
        onChange={(on) => set("shippingAddress", on ? { ...value.billingAddress } : null)}
      />
      {shipping && (
        <AddressFields
          legend="Shipping address"
          prefix="shippingAddress"
          value={shipping}
          errors={errors}
          onChange={(patch) => set("shippingAddress", { ...shipping, ...patch })}
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
