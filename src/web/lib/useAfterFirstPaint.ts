import { startTransition, useEffect, useState } from "react";

/**
 * False on a component's first render, true once the browser has drawn it. A long page draws its
 * top first and the rest (below the fold on a phone) in a second, low-priority render, so a slow
 * phone shows the page sooner and never blocks for the whole page at once.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // Effects run after the browser paints; the timer moves the second render to a task of its own.
    const timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return painted;
}
