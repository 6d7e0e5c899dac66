import { LogOut, Menu, Moon, Sun } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { toast } from "sonner";
import { displayName, useAuth } from "#web/auth/AuthProvider";
import { Button, IconButton } from "#web/components/ui/button";
import { Spinner } from "#web/components/ui/card";
import { useTheme } from "#web/lib/theme";
import { useOnceTrue } from "#web/lib/useOnceTrue";
import { useTopUpDialog } from "../credits/useTopUpDialog";
import { useAcceptKeptInvitation } from "../members/invitation";
import { RoleGate } from "../members/RoleGate";
import { SettingsGate } from "../settings/SettingsGate";
import { BusinessSwitcher } from "./BusinessSwitcher";
import { CreditsButton } from "./CreditsButton";
import { PRODUCT_NAME, titleForPath } from "./routes";
import { NavList, SidebarFooter } from "./Sidebar";
import { useSignOut } from "./useSignOut";

// The drawer and the top-up dialog (and the dialog code they share) load when first opened, so an
// app page's first download and first render carry neither.
const MobileDrawer = lazy(() => import("./MobileDrawer").then((m) => ({ default: m.MobileDrawer })));
const TopUpDialogHost = lazy(() =>
  import("../credits/TopUpDialog").then((m) => ({ default: m.TopUpDialogHost })),
);

export function AppShell() {
  const { user } = useAuth();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerUsed = useOnceTrue(drawerOpen);
  const menuButton = useRef<HTMLButtonElement>(null);
  const topUpUsed = useOnceTrue(useTopUpDialog().isOpen);
  const { signOut, busy } = useSignOut();
  const title = titleForPath(location.pathname) ?? PRODUCT_NAME;

  useEffect(() => {
    document.title = title === PRODUCT_NAME ? PRODUCT_NAME : `${title} | ${PRODUCT_NAME}`;
  }, [title]);

  useWelcomeToast();
  useAcceptKeptInvitation();

  return (
    <div className="min-h-dvh bg-background text-foreground md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
      >
        Skip to content
      </a>
      <aside className="hidden w-64 shrink-0 flex-col border-r border-border bg-card p-4 md:flex md:sticky md:top-0 md:h-dvh">
        <Link to="/dashboard" className="mb-3 px-3 text-xl font-bold text-primary">
          {PRODUCT_NAME}
        </Link>
        <div className="mb-4">
          <BusinessSwitcher />
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto">
          <NavList />
        </nav>
        <SidebarFooter email={user?.email ?? ""} onSignOut={signOut} busy={busy} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-card/95 px-3 backdrop-blur sm:px-6">
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? "mobile-drawer" : undefined}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="h-5 w-5" aria-hidden="true" />
          </Button>
          {drawerUsed && (
            <Suspense fallback={null}>
              <MobileDrawer
                open={drawerOpen}
                onOpenChange={setDrawerOpen}
                trigger={menuButton}
                email={user?.email ?? ""}
                onSignOut={signOut}
                busy={busy}
              />
            </Suspense>
          )}

          <p className="min-w-0 flex-1 truncate font-semibold" aria-hidden="true">
            {title}
          </p>
          <CreditsButton />
          <ThemeToggle />
          <IconButton
            label="Log out"
            icon={LogOut}
            iconClassName="h-5 w-5"
            onClick={signOut}
            disabled={busy}
          />
        </header>
        <main id="main" className="flex-1 px-3 py-6 sm:px-6 lg:px-8">
          <div key={location.pathname} className="page-enter mx-auto max-w-6xl">
            <Suspense fallback={<Spinner label="Loading..." />}>
              <SettingsGate>
                <RoleGate>
                  <Outlet />
                </RoleGate>
              </SettingsGate>
            </Suspense>
          </div>
        </main>
      </div>
      {topUpUsed && (
        <Suspense fallback={null}>
          <TopUpDialogHost />
        </Suspense>
      )}
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

/**
 * 'Welcome back, {name}!' once per browser session per user. Shown once the page has been drawn
 * (when the browser is next idle), so measuring the toast does not hold up the page's first paint.
 */
function useWelcomeToast() {
  const { user } = useAuth();
  useEffect(() => {
    if (!user) return;
    const key = `hasWelcomed_${user.id}`;
    return whenIdle(() => {
      try {
        if (sessionStorage.getItem(key)) return;
        sessionStorage.setItem(key, "1");
      } catch {
        return;
      }
      toast.success(`Welcome back, ${displayName(user)}!`, {
        description: "Manage your invoices with ease.",
      });
    });
  }, [user]);
}

/** Runs `work` when the browser is idle (at most 1 s later); returns a function that cancels it. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(work, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}
