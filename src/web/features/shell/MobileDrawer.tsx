import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { RefObject } from "react";
import { IconButton } from "#web/components/ui/button";
import { BusinessSwitcher } from "./BusinessSwitcher";
import { PRODUCT_NAME } from "./routes";
import { NavList, SidebarFooter } from "./Sidebar";

/**
 * The phone's navigation drawer. Loaded the first time the menu button is pressed (AppShell), so
 * an app page's first download does not carry the dialog code; the button stays in the shell and
 * gets the focus back when the drawer closes.
 */
export function MobileDrawer({
  open,
  onOpenChange,
  trigger,
  email,
  onSignOut,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
  email: string;
  onSignOut: () => void;
  busy: boolean;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
        <DialogPrimitive.Content
          id="mobile-drawer"
          className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-[280px] flex-col bg-card p-4 text-foreground shadow-xl md:hidden"
          aria-describedby={undefined}
          data-testid="mobile-drawer"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <div className="mb-4 flex items-center justify-between">
            <DialogPrimitive.Title className="px-3 text-xl font-bold text-primary">
              {PRODUCT_NAME}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <IconButton label="Close menu" icon={X} iconClassName="h-5 w-5" />
            </DialogPrimitive.Close>
          </div>
          <div className="mb-3">
            <BusinessSwitcher onSwitched={() => onOpenChange(false)} />
          </div>
          <nav aria-label="Main" className="flex-1 overflow-y-auto">
            <NavList onNavigate={() => onOpenChange(false)} />
          </nav>
          <SidebarFooter email={email} onSignOut={onSignOut} busy={busy} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
