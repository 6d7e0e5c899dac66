import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { setTdsSeen, tdsReport, tdsReportCsv } from "../services/tds";
import { sendAttachment } from "./attachment";
import { businessRoutes } from "./contract-route";

// Reports -> TDS receivable (decision 0088).
export function registerTdsRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);

  route("GET /api/reports/tds", async (me, request) => tdsReport(db, me.businessId, request.query));

  route("GET /api/reports/tds/export.csv", async (me, request, reply) => {
    const { fileName, body } = await tdsReportCsv(db, me.businessId, request.query);
    return sendAttachment(reply, { type: "csv", fileName, body });
  });

  route("PUT /api/reports/tds/payments/:id/seen", async (me, request) =>
    setTdsSeen(db, me.businessId, request.params.id, request.body.seenIn26as),
  );
}
