import { ShieldAlert } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { LOADING_TEXTS, PASSWORD_MESSAGES } from "#domain/messages";
import { useAuth } from "#web/auth/AuthProvider";
import { authApi } from "#web/auth/auth-api";
import { Button } from "#web/components/ui/button";
import { Card, FullScreenLoader, Spinner } from "#web/components/ui/card";
import { NewPasswordFields, useNewPasswordForm } from "./NewPasswordFields";

type Recovery = "checking" | "valid" | "invalid" | "none";

/** Password recovery: reached from the reset e-mail's link, which carries a one-time token. */
export function UpdatePasswordPage() {
  const { user, loading, refresh } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const linkError = params.get("error");
  const [recovery, setRecovery] = useState<Recovery>(token ? "checking" : linkError ? "invalid" : "none");

  useEffect(() => {
    document.title = "Update Password | Bahi";
  }, []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    authApi
      .checkRecovery(token)
      .then((r) => live && setRecovery(r.valid ? "valid" : "invalid"))
      .catch(() => live && setRecovery("invalid"));
    return () => {
      live = false;
    };
  }, [token]);

  // Without a recovery link there is nothing to do here.
  useEffect(() => {
    if (loading || recovery !== "none") return;
    if (user) {
      toast.info(PASSWORD_MESSAGES.invalidActionTitle, {
        description: "You are signed in with a normal session. To change your password, use My Account.",
      });
      navigate("/dashboard", { replace: true });
      return;
    }
    const timer = setTimeout(() => navigate("/auth", { replace: true }), 4000);
    return () => clearTimeout(timer);
  }, [loading, recovery, user, navigate]);

  if (loading) return <FullScreenLoader label={LOADING_TEXTS.verifyingSession} />;
  if (recovery === "checking") return <FullScreenLoader label={LOADING_TEXTS.validatingRecoverySession} />;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4 text-foreground">
      <Card className="w-full max-w-md">
        {recovery === "valid" && token ? (
          <UpdatePasswordForm
            token={token}
            onUpdated={async () => {
              await refresh();
              setTimeout(() => navigate("/dashboard", { replace: true }), 1500);
            }}
          />
        ) : recovery === "invalid" ? (
          <AccessDenied
            signedIn={Boolean(user)}
            message="This password reset link is invalid or has expired. Please ask for a new one."
          />
        ) : (
          <AccessDenied
            signedIn={false}
            message="No password recovery session was found. Open the link from your reset e-mail. Taking you to the login page..."
          />
        )}
      </Card>
    </main>
  );
}

function AccessDenied({ signedIn, message }: { signedIn: boolean; message: string }) {
  return (
    <div className="space-y-4 text-center" role="alert">
      <ShieldAlert className="mx-auto h-10 w-10 text-destructive" aria-hidden="true" />
      <h1 className="text-xl font-semibold">Access Denied</h1>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Link
        to={signedIn ? "/dashboard" : "/auth"}
        className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground"
      >
        {signedIn ? "Go to Dashboard" : "Go to Login"}
      </Link>
    </div>
  );
}

function UpdatePasswordForm({ token, onUpdated }: { token: string; onUpdated: () => Promise<void> }) {
  const { pw, error, busy, save } = useNewPasswordForm();
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save({
      send: () => authApi.resetPassword(token, pw.password),
      done: "Taking you to your dashboard...",
      after: () => {
        setDone(true);
        return onUpdated();
      },
    });
  }

  if (done) return <Spinner label="Password updated. Opening your dashboard..." />;
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <h1 className="text-xl font-semibold">Choose a new password</h1>
        <p className="mt-1 text-sm text-muted-foreground">Your other devices will be signed out.</p>
      </div>
      <NewPasswordFields labels={["New Password", "Confirm New Password"]} state={pw} error={error} />
      <Button type="submit" className="w-full justify-center" busy={busy}>
        {busy ? LOADING_TEXTS.updating : "Update Password"}
      </Button>
    </form>
  );
}
