import { callQuery } from "#web/api";

export const dashboardQuery = {
  ...callQuery("GET /api/dashboard"),
};
