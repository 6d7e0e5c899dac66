import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ROLE_LABELS, roleMay } from "#domain/roles";
import { Card } from "#web/components/ui/card";
import { actionForPath, useMyRole } from "./role";

/**
 * A page the current role cannot use says so plainly (decision 0076) instead of failing on its
 * first refused request.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const role = useMyRole();
  const action = actionForPath(pathname);
  if (!role || !action || roleMay(role, action)) return children;
  return (
    <Card className="mx-auto max-w-lg text-center" role="status">
      <h1 className="text-xl font-semibold">Not available for your role</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        You work in this business as {ROLE_LABELS[role].toLowerCase()}, and this page is not part of that
        role. Ask an owner of this business if you need it.
      </p>
      <Link to="/dashboard" className="mt-4 inline-block text-sm font-medium text-primary underline">
        Go to the dashboard
      </Link>
    </Card>
  );
}
