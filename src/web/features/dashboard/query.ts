import type { Dashboard } from "#contract/dashboard";
import { api } from "#web/api";

export const dashboardQuery = { queryKey: ["dashboard"], queryFn: () => api<Dashboard>("/api/dashboard") };
