import { memo } from "react";
import type { InvoiceGstDetails } from "#domain/gst-document";
import { PLACES_OF_SUPPLY, stateCodeOfGstin } from "#domain/gst-states";
import { DEFAULT_INVOICE_GST, type ExportType, type InvoiceGst } from "#domain/gst-supply";
import type { InvoiceClient } from "#domain/invoice";
import { CheckboxField, type Choice, Field, Select, SelectField, TextField } from "#web/components/ui/input";
import type { EditorAction } from "./draft";

// A GST-registered account's choices on the invoice (decision 0033): place of supply (the
// default named with where it comes from), reverse charge, export. The preview shows the split
// they give at once, through the same buildInvoiceDocument the server runs.

const EXPORT_CHOICES: readonly Choice<ExportType>[] = [
  { value: "none", label: "Not an export" },
  { value: "with_payment", label: "Export with payment of IGST" },
  { value: "without_payment", label: "Export without payment of IGST, under LUT" },
];

function defaultSource(client: InvoiceClient, details: InvoiceGstDetails | undefined): string {
  if (stateCodeOfGstin(client.gstin)) return "from the client's GSTIN";
  const address = client.shippingAddress ?? client.billingAddress;
  if (details && details.placeOfSupply !== details.supplierStateCode && (address.state || address.country))
    return "from the client's address";
  return "your own state, until the client's GSTIN or state is known";
}

export const GstSection = memo(function GstSection({
  gst,
  client,
  details,
  errors,
  dispatch,
}: {
  gst: InvoiceGst | undefined;
  client: InvoiceClient;
  details: InvoiceGstDetails | undefined;
  errors: Record<string, string>;
  dispatch: (action: EditorAction) => void;
}) {
  const current = gst ?? DEFAULT_INVOICE_GST;
  const set = (patch: Partial<InvoiceGst>) =>
    dispatch({ type: "set", patch: { gst: { ...current, ...patch } } });
  const exporting = current.exportType !== "none";
  // A supply to an SEZ is zero-rated like an export, but its place of supply is the SEZ's state.
  const abroad = exporting && !current.sez;
  const defaultName =
    details && !details.placeOfSupplyChosen && !exporting
      ? `Default: ${details.placeOfSupplyName}, ${defaultSource(client, details)}`
      : "Default (from the client)";
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" aria-describedby="gst-document-type">
      <legend className="mb-2 text-base font-semibold">GST</legend>
      <p id="gst-document-type" className="text-sm sm:col-span-2">
        Document type: <strong data-testid="gst-document-type">{details?.title ?? "Tax Invoice"}</strong>
        {details && (
          <span className="text-muted-foreground">
            {" "}
            · {details.split === "igst" ? "IGST" : `CGST + ${details.stateTaxName}`}
          </span>
        )}
      </p>
      <Field label="Place of supply" error={errors["gst.placeOfSupply"]}>
        {(p) => (
          <Select
            {...p}
            value={abroad ? "96" : (current.placeOfSupply ?? "")}
            disabled={abroad}
            onChange={(e) => set({ placeOfSupply: e.target.value || null })}
          >
            <option value="">{defaultName}</option>
            {PLACES_OF_SUPPLY.map((state) => (
              <option key={state.code} value={state.code}>
                {state.name} ({state.code})
              </option>
            ))}
          </Select>
        )}
      </Field>
      <SelectField
        label="Export"
        error={errors["gst.exportType"]}
        value={current.exportType}
        options={EXPORT_CHOICES}
        onChange={(exportType) =>
          set({ exportType, ...(exportType !== "none" && !current.sez ? { placeOfSupply: null } : {}) })
        }
      />
      {exporting && (
        <CheckboxField
          label="Supply to an SEZ unit or developer (GSTR-1 B2B as SEWP/SEWOP, not an export)"
          className="sm:col-span-2"
          checked={current.sez === true}
          onChange={(on) => set({ sez: on, placeOfSupply: null })}
        />
      )}
      <CheckboxField
        label="Reverse charge (the recipient pays the tax; it is shown but not added to the amount payable)"
        className="sm:col-span-2"
        checked={current.reverseCharge}
        onChange={(on) => set({ reverseCharge: on })}
      />
      {current.exportType === "without_payment" && (
        <TextField
          label="LUT or bond number"
          error={errors["gst.lutNumber"]}
          value={current.lutNumber}
          maxLength={50}
          onChange={(lutNumber) => set({ lutNumber })}
        />
      )}
      {abroad && (
        <>
          <TextField
            label="Port code (optional)"
            error={errors["gst.portCode"]}
            hint="6 letters or digits, like INBOM4"
            value={current.portCode}
            maxLength={6}
            autoCapitalize="characters"
            onChange={(portCode) => set({ portCode: portCode.toUpperCase() })}
          />
          <TextField
            label="Shipping bill number (optional)"
            error={errors["gst.shippingBillNumber"]}
            value={current.shippingBillNumber}
            maxLength={20}
            onChange={(shippingBillNumber) => set({ shippingBillNumber })}
          />
          <TextField
            label="Shipping bill date (optional)"
            error={errors["gst.shippingBillDate"]}
            type="date"
            value={current.shippingBillDate ?? ""}
            onChange={(date) => set({ shippingBillDate: date || null })}
          />
        </>
      )}
    </fieldset>
  );
});
