import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AUTH_MESSAGES } from "#domain/messages";
import { authApi } from "#web/auth/auth-api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Tabs } from "#web/components/ui/tabs";
import { LoginForm } from "./LoginForm";
import { ResetRequestForm } from "./ResetRequestForm";
import { SignUpForm } from "./SignUpForm";

export type AuthTab = "login" | "signup" | "reset";
const TABS: readonly string[] = ["login", "signup", "reset"] satisfies AuthTab[];

function tabFrom(value: string | null): AuthTab | null {
  return value !== null && TABS.includes(value) ? (value as AuthTab) : null;
}

export function AuthForm({
  onSignedIn,
  returnTo,
  confirmed = false,
}: {
  onSignedIn: () => Promise<void>;
  returnTo: string;
  /** The user came from the e-mail confirmation link: the Login tab says so. */
  confirmed?: boolean;
}) {
  // A link can open a tab: "Get started free" is /auth?tab=signup#auth-form-section.
  const [params] = useSearchParams();
  const { key } = useLocation();
  const asked = tabFrom(params.get("tab"));
  const [tab, setTab] = useState<AuthTab>(asked ?? "login");
  // Each click on such a link (a new location key) opens its tab again, even after another was chosen.
  useEffect(() => {
    if (asked && key) setTab(asked);
  }, [asked, key]);
  const [email, setEmail] = useState("");
  const show = (next: AuthTab, withEmail?: string) => {
    if (withEmail !== undefined) setEmail(withEmail);
    setTab(next);
  };

  return (
    <Card className="mx-auto w-full max-w-md">
      <Tabs
        label="Sign in or create an account"
        value={tab}
        onChange={setTab}
        tabs={[
          {
            value: "login",
            label: "Login",
            content: (
              <>
                {confirmed && (
                  <p role="status" className="mb-4 rounded-md bg-accent-soft px-3 py-2 text-sm font-medium">
                    {AUTH_MESSAGES.emailConfirmed}
                  </p>
                )}
                <LoginForm initialEmail={email} onSignedIn={onSignedIn} onForgot={() => setTab("reset")} />
              </>
            ),
          },
          {
            value: "signup",
            label: "Sign Up",
            content: <SignUpForm onDone={(e) => show("login", e)} onShowTab={show} />,
          },
          {
            value: "reset",
            label: "Reset Password",
            content: <ResetRequestForm initialEmail={email} onDone={(e) => show("login", e)} />,
          },
        ]}
      />
      <div className="my-6 flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <GoogleButton returnTo={returnTo} />
    </Card>
  );
}

function GoogleButton({ returnTo }: { returnTo: string }) {
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    try {
      const { googleEnabled } = await authApi.config();
      if (!googleEnabled) throw new Error(AUTH_MESSAGES.googleNotConfigured);
      const { url } = await authApi.googleSignIn(new URL(returnTo, window.location.origin).toString());
      window.location.assign(url);
    } catch (error) {
      toast.error(AUTH_MESSAGES.googleSignInFailedTitle, { description: (error as Error).message });
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" className="w-full justify-center" onClick={start} busy={busy}>
      <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
        <path
          fill="#4285F4"
          d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
        />
        <path
          fill="#34A853"
          d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
        />
        <path
          fill="#FBBC05"
          d="M5.84 14.09A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.43.34-2.09V7.07H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.93l3.66-2.84z"
        />
        <path
          fill="#EA4335"
          d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
        />
      </svg>
      Continue with Google
    </Button>
  );
}
