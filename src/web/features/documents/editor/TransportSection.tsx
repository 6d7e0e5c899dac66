import { memo } from "react";
import {
  type EwayAddress,
  emptyTransport,
  TRANSPORT_MODE_LABELS,
  TRANSPORT_MODES,
  type Transport,
  type TransportMode,
  VEHICLE_TYPE_LABELS,
  VEHICLE_TYPES,
} from "#domain/eway-bill";
import { PLACES_OF_SUPPLY } from "#domain/gst-states";
import { CheckboxField, type Choice, Field, Select, SelectField, TextField } from "#web/components/ui/input";
import type { EditorAction } from "./draft";

// The Transport section of a document of goods (issue 34, decision 0085): what the e-way bill's
// Part B and its dispatch-from and ship-to need, saved with the document. Nothing here is
// required on save; the e-way bill download says what NIC would refuse.

const MODE_CHOICES: readonly Choice<TransportMode | "">[] = [
  { value: "", label: "Not known yet (Part A only)" },
  ...TRANSPORT_MODES.map((m) => ({ value: m, label: TRANSPORT_MODE_LABELS[m] })),
];
const VEHICLE_CHOICES = VEHICLE_TYPES.map((v) => ({ value: v, label: VEHICLE_TYPE_LABELS[v] }));
const emptyAddress = (): EwayAddress => ({
  name: "",
  line1: "",
  line2: "",
  place: "",
  pin: "",
  stateCode: "",
});

/**
 * The addresses other than the company's and the client's, in the order and words of the goods'
 * direction: going out they leave from the dispatch-from address; coming back (`inward`) from
 * the ship-to one.
 */
const OTHER_ADDRESSES: Record<
  "inward" | "outward",
  { key: "shipTo" | "dispatchFrom"; label: string; legend: string }[]
> = {
  inward: [
    {
      key: "shipTo",
      label: "Goods come back from another address than the client's",
      legend: "Sent back from",
    },
    {
      key: "dispatchFrom",
      label: "Goods come back to another address than the company's",
      legend: "Received at",
    },
  ],
  outward: [
    {
      key: "dispatchFrom",
      label: "Goods leave from another address than the company's",
      legend: "Dispatch from",
    },
    { key: "shipTo", label: "Goods go to another address than the client's", legend: "Ship to" },
  ],
};

export const TransportSection = memo(function TransportSection({
  transport,
  errors,
  dispatch,
  inward = false,
}: {
  transport: Transport | undefined;
  errors: Record<string, string>;
  dispatch: (action: EditorAction) => void;
  /**
   * Goods coming back (a credit note, decision 0090): they leave from the client's side (the
   * ship-to fields) and arrive at the business's (the dispatch-from fields), and say so.
   */
  inward?: boolean;
}) {
  const on = transport !== undefined;
  const current = transport ?? emptyTransport();
  const set = (patch: Partial<Transport>) =>
    dispatch({ type: "set", patch: { transport: { ...current, ...patch } } });
  const err = (field: string) => errors[`transport.${field}`];
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold">Transport (e-way bill)</legend>
      <CheckboxField
        label="Goods move: add the transport details for the e-way bill"
        className="sm:col-span-2"
        checked={on}
        onChange={(moves) =>
          dispatch({ type: "set", patch: { transport: moves ? emptyTransport() : undefined } })
        }
      />
      {on && (
        <>
          <SelectField
            label="Mode of transport"
            error={err("mode")}
            value={current.mode ?? ""}
            options={MODE_CHOICES}
            onChange={(mode) => set({ mode: mode === "" ? null : mode })}
          />
          <TextField
            label="Distance (km)"
            error={err("distanceKm")}
            hint="0 lets the e-way bill portal work it out; at most 4,000"
            type="number"
            inputMode="numeric"
            min={0}
            max={4000}
            step={1}
            value={String(current.distanceKm)}
            onChange={(v) => set({ distanceKm: Math.max(0, Math.min(4000, Math.trunc(Number(v) || 0))) })}
          />
          {current.mode === "road" && (
            <>
              <TextField
                label="Vehicle number"
                error={err("vehicleNumber")}
                hint="Like KA01AB1234"
                value={current.vehicleNumber}
                maxLength={20}
                autoCapitalize="characters"
                onChange={(vehicleNumber) => set({ vehicleNumber: vehicleNumber.toUpperCase() })}
              />
              <SelectField
                label="Vehicle type"
                value={current.vehicleType}
                options={VEHICLE_CHOICES}
                onChange={(vehicleType) => set({ vehicleType })}
              />
            </>
          )}
          {current.mode !== null && (
            <>
              <TextField
                label={
                  current.mode === "road" ? "Lorry receipt number (optional)" : "Transport document number"
                }
                error={err("transportDocNumber")}
                hint={current.mode === "road" ? undefined : "Railway receipt, airway bill or bill of lading"}
                value={current.transportDocNumber}
                maxLength={15}
                onChange={(transportDocNumber) => set({ transportDocNumber })}
              />
              <TextField
                label={current.mode === "road" ? "Lorry receipt date (optional)" : "Transport document date"}
                error={err("transportDocDate")}
                type="date"
                value={current.transportDocDate ?? ""}
                onChange={(date) => set({ transportDocDate: date || null })}
              />
            </>
          )}
          <TextField
            label="Transporter id (optional)"
            error={err("transporterId")}
            hint="GSTIN or 15-character TRANSIN"
            value={current.transporterId}
            maxLength={15}
            autoCapitalize="characters"
            onChange={(transporterId) => set({ transporterId: transporterId.toUpperCase() })}
          />
          <TextField
            label="Transporter name (optional)"
            error={err("transporterName")}
            value={current.transporterName}
            maxLength={100}
            onChange={(transporterName) => set({ transporterName })}
          />
          {OTHER_ADDRESSES[inward ? "inward" : "outward"].map(({ key, label, legend }) => (
            <AddressChoice
              key={key}
              label={label}
              legend={legend}
              address={current[key]}
              onChange={(address) => set({ [key]: address })}
            />
          ))}
        </>
      )}
    </fieldset>
  );
});

function AddressChoice({
  label,
  legend,
  address,
  onChange,
}: {
  label: string;
  legend: string;
  address: EwayAddress | null;
  onChange: (address: EwayAddress | null) => void;
}) {
  const set = (patch: Partial<EwayAddress>) => address && onChange({ ...address, ...patch });
  return (
    <div className="space-y-3 sm:col-span-2">
      <CheckboxField
        label={label}
        checked={address !== null}
        onChange={(on) => onChange(on ? emptyAddress() : null)}
      />
      {address && (
        <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium">{legend}</legend>
          <TextField
            label="Address line 1"
            value={address.line1}
            maxLength={120}
            onChange={(line1) => set({ line1 })}
          />
          <TextField
            label="Address line 2"
            value={address.line2}
            maxLength={120}
            onChange={(line2) => set({ line2 })}
          />
          <TextField
            label="City or town"
            value={address.place}
            maxLength={50}
            onChange={(place) => set({ place })}
          />
          <TextField
            label="PIN code"
            hint="6 digits"
            inputMode="numeric"
            value={address.pin}
            maxLength={6}
            onChange={(pin) => set({ pin: pin.replace(/\D/g, "") })}
          />
          <Field label="State" className="sm:col-span-2">
            {(p) => (
              <Select {...p} value={address.stateCode} onChange={(e) => set({ stateCode: e.target.value })}>
                <option value="">Choose the state</option>
                {PLACES_OF_SUPPLY.filter((s) => s.code !== "96").map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name} ({s.code})
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </fieldset>
      )}
    </div>
  );
}
