import type { ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { useMayOpen } from "./role";

/**
 * A link to a page of the app, shown only to a role that may open that page (decision 0079);
 * otherwise `fallback` (nothing, or the link's words as plain text).
 */
export function MayLink({ fallback = null, ...props }: LinkProps & { to: string; fallback?: ReactNode }) {
  const mayOpen = useMayOpen(props.to);
  if (!mayOpen) return fallback;
  return <Link {...props} />;
}
