import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { AUTH_ERROR } from "#contract/errors";
import { ApiError, api } from "#web/api";
import { useAuth } from "#web/auth/AuthProvider";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Field, PasswordInput } from "#web/components/ui/input";
import { Dialog } from "#web/components/ui/lazy-dialog";

/** Deletes the account and everything in it, after the password (when it has one) confirms it. */
export function DeleteAccountCard({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { setSignedOut } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api("/api/auth/delete-user", { body: hasPassword ? { password } : {} });
      setSignedOut();
      queryClient.clear();
      toast.success("Account Deleted", { description: "Your account and all its data have been deleted." });
      navigate("/auth", { replace: true });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : undefined;
      setError(
        code === AUTH_ERROR.invalidPassword
          ? "That password is not correct."
          : code === AUTH_ERROR.sessionExpired
            ? "For your safety, sign out and sign in again, then delete the account."
            : (err as Error).message,
      );
      setBusy(false);
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold">Delete account</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Deletes your account, invoices, clients, products, settings, images and credits for good. Export your
        data from Settings first if you may need it.
      </p>
      <Button variant="destructive" className="mt-4" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword("");
            setError(null);
          }
        }}
        title="Delete your account?"
        description="This cannot be undone. Unused credits are lost."
      >
        <form onSubmit={submit} className="space-y-4">
          {hasPassword && (
            <Field label="Your password" error={error}>
              {(p) => (
                <PasswordInput
                  {...p}
                  required
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </Field>
          )}
          {!hasPassword && error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="destructive" busy={busy} disabled={hasPassword && !password}>
              Delete for good
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
