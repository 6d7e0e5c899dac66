import { type ComponentProps, lazy, Suspense } from "react";
import { useOnceTrue } from "#web/lib/useOnceTrue";
import type { ConfirmDialog as EagerConfirmDialog, Dialog as EagerDialog } from "./dialog";

// Dialog and ConfirmDialog of ./dialog, whose code (Radix) loads the first time the dialog opens
// rather than with the page: a page that starts with its dialogs closed downloads and runs less.
const load = () => import("./dialog");
const LazyDialog = lazy(() => load().then((m) => ({ default: m.Dialog })));
const LazyConfirmDialog = lazy(() => load().then((m) => ({ default: m.ConfirmDialog })));

export function Dialog(props: ComponentProps<typeof EagerDialog>) {
  if (!useOnceTrue(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyDialog {...props} />
    </Suspense>
  );
}

export function ConfirmDialog(props: ComponentProps<typeof EagerConfirmDialog>) {
  if (!useOnceTrue(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyConfirmDialog {...props} />
    </Suspense>
  );
}
