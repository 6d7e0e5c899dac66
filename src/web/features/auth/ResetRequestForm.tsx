import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { AUTH_MESSAGES } from "#domain/messages";
import { authApi } from "#web/auth/auth-api";
import { Button } from "#web/components/ui/button";
import { EmailField } from "#web/components/ui/input";

export function ResetRequestForm({
  initialEmail,
  onDone,
}: {
  initialEmail: string;
  onDone: (email: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await authApi.requestReset(email.trim());
      toast.success("Check your email", { description: AUTH_MESSAGES.resetInstructionsSent });
      onDone(email.trim());
    } catch (error) {
      toast.error(AUTH_MESSAGES.passwordResetFailedTitle, {
        description: (error as Error).message || AUTH_MESSAGES.couldNotSendResetEmail,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </p>
      <EmailField value={email} onChange={setEmail} />
      <Button type="submit" className="w-full justify-center" busy={busy}>
        Send Reset Link
      </Button>
    </form>
  );
}
