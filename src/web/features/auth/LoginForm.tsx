import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { AUTH_MESSAGES } from "#domain/messages";
import { ApiError } from "#web/api";
import { authApi } from "#web/auth/auth-api";
import { Button } from "#web/components/ui/button";
import { EmailField, PasswordField } from "#web/components/ui/input";

/** Maps the server's answer to the spec's login messages. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === "EMAIL_NOT_VERIFIED") return AUTH_MESSAGES.emailNotConfirmed;
    if (error.code === "INVALID_EMAIL_OR_PASSWORD") return AUTH_MESSAGES.invalidCredentials;
    return error.message;
  }
  return (error as Error)?.message || AUTH_MESSAGES.somethingWentWrong;
}

export function LoginForm({
  initialEmail,
  onSignedIn,
  onForgot,
}: {
  initialEmail: string;
  onSignedIn: () => Promise<void>;
  onForgot: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => setEmail(initialEmail), [initialEmail]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await authApi.signIn(email.trim(), password);
      await onSignedIn();
    } catch (error) {
      toast.error(AUTH_MESSAGES.loginFailedTitle, { description: loginErrorMessage(error), duration: 7000 });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <EmailField value={email} onChange={setEmail} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <div className="flex justify-end">
        <button type="button" onClick={onForgot} className="text-sm font-medium text-primary underline">
          Forgot password?
        </button>
      </div>
      <Button type="submit" className="w-full justify-center" busy={busy}>
        Login
      </Button>
    </form>
  );
}
