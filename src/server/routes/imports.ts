import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { checkImport, exportCsv, importCsv } from "../services/csv-import";
import { sendAttachment } from "./attachment";
import { businessRoutes } from "./contract-route";

/** Clients and products to and from CSV. */
export function registerImportRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);
  for (const kind of ["clients", "products"] as const) {
    // Checking a file reads no data, but only for a business's member (or key).
    route(`POST /api/${kind}/import/check`, async (_me, request) => checkImport(kind, request.body.csv));
    route(`POST /api/${kind}/import`, async (me, request, reply) => {
      return reply.status(201).send(await importCsv(db, me.businessId, kind, request.body.csv));
    });
    route(`GET /api/${kind}/export.csv`, async (me, _request, reply) => {
      const body = await exportCsv(db, me.businessId, kind);
      return sendAttachment(reply, { type: "csv", fileName: `bahi-${kind}.csv`, body });
    });
  }
}
