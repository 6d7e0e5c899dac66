import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import type { Advance } from "#contract/client-advances";
import { formatPageDate, todayInTimeZone } from "#domain/dates";
import { parseScaled } from "#domain/decimal";
import { formatMoney } from "#domain/format";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "#domain/payments";
import { ApiError, call, queryKeyOf } from "#web/api";
import { Button, IconButton } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { choicesOf, SelectField, TextField } from "#web/components/ui/input";
import { CardRecords } from "#web/components/ui/states";
import { useMay } from "#web/features/members/role";
import { useSettings } from "#web/features/settings/useSettings";
import { textBinder } from "#web/lib/form";

// A client's advances (issue 33, decision 0092): money paid before an invoice, with what is left of
// each; *Record advance* adds one, and Record payment on the client's invoice applies it.

const METHOD_CHOICES = choicesOf(PAYMENT_METHODS, PAYMENT_METHOD_LABELS);

function RecordAdvanceForm({
  clientId,
  today,
  onDone,
}: {
  clientId: string;
  today: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    amount: "",
    receivedOn: today,
    method: "bank_transfer" as PaymentMethod,
    reference: "",
    note: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = textBinder(form, errors, set);
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
      <SelectField
        label="Method"
        error={errors.method}
        value={form.method}
        options={METHOD_CHOICES}
        onChange={(v) => set("method", v)}
      />
      <TextField label="Reference (UTR, cheque no.)" maxLength={100} {...text("reference")} />
      <TextField label="Note" className="sm:col-span-2" maxLength={500} {...text("note")} />
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

export function AdvancesCard({ clientId }: { clientId: string }) {
  const { settings } = useSettings();
  const today = todayInTimeZone(new Date(), settings.timeZone);
  const queryClient = useQueryClient();
  const params = { id: clientId };
  const query = useQuery({
    queryKey: queryKeyOf("GET /api/clients/:id/advances", { params }),
    queryFn: () => call("GET /api/clients/:id/advances", { params }),
  });
  const [adding, setAdding] = useState(false);
  const mayRecord = useMay("payments.record");
  const mayDelete = useMay("payments.delete");
  const remove = useMutation({
    mutationFn: (a: Advance) =>
      call("DELETE /api/clients/:id/advances/:advanceId", { params: { id: clientId, advanceId: a.id } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeyOf("GET /api/clients/:id/advances", { params }), answer);
      toast.success("Advance deleted");
    },
    onError: (error) =>
      toast.error("Could not delete the advance", { description: (error as Error).message }),
  });
  const advances = query.data?.advances ?? [];
  const left = advances.filter((a) => a.currency === "INR").reduce((sum, a) => sum + a.balanceMinor, 0);
  return (
    <Card role="region" aria-labelledby="advances-heading" className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="advances-heading" className="text-lg font-semibold">
            Advances
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="advance-held">
            Advance held: <strong className="text-foreground">{formatMoney(left, "INR")}</strong> · applied
            from Record payment on this client's invoices
          </p>
        </div>
        {mayRecord && !adding && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Record advance
          </Button>
        )}
      </div>
      {adding && <RecordAdvanceForm clientId={clientId} today={today} onDone={() => setAdding(false)} />}
      <CardRecords
        query={query}
        items={query.data?.advances}
        what="advances"
        empty="No advances recorded."
        label="Advances"
        main={(a) => (
          <>
            <p className="font-medium tabular-nums">
              {formatMoney(a.amountMinor, a.currency)}{" "}
              <span className="font-normal text-muted-foreground">
                · {formatMoney(a.balanceMinor, a.currency)} left
              </span>
            </p>
            <p className="text-xs text-muted-foreground">
              {formatPageDate(a.receivedOn)} · {PAYMENT_METHOD_LABELS[a.method]}
              {a.reference ? ` · ${a.reference}` : ""}
              {a.source === "bank_statement" ? " · from a bank statement" : ""}
              {a.note ? ` · ${a.note}` : ""}
            </p>
          </>
        )}
        side={(a) =>
          mayDelete &&
          a.appliedMinor === 0 && (
            <IconButton
              variant="outline"
              label={`Delete advance of ${formatMoney(a.amountMinor, a.currency)}`}
              icon={Trash2}
              disabled={remove.isPending}
              onClick={() => remove.mutate(a)}
            />
          )
        }
      />
    </Card>
  );
}
