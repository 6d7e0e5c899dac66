import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "#domain/payments";
import {
  TALLY_RELEASE_LABELS,
  TALLY_RELEASES,
  TALLY_SALES_RATES,
  TALLY_VOUCHER_MODE_LABELS,
  TALLY_VOUCHER_MODES,
  type TallyMapping,
} from "#domain/tally/mapping";
import { ApiError, call, queryKeyOf } from "#web/api";
import { Button } from "#web/components/ui/button";
import { LoadingCard, SectionCard } from "#web/components/ui/card";
import { CheckboxField, SelectField, TextField } from "#web/components/ui/input";

// The business's ledger names in Tally (decision 0080): what the files call the sales, tax,
// round-off and bank ledgers. Saved once per business; the defaults are Tally's usual names.

const mappingKey = queryKeyOf("GET /api/reports/tally/ledgers");

export function TallyLedgersCard() {
  const query = useQuery({ queryKey: mappingKey, queryFn: () => call("GET /api/reports/tally/ledgers") });
  if (!query.data) return <LoadingCard label="Loading the ledger names" />;
  return <LedgersForm saved={query.data} />;
}

function LedgersForm({ saved }: { saved: TallyMapping }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setDraft(saved), [saved]);
  const save = useMutation({
    mutationFn: (body: TallyMapping) => call("PUT /api/reports/tally/ledgers", { body }),
    onSuccess: (answer) => {
      setErrors({});
      client.setQueryData(mappingKey, answer);
      toast.success("Ledger names saved");
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error("Not saved", { description: error.message });
    },
  });
  const set = <K extends keyof TallyMapping>(key: K, value: TallyMapping[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  type NameKey =
    | "companyName"
    | "gstRegistrationName"
    | "cgstLedger"
    | "sgstLedger"
    | "igstLedger"
    | "roundOffLedger";
  const field = (key: NameKey, label: string, hint?: string) => (
    <TextField
      label={label}
      value={draft[key]}
      error={errors[key]}
      hint={hint}
      onChange={(v) => set(key, v)}
    />
  );

  return (
    <SectionCard
      id="tally-ledgers"
      title="Ledger names in Tally"
      description="Name the ledgers as they are in your Tally company. Bahi creates the sales, tax and round-off ledgers and one ledger per client under Sundry Debtors; bank and cash ledgers must exist already unless you ask Bahi to create them."
    >
      <form
        className="mt-3 space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(draft);
        }}
      >
        <div className="grid gap-3 sm:grid-cols-3">
          {field("companyName", "Company name in Tally", "Blank: your company name from Settings.")}
          <SelectField
            label="Tally release"
            value={draft.release}
            options={TALLY_RELEASES.map((r) => ({ value: r, label: TALLY_RELEASE_LABELS[r] }))}
            onChange={(v) => set("release", v)}
          />
          {field("gstRegistrationName", "GST registration in Tally", 'Blank: "<your state> Registration".')}
        </div>
        <div className="sm:max-w-xl">
          <SelectField
            label="Sales vouchers as"
            value={draft.voucherMode}
            options={TALLY_VOUCHER_MODES.map((m) => ({ value: m, label: TALLY_VOUCHER_MODE_LABELS[m] }))}
            hint="Item invoices also create a stock item (with its HSN, unit and GST rate) for each item you sold, and list quantities and rates on the vouchers; choose them if you keep stock in Tally."
            onChange={(v) => set("voucherMode", v)}
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Sales ledger for each GST rate</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {TALLY_SALES_RATES.map((rate) => (
              <TextField
                key={rate}
                label={`${rate}%`}
                value={draft.salesLedgers[rate]}
                error={errors[`salesLedgers.${rate}`]}
                onChange={(v) => set("salesLedgers", { ...draft.salesLedgers, [rate]: v })}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Output tax and round-off</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {field("cgstLedger", "CGST")}
            {field("sgstLedger", "SGST / UTGST")}
            {field("igstLedger", "IGST")}
            {field("roundOffLedger", "Round off")}
          </div>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Where payments received go, by method</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {PAYMENT_METHODS.map((m: PaymentMethod) => (
              <TextField
                key={m}
                label={PAYMENT_METHOD_LABELS[m]}
                value={draft.receiptLedgers[m]}
                error={errors[`receiptLedgers.${m}`]}
                onChange={(v) => set("receiptLedgers", { ...draft.receiptLedgers, [m]: v })}
              />
            ))}
          </div>
          <CheckboxField
            label="Create these bank ledgers in Tally (under Bank Accounts); leave off when they exist already"
            checked={draft.createBankLedgers}
            onChange={(v) => set("createBankLedgers", v)}
          />
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={save.isPending} disabled={save.isPending}>
            Save ledger names
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
