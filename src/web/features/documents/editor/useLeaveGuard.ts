import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * Asks before leaving with unsaved changes: in-app navigation through react-router's blocker,
 * closing or reloading the tab through beforeunload. `allowNextNavigation` lets a save or delete
 * move on without asking.
 */
export function useLeaveGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  return {
    blocker,
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
}
