import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireBusiness } from "../auth/session";
import type { Db } from "../db/client";
import { checkImport, exportCsv, importCsv } from "../services/csv-import";
import { contractRoutes } from "./contract-route";
import { sendAttachment } from "./attachment";

/** Clients and products to and from CSV. */
export function registerImportRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = contractRoutes(app);
  for (const kind of ["clients", "products"] as const) {
    route(`POST /api/${kind}/import/check`, async (request) => {
      await requireBusiness(auth, request);
      return checkImport(kind, request.body.csv);
    });
    route(`POST /api/${kind}/import`, async (request, reply) => {
      const me = await requireBusiness(auth, request);
      return reply.status(201).send(await importCsv(db, me.businessId, kind, request.body.csv));
    });
    route(`GET /api/${kind}/export.csv`, async (request, reply) => {
      const me = await requireBusiness(auth, request);
      const body = await exportCsv(db, me.businessId, kind);
      return sendAttachment(reply, { type: "csv", fileName: `bahi-${kind}.csv`, body });
    });
  }
}
