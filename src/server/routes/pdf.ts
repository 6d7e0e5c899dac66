import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { downloadInvoicePdf } from "../pdf/download";
import type { PdfRenderer } from "../pdf/pool";

/** GET /api/invoices/:id/pdf: the invoice as a PDF file, for one download credit. */
export function registerPdfRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; renderer: PdfRenderer }) {
  app.get<{ Params: { id: string } }>("/api/invoices/:id/pdf", async (request, reply) => {
    const me = await requireUser(deps.auth, request);
    let download: Awaited<ReturnType<typeof downloadInvoicePdf>>;
    try {
      download = await downloadInvoicePdf(deps, me.id, request.params.id);
    } catch (error) {
      if (error instanceof AppError) throw error;
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
