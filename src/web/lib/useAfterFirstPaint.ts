import { startTransition, useEffect, useState } from "react";

/**
 * Draws a long page in steps: 0 on the component's first render, then 1, 2, ... up to `last`, each
 * step a low-priority render of its own once the browser has drawn the one before. A page shows
 * its top first and adds what lies below the fold after, so a slow phone shows it sooner and never
 * blocks for the whole page at once.
 */
export function useDrawnStep(last: number): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step >= last) return;
    // Effects run after the browser paints; the timer moves the next step to a task of its own.
    const timer = setTimeout(() => startTransition(() => setStep((s) => s + 1)), 0);
    return () => clearTimeout(timer);
  }, [step, last]);
  return step;
}

/** False on a component's first render, true once the browser has drawn it (useDrawnStep(1)). */
export function useAfterFirstPaint(): boolean {
  return useDrawnStep(1) === 1;
}
