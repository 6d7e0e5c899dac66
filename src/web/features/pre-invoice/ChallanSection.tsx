import { memo } from "react";
import type { ConsigneeInput } from "#contract/quotes";
import { CHALLAN_REASON_LABELS, CHALLAN_REASONS, type ChallanReason } from "#domain/document-kinds";
import { GST_STATES } from "#domain/gst-states";
import { StateOptions } from "#web/components/state-field";
import { CheckboxField, Field, Options, Select, TextareaField, TextField } from "#web/components/ui/input";

const NO_CONSIGNEE: ConsigneeInput = { name: "", gstin: "", address: "", stateCode: "" };

/**
 * A challan's own fields (CGST Rule 55): why the goods are sent, and the consignee when someone
 * other than the client receives them.
 */
export const ChallanSection = memo(function ChallanSection({
  reason,
  consignee,
  errors,
  onChange,
}: {
  reason: ChallanReason | "";
  consignee: ConsigneeInput | null;
  errors: Record<string, string>;
  onChange: (patch: { reason?: ChallanReason | ""; consignee?: ConsigneeInput | null }) => void;
}) {
  const setConsignee = (patch: Partial<ConsigneeInput>) =>
    onChange({ consignee: { ...(consignee ?? NO_CONSIGNEE), ...patch } });
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-base font-semibold">Delivery</legend>
      <Field label="Reason for sending the goods" error={errors.reason}>
        {(p) => (
          <Select
            {...p}
            required
            value={reason}
            onChange={(e) => onChange({ reason: e.target.value as ChallanReason | "" })}
          >
            <Options none="Choose a reason…" of={CHALLAN_REASONS} label={(r) => CHALLAN_REASON_LABELS[r]} />
          </Select>
        )}
      </Field>
      <CheckboxField
        label="The goods go to someone other than the client (a consignee)"
        checked={consignee !== null}
        onChange={(on) => onChange({ consignee: on ? NO_CONSIGNEE : null })}
      />
      {consignee && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Consignee name"
            error={errors["consignee.name"]}
            required
            maxLength={200}
            value={consignee.name}
            onChange={(name) => setConsignee({ name })}
          />
          <TextField
            label="Consignee GSTIN (optional)"
            error={errors["consignee.gstin"]}
            maxLength={15}
            value={consignee.gstin}
            onChange={(gstin) => setConsignee({ gstin: gstin.toUpperCase() })}
          />
          <TextareaField
            label="Consignee address"
            error={errors["consignee.address"]}
            className="sm:col-span-2"
            rows={3}
            maxLength={1000}
            value={consignee.address}
            onChange={(address) => setConsignee({ address })}
          />
          <Field label="Consignee state" error={errors["consignee.stateCode"]}>
            {(p) => (
              <Select
                {...p}
                value={consignee.stateCode}
                onChange={(e) => setConsignee({ stateCode: e.target.value })}
              >
                <StateOptions none="Not given" states={GST_STATES} />
              </Select>
            )}
          </Field>
        </div>
      )}
    </fieldset>
  );
});
