import { clsx } from "clsx";
import { LogOut } from "lucide-react";
import { Link, NavLink } from "react-router";
import { roleMay } from "#domain/roles";
import { Button } from "#web/components/ui/button";
import { useMyRole } from "../members/role";
import { NAV_ITEMS } from "./nav";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted",
  );

/** The navigation list, shared by the desktop sidebar and the mobile drawer. */
export function NavList({ onNavigate }: { onNavigate?: () => void }) {
  // What the role cannot use is not offered (shown only once the role is known).
  const role = useMyRole();
  const items = NAV_ITEMS.filter(
    (item) => !item.action || (role !== undefined && roleMay(role, item.action)),
  );
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.to}>
          {item.children ? (
            <>
              <span className="flex items-center gap-3 px-3 py-2 text-sm font-medium text-muted-foreground">
                <item.icon className="h-4 w-4" aria-hidden="true" />
                {item.label}
              </span>
              <ul className="ml-7 space-y-1 border-l border-border pl-2">
                {item.children.map((child) => (
                  <li key={child.to}>
                    <NavLink to={child.to} end className={linkClass} onClick={onNavigate}>
                      {child.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <NavLink to={item.to} end={item.to !== "/invoices"} className={linkClass} onClick={onNavigate}>
              <item.icon className="h-4 w-4" aria-hidden="true" />
              {item.label}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

export function SidebarFooter({
  email,
  onSignOut,
  busy,
}: {
  email: string;
  onSignOut: () => void;
  busy: boolean;
}) {
  return (
    <div className="space-y-2 border-t border-border pt-4">
      <p className="truncate px-3 text-xs text-muted-foreground" title={email}>
        {email}
      </p>
      <Button variant="ghost" className="w-full justify-start" onClick={onSignOut} busy={busy}>
        <LogOut className="h-4 w-4" aria-hidden="true" />
        Logout
      </Button>
      <p className="flex flex-wrap gap-x-3 px-3 text-xs text-muted-foreground">
        <a href="/support" target="_blank" rel="noopener" className="underline hover:text-foreground">
          Help &amp; Support
        </a>
        <Link
          to="/terms-and-conditions"
          state={{ fromApp: true }}
          className="underline hover:text-foreground"
        >
          Terms
        </Link>
      </p>
    </div>
  );
}
