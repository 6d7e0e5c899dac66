import { addressStateCode, isForeignCountry } from "#domain/address-state";
import { type GstState, gstStateByCode, OTHER_COUNTRY, PLACES_OF_SUPPLY } from "#domain/gst-states";
import type { Address } from "#domain/invoice";
import { Field, Input, Options, Select } from "./ui/input";

// An address's state, chosen from the list of states and union territories with their GST codes
// (issue 32 part 3, decision 0082). A state typed earlier that Bahi cannot read is shown beside
// the list, so the user picks it; an address abroad keeps a free-text region.

const STATE_CHOICES = PLACES_OF_SUPPLY.filter((s) => s.code !== OTHER_COUNTRY);

/** What an address takes when a state is chosen: its code, and its name as the printed text. */
export function chosenState(code: string): Pick<Address, "state" | "stateCode"> {
  return { stateCode: code, state: code ? (gstStateByCode(code)?.name ?? "") : "" };
}

/** A state select's options, each "Name (code)", after `none` (the empty value). */
export function StateOptions({
  none,
  states = STATE_CHOICES,
}: {
  none: string;
  states?: readonly GstState[];
}) {
  return <Options none={none} of={states} value={(s) => s.code} label={(s) => `${s.name} (${s.code})`} />;
}

export function StateField({
  value,
  onChange,
  error,
  className,
}: {
  value: Pick<Address, "state" | "stateCode" | "country">;
  onChange: (patch: Pick<Address, "state" | "stateCode">) => void;
  error?: string;
  className?: string;
}) {
  if (isForeignCountry(value.country)) {
    return (
      <Field label="State / region" error={error} className={className}>
        {(p) => (
          <Input
            {...p}
            autoComplete="off"
            value={value.state}
            onChange={(e) => onChange({ state: e.target.value, stateCode: "" })}
          />
        )}
      </Field>
    );
  }
  const code = addressStateCode(value) ?? "";
  const typed = value.state.trim();
  const unread = code === "" && typed !== "";
  return (
    <Field
      label="State / UT"
      error={error}
      className={className}
      hint={
        unread ? `Typed earlier: “${typed}”, not a state Bahi can tell. Choose it from the list.` : undefined
      }
    >
      {(p) => (
        <Select {...p} value={code} onChange={(e) => onChange(chosenState(e.target.value))}>
          <StateOptions none="Choose a state or UT" />
        </Select>
      )}
    </Field>
  );
}
