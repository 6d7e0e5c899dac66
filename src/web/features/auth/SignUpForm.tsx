import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from "#domain/messages";
import { newPasswordProblem, PASSWORD_MIN_LENGTH } from "#domain/validation";
import { ApiError } from "#web/api";
import { authApi } from "#web/auth/auth-api";
import { Button } from "#web/components/ui/button";
import { EmailField, TextField } from "#web/components/ui/input";
import { NewPasswordFields, useNewPassword } from "./NewPasswordFields";

export function SignUpForm({
  onDone,
  onShowTab,
}: {
  onDone: (email: string) => void;
  onShowTab: (tab: "login" | "reset", email?: string) => void;
}) {
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState("");
  const pw = useNewPassword();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<{ field: "password" | "confirm" | "terms"; message: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!agreed) return setError({ field: "terms", message: AUTH_MESSAGES.mustAgreeToTerms });
    const problem = newPasswordProblem(pw.password, pw.confirm, PASSWORD_MESSAGES.passwordsDoNotMatch);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      const result = await authApi.signUp(email.trim(), pw.password, fullName.trim());
      toast.success("Sign Up Successful", {
        description: result.token
          ? AUTH_MESSAGES.accountCreatedAndVerified
          : AUTH_MESSAGES.confirmationEmailSent,
        duration: 15_000,
      });
      setFullName("");
      pw.clear();
      setAgreed(false);
      onDone(email.trim());
    } catch (err) {
      if (err instanceof ApiError && err.code === "USER_ALREADY_EXISTS") {
        toast.error(AUTH_MESSAGES.emailAlreadyRegisteredTitle, {
          duration: 10_000,
          description: (
            <span>
              An account with this email already exists.{" "}
              <button type="button" className="underline" onClick={() => onShowTab("login", email.trim())}>
                Sign In
              </button>{" "}
              or{" "}
              <button type="button" className="underline" onClick={() => onShowTab("reset", email.trim())}>
                Reset Password
              </button>
            </span>
          ),
        });
      } else {
        toast.error(AUTH_MESSAGES.signUpFailedTitle, {
          description: (err as Error).message || AUTH_MESSAGES.couldNotCreateAccount,
        });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextField label="Full name (optional)" autoComplete="name" value={fullName} onChange={setFullName} />
      <EmailField value={email} onChange={setEmail} />
      <NewPasswordFields
        labels={["Password", "Confirm password"]}
        state={pw}
        error={error}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <div className="space-y-1">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-[var(--primary)]"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            aria-describedby={error?.field === "terms" ? "terms-error" : undefined}
          />
          <span>
            I agree to the{" "}
            <Link to="/terms-and-conditions" className="font-medium text-primary underline">
              Terms and Conditions
            </Link>
          </span>
        </label>
        {error?.field === "terms" && (
          <p id="terms-error" role="alert" className="text-sm text-destructive">
            {error.message}
          </p>
        )}
      </div>
      <Button
        type="submit"
        className="w-full justify-center"
        disabled={!agreed}
        busy={busy}
        aria-describedby={agreed ? undefined : "terms-needed"}
      >
        Sign Up
      </Button>
      {!agreed && error?.field !== "terms" && (
        <p id="terms-needed" className="text-center text-xs text-muted-foreground">
          {AUTH_MESSAGES.mustAgreeToTerms}
        </p>
      )}
    </form>
  );
}
