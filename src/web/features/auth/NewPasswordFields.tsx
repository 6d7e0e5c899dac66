import { type ReactNode, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "#domain/validation";
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
