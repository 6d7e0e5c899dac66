/** Where to go after signing in: the page the guard sent the user away from, else the dashboard. */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  const path = from?.pathname;
  if (!path?.startsWith("/") || path.startsWith("//") || path === "/auth") return "/dashboard";
  return `${path}${from?.search ?? ""}${from?.hash ?? ""}`;
}
