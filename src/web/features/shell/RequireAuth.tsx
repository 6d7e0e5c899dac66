import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { LOADING_TEXTS } from "#domain/messages";
import { useAuth } from "#web/auth/AuthProvider";
import { FullScreenLoader } from "#web/components/ui/card";

/** Sends a signed-out visitor to /auth, remembering where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenLoader label={LOADING_TEXTS.initializingDashboard} />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location }} />;
  return children;
}

/** A signed-in user opening the terms goes to the dashboard unless they came from inside the app. */
export function TermsGate({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const fromApp = Boolean((location.state as { fromApp?: boolean } | null)?.fromApp);
  if (loading) return <FullScreenLoader label={LOADING_TEXTS.authenticating} />;
  if (user && !fromApp) return <Navigate to="/dashboard" replace />;
  return children;
}
