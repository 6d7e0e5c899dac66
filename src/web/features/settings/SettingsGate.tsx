import { type ReactNode, useDeferredValue, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { LOADING_TEXTS, SETTINGS_MESSAGES } from "../../../domain/messages";
import { Spinner } from "../../components/ui/card";
import { useSettings } from "./useSettings";

/** Pages that do not wait for settings (spec §2: not on /instructions). */
const WITHOUT_SETTINGS = ["/instructions"];

/** Shows 'Loading your settings...' until the signed-in user's settings are in. */
export function SettingsGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { isLoading: loadingNow, isError } = useSettings();
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
