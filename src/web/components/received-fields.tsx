import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "#domain/payments";
import { type FormErrors, type TextKey, textBinder } from "#web/lib/form";
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
  return (
    <>
      <TextField label="Date received" type="date" {...text(dateKey)} />
      <SelectField
        label="Method"
        error={errors.method}
        value={form.method}
        options={METHOD_CHOICES}
        onChange={(method) => set("method", method as F["method"])}
      />
      <TextField label="Reference (UTR, cheque no.)" maxLength={100} {...text("reference" as TextKey<F>)} />
    </>
  );
}
