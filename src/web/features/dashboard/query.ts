import { api } from "#web/api";
import type { Dashboard } from "./types";

export const dashboardQuery = { queryKey: ["dashboard"], queryFn: () => api<Dashboard>("/api/dashboard") };
