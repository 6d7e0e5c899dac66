import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { PASSWORD_MESSAGES } from "#domain/messages";
import { newPasswordProblem, PASSWORD_MIN_LENGTH } from "#domain/validation";
import { PasswordField } from "#web/components/ui/input";

/** A new password and the same typed again, as sign-up, reset and change password ask for them. */
export function useNewPassword() {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const clear = () => {
    setPassword("");
    setConfirm("");
  };
  return { password, confirm, setPassword, setConfirm, clear };
}

/**
 * A form that sets a new password (change it, or reset it from the e-mailed link): the boxes are
 * checked first, then `send` runs with the button busy, then `after`; a toast tells how it went
 * (`failure` words an error, the server's message by default).
 */
export function useNewPasswordForm() {
  const pw = useNewPassword();
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function save({
    send,
    done,
    after,
    failure = (err) => err.message,
  }: {
    send: () => Promise<unknown>;
    done: string;
    after: () => unknown;
    failure?: (err: Error) => string;
  }) {
    const problem = newPasswordProblem(pw.password, pw.confirm);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      await send();
      toast.success(PASSWORD_MESSAGES.passwordUpdatedTitle, { description: done });
      await after();
    } catch (err) {
      toast.error(PASSWORD_MESSAGES.passwordUpdateFailedTitle, {
        description: failure(err as Error) || PASSWORD_MESSAGES.couldNotUpdatePassword,
      });
    } finally {
      setBusy(false);
    }
  }
  return { pw, error, setError, busy, save };
}

/** The two boxes of `useNewPassword`, each with its message from `newPasswordProblem`. */
export function NewPasswordFields({
  labels,
  state,
  error,
  hint,
}: {
  labels: readonly [password: string, confirm: string];
  state: ReturnType<typeof useNewPassword>;
  error: { field: string; message: string } | null;
  hint?: ReactNode;
}) {
  const boxes = [
    { field: "password", value: state.password, onChange: state.setPassword, hint },
    { field: "confirm", value: state.confirm, onChange: state.setConfirm, hint: undefined },
  ];
  return boxes.map((box, i) => (
    <PasswordField
      key={box.field}
      label={labels[i]}
      autoComplete="new-password"
      minLength={PASSWORD_MIN_LENGTH}
      value={box.value}
      onChange={box.onChange}
      error={error?.field === box.field ? error.message : null}
      hint={box.hint}
    />
  ));
}
