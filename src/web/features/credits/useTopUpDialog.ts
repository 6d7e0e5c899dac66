import { useSyncExternalStore } from "react";

// One shared flag for the top-up dialog (spec §4): the header button, the PDF download at zero
// credits and anything else open and close the same dialog, mounted once in the app shell.

let isOpen = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (isOpen === next) return;
  isOpen = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const openTopUpDialog = () => set(true);
export const closeTopUpDialog = () => set(false);

const actions = { open: openTopUpDialog, close: closeTopUpDialog };

export function useTopUpDialog(): { open: () => void; close: () => void; isOpen: boolean } {
  const open = useSyncExternalStore(
    subscribe,
    () => isOpen,
    () => false,
  );
  return { ...actions, isOpen: open };
}
