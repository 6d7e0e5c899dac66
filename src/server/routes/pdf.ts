import type { FastifyInstance } from "fastify";
import { sendBody } from "#contract/invoice-payments";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { isDatabaseUnavailable } from "../db/unavailable";
import { AppError } from "../errors";
import type { PdfRenderer } from "../pdf/pool";
import { RenderQueue, RenderQueueFullError } from "../pdf/render-queue";
import { downloadInvoicePdf } from "../services/downloads";
import type { MailOutbox } from "../services/mail-jobs";
import { sendInvoice } from "../services/send-invoice";
import { parseBody } from "./validate";

const PDF_URL = "/api/invoices/:id/pdf";

/**
 * POST /api/invoices/:id/pdf: the invoice as a PDF file, for one download credit. Spending a
 * credit is never a GET or HEAD (DECISIONS §10): a link on another site, a prefetch or `curl -I`
 * must not spend one, and the origin check covers POSTs. GET and HEAD answer 405 for free.
 */
export function registerPdfRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; renderer: PdfRenderer; outbox: MailOutbox; publicUrl: string },
) {
  const queue = RenderQueue.around(deps.renderer);
  // Sending by e-mail with the PDF attached takes its turn in the same queue.
  app.post<{ Params: { id: string } }>("/api/invoices/:id/send", async (request) => {
    const me = await requireUser(deps.auth, request);
    const input = parseBody(sendBody, request.body);
    return sendInvoice(
      { db: deps.db, queue, mailer: deps.outbox, publicUrl: deps.publicUrl },
      me.id,
      request.params.id,
      input,
    );
  });
  app.get(PDF_URL, async (_request, reply) =>
    reply
      .status(405)
      .header("allow", "POST")
      .send({
        error: {
          code: "method_not_allowed",
          message: "A PDF download costs a credit, so it must be a POST from the Bahi app.",
        },
      }),
  );
  app.post<{ Params: { id: string } }>(PDF_URL, async (request, reply) => {
    const me = await requireUser(deps.auth, request);
    let download: Awaited<ReturnType<typeof downloadInvoicePdf>>;
    try {
      download = await downloadInvoicePdf({ db: deps.db, queue }, me.id, request.params.id);
    } catch (error) {
      if (error instanceof RenderQueueFullError) {
        return reply
          .status(error.reason === "owner" ? 429 : 503)
          .header("retry-after", String(error.retryAfterSeconds))
          .send({
            error: {
              code: error.reason === "owner" ? "too_many_requests" : "service_unavailable",
              message: error.message,
            },
          });
      }
      if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
      request.log.error({ err: error, invoiceId: request.params.id }, "PDF render failed");
      throw new AppError("internal", "The PDF could not be made. No credit was used. Please try again.");
    }
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${download.filename}"`)
      .header("x-credits-remaining", String(download.creditsRemaining))
      .header("cache-control", "no-store")
      .send(download.pdf);
  });
}
