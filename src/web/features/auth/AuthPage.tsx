import { useEffect, useState } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AUTH_MESSAGES, LOADING_TEXTS } from "#domain/messages";
import { useAuth } from "#web/auth/AuthProvider";
import { FullScreenLoader } from "#web/components/ui/card";
import { InvitationNotice, rememberInvitation } from "../members/invitation";
import { LandingPage } from "../public/LandingPage";
import { SIGN_IN_LINK } from "../public/publicLinks";
import { AuthForm } from "./AuthForm";
import { returnPathFrom } from "./return-path";

export function AuthPage() {
  const { user, loading, refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const returnTo = returnPathFrom(location.state);
  const [confirmed, setConfirmed] = useState(false);
  // An invitation's link (decision 0076): kept until the person is signed in, then accepted.
  const invitation = params.get("invitation");
  rememberInvitation(invitation);

  useEffect(() => {
    document.title = "Bahi";
    if (params.get("verified") === "1") {
      // The confirmation link lands on the Login tab of the form, scrolled to, with the message in it.
      setConfirmed(true);
      navigate(SIGN_IN_LINK, { replace: true });
    } else if (params.get("error") === "google") {
      toast.error(AUTH_MESSAGES.googleSignInFailedTitle, { description: AUTH_MESSAGES.somethingWentWrong });
      setParams({}, { replace: true });
    } else if (params.get("error")) {
      toast.error("Link not valid", {
        description: "This link is invalid or has expired. Please ask for a new one.",
      });
      setParams({}, { replace: true });
    }
  }, [params, setParams, navigate]);

  if (loading) return <FullScreenLoader label={LOADING_TEXTS.authenticating} />;
  if (user) return <Navigate to={returnTo} replace />;

  const onSignedIn = async () => {
    await refresh();
    navigate(returnTo, { replace: true });
  };
  return (
    <LandingPage
      authForm={
        <>
          {invitation && <InvitationNotice token={invitation} />}
          <AuthForm onSignedIn={onSignedIn} returnTo={returnTo} confirmed={confirmed} />
        </>
      }
    />
  );
}
