import { toast } from "sonner";
import { ApiError } from "#web/api";

export type FormErrors = Record<string, string>;

/** The keys of a form whose values are strings: what a text box edits. */
export type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/**
 * Binds a form's text boxes by key: `<TextField label="Name" {...text("name")} />` gets the value,
 * the server's or the form's error for that key (under `prefix`, e.g. "bankDetails."), and a change
 * handler that writes the key back.
 */
export function textBinder<F>(
  form: F,
  errors: FormErrors,
  set: <K extends keyof F>(key: K, value: F[K]) => void,
  prefix = "",
) {
  return <K extends TextKey<F>>(key: K, tidy: (value: string) => string = (v) => v) => ({
    value: form[key] as string,
    error: errors[`${prefix}${key}`],
    onChange: (value: string) => set(key, tidy(value) as F[K]),
  });
}

/**
 * The same for a field of any type (a select, a colour, a font): `<SelectField label="Method"
 * options={METHODS} {...field("method")} />` gets the key's value, its error and a change handler.
 */
export function fieldBinder<F>(
  form: F,
  errors: FormErrors,
  set: <K extends keyof F>(key: K, value: F[K]) => void,
  prefix = "",
) {
  return <K extends keyof F & string>(key: K) => ({
    value: form[key],
    error: errors[`${prefix}${key}`],
    onChange: (value: F[K]) => set(key, value),
  });
}

/**
 * What a failed save shows: the fields the server refused next to their boxes (mapped to the
 * form's keys where they differ) and a toast saying what could not be saved and why.
 */
export function showSaveError(
  title: string,
  setErrors: (errors: FormErrors) => void,
  formKeys: (fields: FormErrors) => FormErrors = (fields) => fields,
) {
  return (error: unknown) => {
    if (error instanceof ApiError && error.fields) setErrors(formKeys(error.fields));
    toast.error(title, { description: error instanceof Error ? error.message : String(error) });
  };
}

/** The keys of a form whose values are booleans: what a switch or a checkbox turns on and off. */
export type FlagKey<F> = { [K in keyof F]: F[K] extends boolean ? K : never }[keyof F] & string;

/** Binds a form's switches by key: `<Switch label="Round off totals" {...flag("roundOffTotals")} />`. */
export function flagBinder<F>(form: F, set: <K extends keyof F>(key: K, value: F[K]) => void) {
  return <K extends FlagKey<F>>(key: K) => ({
    checked: form[key] as boolean,
    onChange: (on: boolean) => set(key, on as F[K]),
  });
}
