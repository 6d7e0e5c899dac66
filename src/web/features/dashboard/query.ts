import { call, queryKeyOf } from "#web/api";

export const dashboardQuery = {
  queryKey: queryKeyOf("GET /api/dashboard"),
  queryFn: () => call("GET /api/dashboard"),
};
