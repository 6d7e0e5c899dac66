import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireBusiness } from "../auth/session";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { PdfRenderer } from "../pdf/pool";
import { RenderQueue, RenderQueueFullError } from "../pdf/render-queue";
import { downloadDocumentPdf } from "../services/documents/paid-pdf";
import { publicInvoicePdf } from "../services/documents/public-pdf";
import { sendDocument } from "../services/documents/send";
import type { MailOutbox } from "../services/mail-jobs";
import { publicInvoice } from "../services/public-invoices";
import { sendAttachment } from "./attachment";
import { contractRoutes } from "./contract-route";
import { registerPaidPdfRoute } from "./pdf-download";
import { windowLimiter } from "./public-pages";

/** The client's free PDFs per address per minute (on this process): a person downloads once or twice. */
const PUBLIC_PDFS_PER_MINUTE = 6;

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

  // GET /i/:token/pdf: the client's copy from the public page, free (the business shared it;
  // services/documents/public-pdf.ts), limited per address here and per invoice there.
  const pdfsAllowed = windowLimiter(PUBLIC_PDFS_PER_MINUTE, 60_000);
  app.get<{ Params: { token: string } }>("/i/:token/pdf", async (request, reply) => {
    reply.header("x-robots-tag", "noindex, nofollow");
    // A HEAD (a link preview, `curl -I`) makes no PDF: it says whether the link works.
    if (request.method === "HEAD") {
      const found = await publicInvoice(deps.db, request.params.token);
      return reply
        .status(found ? 200 : 404)
        .type("application/pdf")
        .send();
    }
    if (!pdfsAllowed(request.ip)) {
      throw new AppError("too_many_requests", "Too many downloads. Please wait a minute and try again.");
    }
    try {
      const file = await publicInvoicePdf({ db: deps.db, queue }, request.params.token);
      return sendAttachment(reply, { type: "pdf", fileName: file.filename, body: file.pdf });
    } catch (error) {
      if (error instanceof RenderQueueFullError) {
        return reply
          .status(503)
          .header("retry-after", String(error.retryAfterSeconds))
          .send({ error: { code: "service_unavailable", message: error.message } });
      }
      throw error;
    }
  });
}
