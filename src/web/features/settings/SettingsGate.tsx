import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { LOADING_TEXTS, SETTINGS_MESSAGES } from "#domain/messages";
import { useAuth } from "#web/auth/AuthProvider";
import { Spinner } from "#web/components/ui/card";
import { settingsQuery } from "./settingsQuery";

/** Pages that do not wait for settings (spec §2: not on /instructions). */
const WITHOUT_SETTINGS = ["/instructions"];

/** Shows 'Loading your settings...' until the signed-in user's settings are in. */
export function SettingsGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // The same query and states as useSettings, without the settings schema it needs to merge a
  // local draft: a page that does not use the settings does not load that code.
  const { user } = useAuth();
  const query = useQuery({ ...settingsQuery, enabled: Boolean(user) });
  const loadingNow = Boolean(user) && query.isLoading;
  const isError = query.isError;
  // When the settings arrive, the page behind the gate is rendered at low priority, in slices, so
  // a slow phone stays responsive meanwhile; the spinner stays up until it is ready.
  const isLoading = useDeferredValue(loadingNow);
  const warned = useRef(false);

  useEffect(() => {
    if (!isError || warned.current) return;
    warned.current = true;
    toast.error(SETTINGS_MESSAGES.errorLoadingSettingsTitle, {
      description: SETTINGS_MESSAGES.errorLoadingSettings,
    });
  }, [isError]);

  if (isLoading && !WITHOUT_SETTINGS.includes(pathname)) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner label={LOADING_TEXTS.loadingSettings} />
      </div>
    );
  }
  return <>{children}</>;
}
