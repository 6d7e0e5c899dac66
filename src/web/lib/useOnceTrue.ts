import { useState } from "react";

/** True from the first render where `value` is true on (code for a dialog loads when first opened). */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
