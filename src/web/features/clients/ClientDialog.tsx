import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { ADDRESS_LIMITS, CLIENT_LIMITS } from "#contract/clients";
import { ApiError, resourceKey } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Field, Input, Textarea } from "#web/components/ui/input";
import { Dialog } from "#web/components/ui/lazy-dialog";
import { type Address, type Client, type ClientInput, saveClient } from "./api";
import { blankClient, clientFormErrors, clientInputOf } from "./client-form";

type Errors = Record<string, string>;

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
  const [value, setValue] = useState<ClientInput>(blankClient);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (open) {
      setValue(client ? clientInputOf(client) : blankClient());
      setErrors({});
    }
  }, [open, client]);

  const save = useMutation({
    mutationFn: (input: ClientInput) => saveClient(input, client?.id),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: resourceKey("clients") });
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
    const found = clientFormErrors(value);
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
          {text("name", "Name *", { maxLength: CLIENT_LIMITS.name, autoComplete: "off", required: true })}
          {text("company", "Company", { maxLength: CLIENT_LIMITS.company, autoComplete: "organization" })}
          {text("email", "E-mail", { type: "email", maxLength: CLIENT_LIMITS.email, autoComplete: "off" })}
          {text("phone", "Phone", { type: "tel", maxLength: CLIENT_LIMITS.phone, autoComplete: "off" })}
          {text("gstin", "GSTIN", {
            maxLength: CLIENT_LIMITS.gstin,
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
              maxLength={CLIENT_LIMITS.notes}
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
