import "./zod-config";
import "./styles.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { ApiError } from "./api";
import { AuthProvider, prefetchSession } from "./auth/AuthProvider";
import { useTheme } from "./lib/theme";
import { prefetchFirstPage } from "./prefetch";
import { router } from "./router";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

// The browser's context menu stays available in text fields only, so copy and paste still work.
document.addEventListener("contextmenu", (event) => {
  const target = event.target as HTMLElement | null;
  if (target?.closest("input, textarea, [contenteditable='true']")) return;
  event.preventDefault();
});

/**
 * One toast at a time, 5 s by default (spec §9), in the app's own theme. Below the top bar (56 px
 * high): over it, a toast hid the credits button and the account menu, and a pointer on its way
 * there held the toast open (sonner pauses a hovered toast), so the click never reached them.
 */
const BELOW_TOP_BAR = { top: 64 };

function ThemedToaster() {
  const [theme] = useTheme();
  return (
    <Toaster
      richColors
      closeButton
      position="top-right"
      visibleToasts={1}
      duration={5000}
      theme={theme}
      offset={BELOW_TOP_BAR}
      mobileOffset={BELOW_TOP_BAR}
    />
  );
}

prefetchFirstPage(queryClient, prefetchSession(), window.location.pathname);
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <ThemedToaster />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
