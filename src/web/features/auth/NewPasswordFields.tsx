import type { ReactNode } from "react";
import { PASSWORD_MIN_LENGTH } from "#domain/validation";
import { PasswordField } from "#web/components/ui/input";

/** A new password and its confirmation, each with its message from `newPasswordProblem` (sign-up,
 *  reset and change password). */
export function NewPasswordFields({
  labels,
  password,
  confirm,
  onPassword,
  onConfirm,
  error,
  hint,
}: {
  labels: readonly [password: string, confirm: string];
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  error: { field: string; message: string } | null;
  hint?: ReactNode;
}) {
  const errorOf = (field: string) => (error?.field === field ? error.message : null);
  return (
    <>
      <PasswordField
        label={labels[0]}
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        value={password}
        onChange={onPassword}
        error={errorOf("password")}
        hint={hint}
      />
      <PasswordField
        label={labels[1]}
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        value={confirm}
        onChange={onConfirm}
        error={errorOf("confirm")}
      />
    </>
  );
}
