import type { QueryClient } from "@tanstack/react-query";
import type { SessionInfo } from "./auth/auth-api";
import { creditsQuery } from "./features/credits/api";
import { dashboardQuery } from "./features/dashboard/query";
import { settingsQuery } from "./features/settings/settingsQuery";

/**
 * Opening an app page: asks for the data every app page needs (settings, credits) and the
 * dashboard's figures at once, in parallel with the session and the page's code, rather than one
 * after another as the shell, the settings gate and the page mount. If there is no session, the
 * answers (401) are dropped, so nothing of them is left for the pages to show.
 */
export function prefetchFirstPage(
  queryClient: QueryClient,
  session: Promise<SessionInfo | null>,
  pathname: string,
) {
  if (!isAppPage(pathname)) return;
  const queries: { queryKey: readonly unknown[]; queryFn: () => Promise<unknown> }[] = [
    settingsQuery,
    creditsQuery,
  ];
  if (pathname === "/" || pathname === "/dashboard") queries.push(dashboardQuery);
  for (const query of queries) {
    const drop = () => queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
    queryClient.fetchQuery({ ...query, retry: false }).catch(() => {
      if (queryClient.getQueryState(query.queryKey)?.status === "error") drop();
    });
  }
  session.then(
    (info) => {
      if (!info?.user) for (const query of queries) queryClient.removeQueries({ queryKey: query.queryKey });
    },
    () => {},
  );
}

const PUBLIC_PATHS = [
  "/auth",
  "/update-password",
  "/terms-and-conditions",
  "/privacy-policy",
  "/refund-policy",
  "/about-us",
  "/shipping-policy",
  "/support",
  "/monetization-guide",
];

function isAppPage(pathname: string): boolean {
  return !PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
