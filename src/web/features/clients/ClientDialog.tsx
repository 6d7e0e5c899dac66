import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { INVALID_GSTIN_MESSAGE, isValidEmail, isValidGstin } from "#domain/validation";
import { ApiError } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Dialog } from "#web/components/ui/dialog";
import { Field, Input, Textarea } from "#web/components/ui/input";
import { type Address, type Client, type ClientInput, emptyAddress, saveClient } from "./api";

type Errors = Record<string, string>;

function blank(): ClientInput {
  return {
    name: "",
    company: "",
    email: "",
    phone: "",
    gstin: "",
    billingAddress: emptyAddress(),
    shippingAddress: null,
    notes: "",
  };
}

function fromClient(c: Client): ClientInput {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = c;
  return rest;
}

/** The checks the server makes too, so most mistakes show before a round trip. */
function check(v: ClientInput): Errors {
  const errors: Errors = {};
  if (!v.name.trim()) errors.name = "Name is required.";
  if (v.email.trim() && !isValidEmail(v.email.trim())) errors.email = "Enter a valid e-mail address.";
  if (v.gstin.trim() && !isValidGstin(v.gstin.trim())) errors.gstin = INVALID_GSTIN_MESSAGE;
  return errors;
}

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
  const queryClient = useQueryClient();
  const [value, setValue] = useState<ClientInput>(blank);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (open) {
      setValue(client ? fromClient(client) : blank());
      setErrors({});
    }
  }, [open, client]);

  const save = useMutation({
    mutationFn: (input: ClientInput) => saveClient(input, client?.id),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ["clients"] });
      toast.success(client ? "Client Updated" : "Client Added", { description: saved.name });
      onOpenChange(false);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error("Could not save the client", { description: (error as Error).message });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(value);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(value);
  }

  const set = <K extends keyof ClientInput>(key: K, v: ClientInput[K]) =>
    setValue((s) => ({ ...s, [key]: v }));
  const text = (key: "name" | "company" | "email" | "phone" | "gstin", label: string, extra: object = {}) => (
    <Field label={label} error={errors[key]}>
      {(p) => <Input {...p} {...extra} value={value[key]} onChange={(e) => set(key, e.target.value)} />}
    </Field>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={client ? "Edit Client" : "Add Client"}
      description="Only the name is required. Invoices keep their own copy of these details."
      className="sm:max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("name", "Name *", { maxLength: 200, autoComplete: "off", required: true })}
          {text("company", "Company", { maxLength: 200, autoComplete: "organization" })}
          {text("email", "E-mail", { type: "email", maxLength: 254, autoComplete: "off" })}
          {text("phone", "Phone", { type: "tel", maxLength: 40, autoComplete: "off" })}
          {text("gstin", "GSTIN", {
            maxLength: 15,
            autoCapitalize: "characters",
            placeholder: "27AAPFU0939F1ZV",
          })}
        </div>
        <AddressFields
          legend="Billing address"
          prefix="billingAddress"
          value={value.billingAddress}
          errors={errors}
          onChange={(a) => set("billingAddress", a)}
        />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-4 w-4 accent-[var(--primary)]"
            checked={value.shippingAddress !== null}
            onChange={(e) => set("shippingAddress", e.target.checked ? { ...value.billingAddress } : null)}
          />
          Different shipping address
        </label>
        {value.shippingAddress && (
          <AddressFields
            legend="Shipping address"
            prefix="shippingAddress"
            value={value.shippingAddress}
            errors={errors}
            onChange={(a) => set("shippingAddress", a)}
          />
        )}
        <Field label="Notes" error={errors.notes}>
          {(p) => (
            <Textarea
              {...p}
              maxLength={2000}
              value={value.notes}
              onChange={(e) => set("notes", e.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            {client ? "Save Changes" : "Add Client"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const ADDRESS_FIELDS: { key: keyof Address; label: string; max: number; wide?: boolean; auto: string }[] = [
  { key: "line1", label: "Address line 1", max: 200, wide: true, auto: "address-line1" },
  { key: "line2", label: "Address line 2", max: 200, wide: true, auto: "address-line2" },
  { key: "city", label: "City", max: 100, auto: "address-level2" },
  { key: "state", label: "State", max: 100, auto: "address-level1" },
  { key: "postalCode", label: "Postal code", max: 20, auto: "postal-code" },
  { key: "country", label: "Country", max: 100, auto: "country-name" },
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
  errors: Errors;
  onChange: (a: Address) => void;
}) {
  return (
    <fieldset className="rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {ADDRESS_FIELDS.map((f) => (
          <Field
            key={f.key}
            label={f.label}
            error={errors[`${prefix}.${f.key}`]}
            className={f.wide ? "sm:col-span-2" : undefined}
          >
            {(p) => (
              <Input
                {...p}
                maxLength={f.max}
                autoComplete="off"
                value={value[f.key]}
                onChange={(e) => onChange({ ...value, [f.key]: e.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
