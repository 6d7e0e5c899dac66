import type { Address } from "#domain/invoice";
import { ADDRESS_LIMITS } from "#domain/limits";
import type { FormErrors } from "#web/lib/form";
import { StateField } from "./state-field";
import { TextField } from "./ui/input";

// A client's address (billing or shipping), the same boxes in the client dialog and on the
// document editor's Bill to.

const ADDRESS_FIELDS: { key: Exclude<keyof Address, "stateCode">; label: string; wide?: boolean }[] = [
  { key: "line1", label: "Address line 1", wide: true },
  { key: "line2", label: "Address line 2", wide: true },
  { key: "city", label: "City" },
  { key: "state", label: "State" },
  { key: "postalCode", label: "PIN / postal code" },
  { key: "country", label: "Country" },
];

/**
 * The address's boxes, with the server's messages found under `prefix` ("billingAddress" ->
 * "billingAddress.city"), framed and named when a `legend` is given. Autofill stays off: the
 * address is the client's, not the user's own.
 */
export function AddressFields({
  legend,
  value,
  prefix,
  errors,
  onChange,
}: {
  legend?: string;
  value: Address;
  prefix: string;
  errors: FormErrors;
  onChange: (patch: Partial<Address>) => void;
}) {
  const boxes = (
    <div className="grid gap-3 sm:grid-cols-2">
      {ADDRESS_FIELDS.map(({ key, label, wide }) =>
        key === "state" ? (
          <StateField
            key={key}
            value={value}
            error={errors[`${prefix}.state`] ?? errors[`${prefix}.stateCode`]}
            onChange={onChange}
          />
        ) : (
          <TextField
            key={key}
            label={label}
            className={wide ? "sm:col-span-2" : undefined}
            maxLength={ADDRESS_LIMITS[key]}
            autoComplete="off"
            error={errors[`${prefix}.${key}`]}
            value={value[key]}
            onChange={(text) => onChange({ [key]: text })}
          />
        ),
      )}
    </div>
  );
  if (!legend) return boxes;
  return (
    <fieldset className="rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {boxes}
    </fieldset>
  );
}
