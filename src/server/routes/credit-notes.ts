import type { FastifyInstance } from "fastify";
import { creditNoteBody, creditNoteListQuery } from "#contract/credit-notes";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { isDatabaseUnavailable } from "../db/unavailable";
import { AppError } from "../errors";
import type { PdfRenderer } from "../pdf/pool";
import { RenderQueue, RenderQueueFullError } from "../pdf/render-queue";
import { presentCreditNote, presentCreditNoteSummary } from "../presenters/credit-notes";
import { presentInvoiceSummary } from "../presenters/invoices";
import {
  cancelCreditNote,
  createCreditNote,
  listUserCreditNotes,
  type NoteWithInvoice,
  readCreditNote,
} from "../services/credit-notes";
import { userToday } from "../services/invoice-reads";
import { downloadCreditNotePdf } from "../services/note-downloads";
import { parseBody } from "./validate";

type IdParams = { Params: { id: string } };

/** Credit and debit notes (decision 0037); every answer with a note holds its invoice's new balance. */
export function registerCreditNoteRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; renderer: PdfRenderer },
) {
  const { auth, db } = deps;
  const queue = RenderQueue.around(deps.renderer);

  async function answer(userId: string, { note, invoice }: NoteWithInvoice) {
    const today = await userToday(db, userId);
    return { note: presentCreditNote(note), invoice: presentInvoiceSummary(invoice, today) };
  }

  app.get("/api/credit-notes", async (request) => {
    const me = await requireUser(auth, request);
    const query = parseBody(creditNoteListQuery, request.query);
    const { rows, total } = await listUserCreditNotes(db, me.id, query);
    return {
      items: rows.map(presentCreditNoteSummary),
      total,
      totalIsExact: true,
      hasMore: query.page * query.pageSize < total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });

  app.post("/api/credit-notes", async (request, reply) => {
    const me = await requireUser(auth, request);
    const input = parseBody(creditNoteBody, request.body);
    return reply.status(201).send(await answer(me.id, await createCreditNote(db, me.id, input)));
  });

  app.get<IdParams>("/api/credit-notes/:id", async (request) => {
    const me = await requireUser(auth, request);
    return answer(me.id, await readCreditNote(db, me.id, request.params.id));
  });

  app.post<IdParams>("/api/credit-notes/:id/cancel", async (request) => {
    const me = await requireUser(auth, request);
    return answer(me.id, await cancelCreditNote(db, me.id, request.params.id));
  });

  app.post<IdParams>("/api/credit-notes/:id/pdf", async (request, reply) => {
    const me = await requireUser(auth, request);
    let download: Awaited<ReturnType<typeof downloadCreditNotePdf>>;
    try {
      download = await downloadCreditNotePdf({ db, queue }, me.id, request.params.id);
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
      request.log.error({ err: error, noteId: request.params.id }, "PDF render failed");
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
