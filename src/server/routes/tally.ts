import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireBusiness } from "../auth/session";
import type { Db } from "../db/client";
import { downloadTallyFile, readTallyMapping, updateTallyMapping } from "../services/tally-export";
import { contractRoutes } from "./contract-route";

// Export to Tally (decision 0080): the two XML files and the ledger names. No credit is spent.

export function registerTallyRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = contractRoutes(app);

  route("GET /api/reports/tally", async (request, reply) => {
    const me = await requireBusiness(auth, request);
    const { fileName, xml } = await downloadTallyFile(db, me.businessId, request.query);
    return reply
      .header("content-type", "text/xml; charset=utf-8")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .send(xml);
  });

  route("GET /api/reports/tally/ledgers", async (request) => {
    const me = await requireBusiness(auth, request);
    return readTallyMapping(db, me.businessId);
  });

  route("PUT /api/reports/tally/ledgers", async (request) => {
    const me = await requireBusiness(auth, request);
    return updateTallyMapping(db, me.businessId, request.body);
  });
}
