import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Scrolls to the element named by the URL hash after a route change, e.g. /auth#faq-section from an
 * information page. The browser only does this itself on a full page load.
 */
export function useScrollToHash(): void {
  // The key too: a second click on the same link (the hash already in the URL) scrolls again.
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (a new key) scrolls again.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target && typeof target.scrollIntoView === "function") target.scrollIntoView();
  }, [hash, key]);
}
