import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireBusiness } from "../auth/session";
import type { Db } from "../db/client";
import {
  closeLine,
  confirmLine,
  importStatement,
  presentedLine,
  previewStatement,
  statementLines,
  undoLine,
} from "../services/bank-statements";
import { statementText } from "../services/xlsx-sheet";
import { contractRoutes } from "./contract-route";

// 5 MB of text, or of a workbook sent as base64 (a third larger).
const BODY_LIMIT = 8 * 1024 * 1024;

/** Reports -> Bank statements: import, review queue, confirm, advance, set aside, undo (decision 0083). */
export function registerBankStatementRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = contractRoutes(app);

  route(
    "POST /api/bank-statements/preview",
    async (request) => {
      const me = await requireBusiness(auth, request);
      return previewStatement(db, me.businessId, { ...request.body, text: statementText(request.body) });
    },
    { bodyLimit: BODY_LIMIT },
  );

  route(
    "POST /api/bank-statements/import",
    async (request, reply) => {
      const me = await requireBusiness(auth, request);
      const file = { ...request.body, text: statementText(request.body) };
      return reply.status(201).send(await importStatement(db, me.businessId, file));
    },
    { bodyLimit: BODY_LIMIT },
  );

  route("GET /api/bank-statements/lines", async (request) => {
    const me = await requireBusiness(auth, request);
    return statementLines(db, me.businessId, request.query);
  });

  route("POST /api/bank-statements/lines/:id/confirm", async (request) => {
    const me = await requireBusiness(auth, request);
    const row = await confirmLine(db, me.businessId, request.params.id, request.body.allocations);
    return presentedLine(db, me.businessId, row);
  });

  route("POST /api/bank-statements/lines/:id/advance", async (request) => {
    const me = await requireBusiness(auth, request);
    const how = { status: "advance" as const, clientId: request.body.clientId, gst: request.body.gst };
    return presentedLine(db, me.businessId, await closeLine(db, me.businessId, request.params.id, how));
  });

  route("POST /api/bank-statements/lines/:id/ignore", async (request) => {
    const me = await requireBusiness(auth, request);
    const row = await closeLine(db, me.businessId, request.params.id, { status: "ignored" });
    return presentedLine(db, me.businessId, row);
  });

  route("POST /api/bank-statements/lines/:id/undo", async (request) => {
    const me = await requireBusiness(auth, request);
    return presentedLine(db, me.businessId, await undoLine(db, me.businessId, request.params.id));
  });
}
