import { useCallback, useSyncExternalStore } from "react";

export const THEME_KEY = "bahi-theme";
export type Theme = "light" | "dark";

const listeners = new Set<() => void>();

function current(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // private mode: the theme still applies for this page
  }
  for (const l of listeners) l();
}

export function useTheme(): [Theme, () => void] {
  const theme = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    current,
    () => "light" as Theme,
  );
  const toggle = useCallback(() => applyTheme(current() === "dark" ? "light" : "dark"), []);
  return [theme, toggle];
}
