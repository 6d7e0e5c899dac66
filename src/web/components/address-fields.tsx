import type { Address } from "#domain/invoice";
import { ADDRESS_LIMITS } from "#domain/limits";
import type { FormErrors } from "#web/lib/form";
import { StateField } from "./state-field";
import { TextField } from "./ui/input";

// A client's address (billing or shipping), the same boxes in the client dialog and on the
// document editor's Bill to; each caller puts its own frame (fieldset, fold) around them.

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
 * "billingAddress.city"). Autofill stays off: the address is the client's, not the user's own.
 */
export function AddressFields({
  value,
  prefix,
  errors,
  onChange,
}: {
  value: Address;
  prefix: string;
  errors: FormErrors;
  onChange: (patch: Partial<Address>) => void;
}) {
  return (
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
}
