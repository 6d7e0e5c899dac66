import * as DialogPrimitive from "@radix-ui/react-dialog";
import { LogOut, Menu, Moon, Sun, X } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { toast } from "sonner";
import { displayName, useAuth } from "#web/auth/AuthProvider";
import { Button } from "#web/components/ui/button";
import { Spinner } from "#web/components/ui/card";
import { useTheme } from "#web/lib/theme";
import { TopUpDialogHost } from "../credits/TopUpDialog";
import { SettingsGate } from "../settings/SettingsGate";
import { CreditsButton } from "./CreditsButton";
import { PRODUCT_NAME, titleForPath } from "./routes";
import { NavList, SidebarFooter } from "./Sidebar";
import { useSignOut } from "./useSignOut";

export function AppShell() {
  const { user } = useAuth();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { signOut, busy } = useSignOut();
  const title = titleForPath(location.pathname) ?? PRODUCT_NAME;

  useEffect(() => {
    document.title = title === PRODUCT_NAME ? PRODUCT_NAME : `${title} | ${PRODUCT_NAME}`;
  }, [title]);

  useWelcomeToast();

  return (
    <div className="min-h-dvh bg-background text-foreground md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
      >
        Skip to content
      </a>
      <aside className="hidden w-64 shrink-0 flex-col border-r border-border bg-card p-4 md:flex md:sticky md:top-0 md:h-dvh">
        <Link to="/dashboard" className="mb-6 px-3 text-xl font-bold text-primary">
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Main" className="flex-1 overflow-y-auto">
          <NavList />
        </nav>
        <SidebarFooter email={user?.email ?? ""} onSignOut={signOut} busy={busy} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-card/95 px-3 backdrop-blur sm:px-6">
          <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <DialogPrimitive.Trigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <Menu className="h-5 w-5" aria-hidden="true" />
              </Button>
            </DialogPrimitive.Trigger>
            <DialogPrimitive.Portal>
              <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
              <DialogPrimitive.Content
                className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-[280px] flex-col bg-card p-4 text-foreground shadow-xl md:hidden"
                aria-describedby={undefined}
                data-testid="mobile-drawer"
              >
                <div className="mb-4 flex items-center justify-between">
                  <DialogPrimitive.Title className="px-3 text-xl font-bold text-primary">
                    {PRODUCT_NAME}
                  </DialogPrimitive.Title>
                  <DialogPrimitive.Close asChild>
                    <Button variant="ghost" size="icon" aria-label="Close menu">
                      <X className="h-5 w-5" aria-hidden="true" />
                    </Button>
                  </DialogPrimitive.Close>
                </div>
                <nav aria-label="Main" className="flex-1 overflow-y-auto">
                  <NavList onNavigate={() => setDrawerOpen(false)} />
                </nav>
                <SidebarFooter email={user?.email ?? ""} onSignOut={signOut} busy={busy} />
              </DialogPrimitive.Content>
            </DialogPrimitive.Portal>
          </DialogPrimitive.Root>

          <p className="min-w-0 flex-1 truncate font-semibold" aria-hidden="true">
            {title}
          </p>
          <CreditsButton />
          <ThemeToggle />
          <Button variant="ghost" size="icon" onClick={signOut} aria-label="Log out" disabled={busy}>
            <LogOut className="h-5 w-5" aria-hidden="true" />
          </Button>
        </header>
        <main id="main" className="flex-1 px-3 py-6 sm:px-6 lg:px-8">
          <div key={location.pathname} className="page-enter mx-auto max-w-6xl">
            <Suspense fallback={<Spinner label="Loading..." />}>
              <SettingsGate>
                <Outlet />
              </SettingsGate>
            </Suspense>
          </div>
        </main>
      </div>
      <TopUpDialogHost />
    </div>
  );
}

export function ThemeToggle() {
  const [theme, toggle] = useTheme();
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggle}
      aria-label={theme === "dark" ? "Switch to light theme" : "Switch to dark theme"}
    >
      {theme === "dark" ? (
        <Sun className="h-5 w-5" aria-hidden="true" />
      ) : (
        <Moon className="h-5 w-5" aria-hidden="true" />
      )}
    </Button>
  );
}

/** 'Welcome back, {name}!' once per browser session per user. */
function useWelcomeToast() {
  const { user } = useAuth();
  useEffect(() => {
    if (!user) return;
    const key = `hasWelcomed_${user.id}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      return;
    }
    toast.success(`Welcome back, ${displayName(user)}!`, { description: "Manage your invoices with ease." });
  }, [user]);
}
