import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireBusiness } from "../auth/session";
import type { Db } from "../db/client";
import { readStatementSchedule } from "../db/queries/statement-schedules";
import type { PdfRenderer } from "../pdf/pool";
import { RenderQueue } from "../pdf/render-queue";
import { presentSchedule, presentStatement } from "../presenters/statements";
import { downloadDocumentPdf } from "../services/documents/paid-pdf";
import { shareDocumentLink } from "../services/documents/share-link";
import type { MailOutbox } from "../services/mail-jobs";
import { switchMonthlyStatements } from "../services/monthly-statements";
import { statementCsv } from "../services/statement-csv";
import { sendStatement } from "../services/statement-send";
import { keepStatement, readClientStatement, statementFileStem } from "../services/statements";
import { contractRoutes } from "./contract-route";
import { registerPaidPdfRoute } from "./pdf-download";

/** A client's statement of account (decision 0081): `:id` is the client's id. */
export function registerStatementRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; renderer: PdfRenderer; outbox: MailOutbox; publicUrl: string },
) {
  const { auth, db, publicUrl } = deps;
  const route = contractRoutes(app);
  const queue = RenderQueue.around(deps.renderer);

  route("GET /api/statements/monthly", async (request) => {
    const me = await requireBusiness(auth, request);
    return presentSchedule(await readStatementSchedule(db, me.businessId));
  });

  route("PUT /api/statements/monthly", async (request) => {
    const me = await requireBusiness(auth, request);
    return presentSchedule(await switchMonthlyStatements(db, me.businessId, request.body.enabled));
  });

  route("GET /api/statements/:id", async (request) => {
    const me = await requireBusiness(auth, request);
    return presentStatement(await readClientStatement(db, me.businessId, request.params.id, request.query));
  });

  route("GET /api/statements/:id/export.csv", async (request, reply) => {
    const me = await requireBusiness(auth, request);
    const view = await readClientStatement(db, me.businessId, request.params.id, request.query);
    const { fileName, csv } = statementCsv(view, request.query.part);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .send(csv);
  });

  registerPaidPdfRoute(app, auth, "/api/statements/:id/pdf", async (businessId, clientId, query) => {
    const { row, view } = await keepStatement(db, businessId, clientId, query);
    const file = await downloadDocumentPdf({ db, queue }, businessId, { kind: "statement", id: row.id });
    return { ...file, filename: `${statementFileStem(view)}.pdf` };
  });

  route("POST /api/statements/:id/public-link", async (request) => {
    const me = await requireBusiness(auth, request);
    const { row } = await keepStatement(db, me.businessId, request.params.id, request.query);
    return shareDocumentLink(db, publicUrl, me.businessId, { kind: "statement", id: row.id }, request.body);
  });

  route("POST /api/statements/:id/send", async (request) => {
    const me = await requireBusiness(auth, request);
    return sendStatement(
      { db, queue, mailer: deps.outbox, publicUrl },
      me.businessId,
      request.params.id,
      request.query,
      request.body,
    );
  });
}
