import { type ComponentType, lazy, Suspense } from "react";
import { useOnceTrue } from "#web/lib/useOnceTrue";

/**
 * A dialog whose code loads the first time it opens rather than with the page: a page that starts
 * with its dialogs closed downloads and runs less (decision 0012). Once opened it stays mounted, so
 * it closes with its animation and opens again at once.
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog at module level, like React.lazy.
  return function LoadedOnOpen(props: P) {
    if (!useOnceTrue(props.open)) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

// Dialog and ConfirmDialog of ./dialog, whose code (Radix) loads with the first dialog that opens.
// Pages import them from here; src/architecture.test.ts keeps Radix out of the first pages.
export const Dialog = lazyDialog(() => import("./dialog").then((m) => m.Dialog));
export const ConfirmDialog = lazyDialog(() => import("./dialog").then((m) => m.ConfirmDialog));
