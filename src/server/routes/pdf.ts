import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireBusiness } from "../auth/session";
import type { Db } from "../db/client";
import type { PdfRenderer } from "../pdf/pool";
import { RenderQueue } from "../pdf/render-queue";
import { downloadDocumentPdf } from "../services/documents/paid-pdf";
import { sendDocument } from "../services/documents/send";
import type { MailOutbox } from "../services/mail-jobs";
import { contractRoutes } from "./contract-route";
import { registerPaidPdfRoute } from "./pdf-download";

const PDF_URL = "/api/invoices/:id/pdf" as const;

/**
 * POST /api/invoices/:id/pdf: the invoice as a PDF file, for one download credit. Spending a
 * credit is never a GET or HEAD (DECISIONS §10): a link on another site, a prefetch or `curl -I`
 * must not spend one, and the origin check covers POSTs. GET and HEAD answer 405 for free.
 */
export function registerPdfRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; renderer: PdfRenderer; outbox: MailOutbox; publicUrl: string },
) {
  const route = contractRoutes(app);
  const queue = RenderQueue.around(deps.renderer);
  // Sending by e-mail with the PDF attached takes its turn in the same queue.
  route("POST /api/invoices/:id/send", async (request) => {
    const me = await requireBusiness(deps.auth, request);
    const input = request.body;
    return sendDocument(
      { db: deps.db, queue, mailer: deps.outbox, publicUrl: deps.publicUrl },
      me.businessId,
      { kind: "invoice", id: request.params.id },
      input,
    );
  });
  registerPaidPdfRoute(app, deps.auth, PDF_URL, (businessId, id) =>
    downloadDocumentPdf({ db: deps.db, queue }, businessId, { kind: "invoice", id }),
  );
}
