import type { FastifyInstance } from "fastify";
import { importBody } from "#contract/imports";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { checkImport, exportCsv, type ImportKind, importCsv } from "../services/csv-import";
import { parseBody } from "./validate";

/** Clients and products to and from CSV. */
export function registerImportRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  for (const kind of ["clients", "products"] as ImportKind[]) {
    app.post(`/api/${kind}/import/check`, async (request) => {
      await requireUser(auth, request);
      return checkImport(kind, parseBody(importBody, request.body).csv);
    });
    app.post(`/api/${kind}/import`, async (request, reply) => {
      const me = await requireUser(auth, request);
      return reply
        .status(201)
        .send(await importCsv(db, me.id, kind, parseBody(importBody, request.body).csv));
    });
    app.get(`/api/${kind}/export.csv`, async (request, reply) => {
      const me = await requireUser(auth, request);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="bahi-${kind}.csv"`)
        .send(await exportCsv(db, me.id, kind));
    });
  }
}
