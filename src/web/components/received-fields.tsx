import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "#domain/payments";
import { type FormErrors, fieldBinder, type TextKey, textBinder } from "#web/lib/form";
import { choicesOf, SelectField, TextField } from "./ui/input";

// When and how money came in: the same three boxes on an invoice's payment and a client's advance.

const METHOD_CHOICES = choicesOf(PAYMENT_METHODS, PAYMENT_METHOD_LABELS);

/** The date received (under `dateKey`: a payment's `paidOn`, an advance's `receivedOn`), the method and the reference. */
export function ReceivedFields<F extends { method: PaymentMethod; reference: string }>({
  form,
  errors,
  set,
  dateKey,
}: {
  form: F;
  errors: FormErrors;
  set: <K extends keyof F>(key: K, value: F[K]) => void;
  dateKey: TextKey<F>;
}) {
  const text = textBinder(form, errors, set);
  const field = fieldBinder(form, errors, set);
  return (
    <>
      <TextField label="Date received" type="date" {...text(dateKey)} />
      <SelectField label="Method" options={METHOD_CHOICES} {...field("method")} />
      <TextField label="Reference (UTR, cheque no.)" maxLength={100} {...text("reference" as TextKey<F>)} />
    </>
  );
}
