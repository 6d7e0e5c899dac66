import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { parseScaled } from "#domain/decimal";
import { formatMoney } from "#domain/format";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "#domain/payments";
import { ApiError, call, queryKeyOf } from "#web/api";
import { Button } from "#web/components/ui/button";
import { choicesOf, SelectField, TextField } from "#web/components/ui/input";
import { fieldBinder, textBinder } from "#web/lib/form";
import { AdvanceGstFields, advanceGstBodyOf, NO_ADVANCE_GST } from "./AdvanceGstFields";

// *Record advance* on a client's page (decision 0092), with GST due on receipt for a service of a
// regular taxpayer (decision 0098).

const METHOD_CHOICES = choicesOf(PAYMENT_METHODS, PAYMENT_METHOD_LABELS);

export function RecordAdvanceForm({
  clientId,
  today,
  registered,
  onDone,
}: {
  clientId: string;
  today: string;
  /** The business is a regular GST taxpayer (offers "For services"). */
  registered: boolean;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    amount: "",
    receivedOn: today,
    method: "bank_transfer" as PaymentMethod,
    reference: "",
    note: "",
    gst: NO_ADVANCE_GST,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = textBinder(form, errors, set);
  const field = fieldBinder(form, errors, set);
  const save = useMutation({
    mutationFn: (amountMinor: number) =>
      call("POST /api/clients/:id/advances", {
        params: { id: clientId },
        body: {
          amountMinor,
          currency: "INR",
          receivedOn: form.receivedOn,
          method: form.method,
          reference: form.reference,
          note: form.note,
          gst: advanceGstBodyOf(form.gst, registered),
        },
      }),
    onSuccess: async (_, amountMinor) => {
      await queryClient.invalidateQueries({
        queryKey: queryKeyOf("GET /api/clients/:id/advances", { params: { id: clientId } }),
      });
      toast.success(`Advance of ${formatMoney(amountMinor, "INR")} recorded`);
      onDone();
    },
    onError: (error) =>
      setErrors(
        error instanceof ApiError && error.fields ? error.fields : { amountMinor: (error as Error).message },
      ),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const amountMinor = parseScaled(form.amount, 2);
    if (amountMinor === null || amountMinor <= 0)
      return setErrors({ amountMinor: "Enter an amount more than zero, like 5000.00." });
    setErrors({});
    save.mutate(amountMinor);
  }
  return (
    <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={submit} noValidate aria-label="Record advance">
      <TextField
        label="Amount (INR)"
        inputMode="decimal"
        error={errors.amountMinor}
        value={form.amount}
        onChange={(v) => set("amount", v)}
      />
      <TextField label="Date received" type="date" {...text("receivedOn")} />
      <SelectField label="Method" options={METHOD_CHOICES} {...field("method")} />
      <TextField label="Reference (UTR, cheque no.)" maxLength={100} {...text("reference")} />
      <TextField label="Note" className="sm:col-span-2" maxLength={500} {...text("note")} />
      <AdvanceGstFields
        value={form.gst}
        onChange={(gst) => set("gst", gst)}
        registered={registered}
        errors={errors}
      />
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          Save advance
        </Button>
      </div>
    </form>
  );
}
