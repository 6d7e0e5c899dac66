import { clsx } from "clsx";
import { Eye, EyeOff, Search } from "lucide-react";
import {
  type ChangeEvent,
  type ComponentType,
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";

const fieldClass =
  "w-full rounded-md border border-border bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground disabled:opacity-60 aria-[invalid=true]:border-destructive";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...rest },
  ref,
) {
  return <input ref={ref} className={clsx(fieldClass, "h-10", className)} {...rest} />;
});

/** The look of a native select, matching the inputs. */
export const selectClass =
  "h-10 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground aria-[invalid=true]:border-destructive";

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...rest },
  ref,
) {
  return <select ref={ref} className={clsx(selectClass, className)} {...rest} />;
});

/** A select's options: `none` first (the empty value) when given, then one option for each of `of`. */
export function Options<T>({
  none,
  of,
  value = String,
  label,
}: {
  none?: string;
  of: readonly T[];
  value?: (item: T) => string | number;
  label: (item: T) => ReactNode;
}) {
  return (
    <>
      {none === undefined ? null : <option value="">{none}</option>}
      {of.map((item) => (
        <option key={value(item)} value={value(item)}>
          {label(item)}
        </option>
      ))}
    </>
  );
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...rest }, ref) {
    return <textarea ref={ref} className={clsx(fieldClass, "min-h-20", className)} {...rest} />;
  },
);

/** A password input with a show/hide eye button. */
export const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function PasswordInput({ className, ...rest }, ref) {
    const [shown, setShown] = useState(false);
    return (
      <div className="relative">
        <input
          ref={ref}
          type={shown ? "text" : "password"}
          className={clsx(fieldClass, "h-10 pr-10", className)}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-md text-muted-foreground hover:text-foreground"
          aria-label={shown ? "Hide password" : "Show password"}
          aria-pressed={shown}
        >
          {shown ? (
            <EyeOff className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Eye className="h-4 w-4" aria-hidden="true" />
          )}
        </button>
      </div>
    );
  },
);

/** A label, a control and its error or hint, wired together for screen readers. */
export function Field({
  label,
  error,
  hint,
  children,
  className,
}: {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: (props: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={clsx("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** "From" and "To" dates of a list's filter; "To" cannot be set before "From". */
export function DateRangeFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (change: { from: string } | { to: string }) => void;
}) {
  return (
    <>
      <Field label="From">
        {(p) => (
          <Input {...p} type="date" value={from} onChange={(e) => onChange({ from: e.target.value })} />
        )}
      </Field>
      <Field label="To">
        {(p) => (
          <Input
            {...p}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => onChange({ to: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}

/** What a labelled box takes besides its control's own attributes. */
interface BoxFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  /** The class of the field (label, box and message together), e.g. to span two columns. */
  className?: string;
}
type ControlProps<A> = Omit<A, "value" | "onChange" | "className" | "id">;
type TextChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement>;

/** A Field around a control that edits one string: the control's attributes pass through. */
function boxField<A>(Control: ComponentType<A>) {
  return function BoxField({
    label,
    value,
    onChange,
    error,
    hint,
    className,
    ...control
  }: BoxFieldProps & ControlProps<A>) {
    return (
      <Field label={label} error={error} hint={hint} className={className}>
        {(p) => (
          <Control
            {...(control as A)}
            {...p}
            value={value}
            onChange={(e: TextChange) => onChange(e.target.value)}
          />
        )}
      </Field>
    );
  };
}

/** A labelled text box, with its error or hint. */
export const TextField = boxField(Input);
/** A labelled box of several lines, with its error or hint. */
export const TextareaField = boxField(Textarea);
/** A labelled box for a secret, which can show what is typed, with its error or hint. */
export const SecretField = boxField(PasswordInput);
const SelectBox = boxField(Select);

/** One choice of a SelectField: what is stored, and what the user reads. */
export interface Choice<T extends string> {
  value: T;
  label: string;
}

/** Each of `values` with its label from `labels`, as choices of a SelectField. */
export function choicesOf<T extends string>(values: readonly T[], labels: Record<T, string>): Choice<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** A labelled native select over a list of choices (`none` first, the empty value, when given),
 *  with its error or hint. */
export function SelectField<T extends string>({
  options,
  onChange,
  none,
  ...field
}: Omit<BoxFieldProps, "onChange"> & {
  options: readonly Choice<T>[];
  onChange: (value: T) => void;
  none?: string;
}) {
  return (
    <SelectBox {...field} onChange={(v) => onChange(v as T)}>
      <Options none={none} of={options} value={(o) => o.value} label={(o) => o.label} />
    </SelectBox>
  );
}

/** A required e-mail box with its label. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField label="Email" type="email" required autoComplete="email" value={value} onChange={onChange} />
  );
}

/** A required password box (it can show what is typed) with its label and its error or hint. */
export function PasswordField(
  props: BoxFieldProps & { autoComplete: "current-password" | "new-password"; minLength?: number },
) {
  return <SecretField required {...props} />;
}

/** A list's search box, the magnifier inside it; `className` styles the box around it. */
export function SearchInput({
  className,
  onChange,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "type"> & { onChange: (value: string) => void }) {
  return (
    <div className={clsx("relative", className)}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        {...rest}
        type="search"
        className="pl-9"
        maxLength={200}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A checkbox with its words beside it, the whole line clickable. */
export function CheckboxField({
  label,
  checked,
  onChange,
  className,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <label className={clsx("flex items-center gap-2 text-sm", className)}>
      <input
        type="checkbox"
        className="h-4 w-4 accent-[var(--primary)]"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}
