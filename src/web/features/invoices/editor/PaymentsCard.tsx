import { useMutation, useQuery } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { type FormEvent, memo, useState } from "react";
import { toast } from "sonner";
import type { Payment, PaymentsAnswer } from "#contract/invoice-payments";
import { currencyOf } from "#domain/currencies";
import { formatPageDate } from "#domain/dates";
import { formatScaled, parseScaled } from "#domain/decimal";
import { formatMoney } from "#domain/format";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "#domain/payments";
import { formatTdsRate } from "#domain/tds";
import { ApiError, call, callQuery } from "#web/api";
import { Button, IconButton } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { choicesOf, SelectField, TextField } from "#web/components/ui/input";
import { ConfirmDialog, Dialog } from "#web/components/ui/lazy-dialog";
import { useMay } from "#web/features/members/role";
import { fieldBinder, textBinder } from "#web/lib/form";
import { TdsFields, type TdsForm, tdsBody, tdsFormOf } from "./TdsFields";

// The invoice's payments received: what was paid, when and how, and the balance still due.
// Recording one that reaches the total makes the invoice paid; deleting one reopens it.

interface Form extends TdsForm {
  amount: string;
  paidOn: string;
  method: PaymentMethod;
  reference: string;
  note: string;
  /** A realisation (an invoice in another currency; decision 0089): rupees credited, as typed. */
  inrCredited: string;
  realisationRef: string;
  /** Pay from this client advance (decision 0092), or "" for money received now. */
  advanceId: string;
}

type OpenAdvance = NonNullable<PaymentsAnswer["advances"]>[number];

/** "Exchange loss ₹620.00" / "Exchange gain ₹75.00" / "No exchange difference". */
function exchangeWords(minor: number): string {
  if (minor === 0) return "No exchange difference";
  return `Exchange ${minor < 0 ? "loss" : "gain"} ${formatMoney(Math.abs(minor), "INR")}`;
}

type Body = {
  amountMinor: number;
  paidOn: string;
  method: PaymentMethod;
  reference: string;
  note: string;
  tdsMinor: number;
  tdsSection: string | null;
  tdsRateBp: number | null;
  inrCreditedMinor: number | null;
  realisationRef: string;
  advanceId?: string | null;
};

const METHOD_CHOICES = choicesOf(PAYMENT_METHODS, PAYMENT_METHOD_LABELS);

function PaymentDialog({
  open,
  onOpenChange,
  currency,
  initial,
  title,
  onSubmit,
  openBalanceMinor,
  taxableMinor,
  advances = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currency: string;
  initial: Form;
  title: string;
  onSubmit: (body: Body) => Promise<unknown>;
  /** The balance this payment may settle (for an edit, with its own amount and TDS given back). */
  openBalanceMinor: number;
  /** The invoice's value without GST, which TDS is deducted on. */
  taxableMinor: number;
  /** The client's advances with something left (a new payment only). */
  advances?: OpenAdvance[];
}) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const exponent = currencyOf(currency).exponent;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = textBinder(form, errors, set);
  const field = fieldBinder(form, errors, set);
  /** The amount received follows the TDS (balance less TDS) until the user types another. */
  const followTds = (before: Form, next: TdsForm) => {
    const tdsOf = (f: TdsForm) => (f.tdsOn ? (parseScaled(f.tds, exponent) ?? 0) : 0);
    if (parseScaled(before.amount, exponent) !== openBalanceMinor - tdsOf(before)) return before.amount;
    return formatScaled(Math.max(0, openBalanceMinor - tdsOf(next)), exponent);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amountMinor = parseScaled(form.amount, exponent);
    if (amountMinor === null || amountMinor <= 0) {
      setErrors({ amountMinor: "Enter an amount more than zero." });
      return;
    }
    const tds = tdsBody(form);
    if ("error" in tds) {
      setErrors({ [tds.error[0]]: tds.error[1] });
      return;
    }
    const inrCreditedMinor = form.inrCredited.trim() === "" ? null : parseScaled(form.inrCredited, 2);
    if (inrCreditedMinor !== null && inrCreditedMinor <= 0) {
      setErrors({ inrCreditedMinor: "Enter the rupees credited, more than zero, like 82500.00." });
      return;
    }
    if (form.inrCredited.trim() !== "" && inrCreditedMinor === null) {
      setErrors({ inrCreditedMinor: "Enter the rupees credited with at most 2 decimals, like 82500.00." });
      return;
    }
    setBusy(true);
    try {
      const { paidOn, method, reference, note, realisationRef } = form;
      await onSubmit({
        ...(form.advanceId ? { advanceId: form.advanceId } : {}),
        amountMinor,
        paidOn,
        method,
        reference,
        note,
        realisationRef,
        inrCreditedMinor,
        ...tds,
      });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields ?? { amountMinor: error.message });
      else setErrors({ amountMinor: String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate aria-label={title}>
        {advances.length > 0 && (
          <SelectField
            label="Paid from"
            className="sm:col-span-2"
            error={errors.advanceId}
            value={form.advanceId}
            options={[
              { value: "", label: "Money received now" },
              ...advances.map((a) => ({
                value: a.id,
                label: `Pay from advance of ${formatPageDate(a.receivedOn)} (${formatMoney(a.balanceMinor, currency)} available)`,
              })),
            ]}
            onChange={(advanceId) => {
              const advance = advances.find((a) => a.id === advanceId);
              setErrors({});
              setForm((f) =>
                advance
                  ? {
                      ...f,
                      advanceId,
                      amount: formatScaled(Math.min(advance.balanceMinor, openBalanceMinor), exponent),
                      method: advance.method,
                      reference: advance.reference,
                    }
                  : { ...f, advanceId: "" },
              );
            }}
          />
        )}
        <TextField
          label={form.tdsOn ? `Amount received (${currency})` : `Amount (${currency})`}
          error={errors.amountMinor}
          inputMode="decimal"
          value={form.amount}
          onChange={(amount) => set("amount", amount)}
        />
        <TextField label="Date received" type="date" {...text("paidOn")} />
        <SelectField label="Method" options={METHOD_CHOICES} {...field("method")} />
        <TextField label="Reference (UTR, cheque no.)" maxLength={100} {...text("reference")} />
        {currency !== "INR" && (
          <>
            <TextField
              label="Rupees credited by the bank (₹)"
              error={errors.inrCreditedMinor}
              hint="From the bank's advice; the difference is your exchange gain or loss"
              inputMode="decimal"
              value={form.inrCredited}
              onChange={(inrCredited) => set("inrCredited", inrCredited)}
            />
            <TextField label="FIRC / e-BRC number" maxLength={50} {...text("realisationRef")} />
          </>
        )}
        <TextField label="Note" className="sm:col-span-2" maxLength={500} {...text("note")} />
        {/* TDS is deducted in rupees only (decision 0088). */}
        {currency === "INR" && (
          <TdsFields
            form={form}
            errors={errors}
            taxableMinor={taxableMinor}
            onChange={(next) => setForm((f) => ({ ...f, ...next, amount: followTds(f, next) }))}
          />
        )}
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Save payment
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export const PaymentsCard = memo(function PaymentsCard({
  invoiceId,
  currency,
  today,
  onChanged,
}: {
  invoiceId: string;
  currency: string;
  today: string;
  /** After a payment changed: the invoice's status and balance may have too. */
  onChanged: () => Promise<void>;
}) {
  const params = { id: invoiceId };
  const query = useQuery(callQuery("GET /api/invoices/:id/payments", { params }));
  const [dialog, setDialog] = useState<{ payment: Payment | null } | null>(null);
  const [deleting, setDeleting] = useState<Payment | null>(null);
  const exponent = currencyOf(currency).exponent;
  const money = (minor: number) => formatMoney(minor, currency);

  const changed = async (answer: PaymentsAnswer, message: string) => {
    query.refetch();
    await onChanged();
    toast.success(message, {
      description:
        answer.invoice.status === "paid"
          ? "The invoice is paid in full."
          : `Balance due: ${money(answer.invoice.balanceDueMinor)}.`,
    });
  };
  // Deleting a recorded payment changes the books: owners only (decision 0076).
  const mayDelete = useMay("payments.delete");
  const remove = useMutation({
    mutationFn: (payment: Payment) =>
      call("DELETE /api/invoices/:id/payments/:paymentId", { params: { ...params, paymentId: payment.id } }),
    onSuccess: async (answer) => {
      setDeleting(null);
      await changed(answer, "Payment deleted");
    },
    onError: (error) =>
      toast.error("Could not delete the payment", { description: (error as Error).message }),
  });

  const data = query.data;
  const invoice = data?.invoice;
  const initial = (payment: Payment | null): Form =>
    payment
      ? {
          amount: formatScaled(payment.amountMinor, exponent),
          paidOn: payment.paidOn,
          method: payment.method,
          reference: payment.reference,
          note: payment.note,
          ...tdsFormOf(payment),
          inrCredited: payment.inrCreditedMinor === null ? "" : formatScaled(payment.inrCreditedMinor, 2),
          realisationRef: payment.realisationRef,
          advanceId: "",
        }
      : {
          amount: formatScaled(invoice?.balanceDueMinor ?? 0, exponent),
          paidOn: today,
          method: currency === "INR" ? "upi" : "bank_transfer",
          reference: "",
          note: "",
          ...tdsFormOf(null),
          inrCredited: "",
          realisationRef: "",
          advanceId: "",
        };

  return (
    <Card role="region" aria-labelledby="payments-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payments-heading" className="text-lg font-semibold">
          Payments received
        </h2>
        {invoice && invoice.balanceDueMinor > 0 && (
          <Button size="sm" onClick={() => setDialog({ payment: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Record payment
          </Button>
        )}
      </div>
      {query.isPending ? (
        <p className="mt-3 text-sm text-muted-foreground" role="status">
          Loading payments…
        </p>
      ) : !data || !invoice ? (
        <p className="mt-3 text-sm text-destructive" role="alert">
          Could not load the payments. Please reload the page.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm" data-testid="payments-summary">
            Paid <strong>{money(invoice.amountPaidMinor)}</strong> of {money(invoice.totalMinor)} · Balance
            due <strong>{money(invoice.balanceDueMinor)}</strong>
            {data.inrTotalMinor != null && (
              <> · Invoice value {formatMoney(data.inrTotalMinor, "INR")} at its rate</>
            )}
          </p>
          {data.payments.length === 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">No payments recorded yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-border" aria-label="Payments">
              {data.payments.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium tabular-nums">
                      {money(p.amountMinor)}
                      {p.tdsMinor > 0 && (
                        <span className="font-normal text-muted-foreground">
                          {` + TDS ${money(p.tdsMinor)} (${p.tdsSection}${p.tdsRateBp ? ` at ${formatTdsRate(p.tdsRateBp)}` : ""})`}
                        </span>
                      )}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {p.source === "credit_note"
                        ? `${formatPageDate(p.paidOn)} · Credit note ${p.reference}`
                        : `${formatPageDate(p.paidOn)} · ${p.advanceId ? "From advance · " : ""}${PAYMENT_METHOD_LABELS[p.method]}${p.reference ? ` · ${p.reference}` : ""}${p.note ? ` · ${p.note}` : ""}`}
                    </p>
                    {p.inrCreditedMinor !== null && (
                      <p className="text-xs" data-testid="payment-realisation">
                        Credited {formatMoney(p.inrCreditedMinor, "INR")}
                        {p.realisationRef ? ` · FIRC/e-BRC ${p.realisationRef}` : ""}
                        {p.exchangeDifferenceMinor !== null && (
                          <strong
                            className={
                              p.exchangeDifferenceMinor < 0
                                ? " text-destructive"
                                : " text-emerald-700 dark:text-emerald-400"
                            }
                          >
                            {" "}
                            · {exchangeWords(p.exchangeDifferenceMinor)}
                          </strong>
                        )}
                      </p>
                    )}
                  </div>
                  {/* A credit note's share changes only with its note (Credit notes card). */}
                  <div className={p.source === "credit_note" ? "hidden" : "flex gap-1"}>
                    <IconButton
                      variant="outline"
                      label={`Edit payment of ${money(p.amountMinor)}`}
                      icon={Pencil}
                      onClick={() => setDialog({ payment: p })}
                    />
                    {mayDelete && (
                      <IconButton
                        variant="outline"
                        label={`Delete payment of ${money(p.amountMinor)}`}
                        icon={Trash2}
                        onClick={() => setDeleting(p)}
                      />
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {dialog && (
        <PaymentDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          currency={currency}
          initial={initial(dialog.payment)}
          taxableMinor={data?.taxableMinor ?? 0}
          advances={dialog.payment ? [] : (data?.advances ?? [])}
          openBalanceMinor={
            (invoice?.balanceDueMinor ?? 0) +
            (dialog.payment ? dialog.payment.amountMinor + dialog.payment.tdsMinor : 0)
          }
          title={dialog.payment ? "Edit payment" : "Record payment"}
          onSubmit={async (body) => {
            const answer = dialog.payment
              ? await call("PUT /api/invoices/:id/payments/:paymentId", {
                  params: { ...params, paymentId: dialog.payment.id },
                  body,
                })
              : await call("POST /api/invoices/:id/payments", { params, body });
            await changed(answer, dialog.payment ? "Payment changed" : "Payment recorded");
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this payment?"
        description={
          deleting
            ? `${money(deleting.amountMinor)}${deleting.tdsMinor > 0 ? ` and its TDS of ${money(deleting.tdsMinor)}` : ""} received on ${formatPageDate(deleting.paidOn)} ${deleting.tdsMinor > 0 ? "are" : "is"} removed.`
            : ""
        }
        confirmLabel="Delete payment"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Card>
  );
});
