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
 * One toast at a time, 5 s by default (spec §9), in the app's own theme, at the bottom in the middle.
 * The top of every page holds the buttons a person reaches for next: the top bar's (credits, account)
 * and the page's own (Add Item, just after an item was added). A toast over them hid them, and a
 * pointer on its way there held the toast open (sonner pauses a hovered toast), so the click never
 * reached them (decisions 0116 and 0118).
 */
function ThemedToaster() {
  const [theme] = useTheme();
  return (
    <Toaster
      richColors
      closeButton
      position="bottom-center"
      visibleToasts={1}
      duration={5000}
      theme={theme}
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
