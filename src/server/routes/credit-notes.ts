import type { FastifyInstance } from "fastify";
import { creditNoteBody, creditNoteListQuery } from "#contract/credit-notes";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import type { PdfRenderer } from "../pdf/pool";
import { RenderQueue } from "../pdf/render-queue";
import { presentCreditNote, presentCreditNoteSummary } from "../presenters/credit-notes";
import { presentInvoiceSummary } from "../presenters/invoices";
import {
  cancelCreditNote,
  createCreditNote,
  listUserCreditNotes,
  type NoteWithInvoice,
  readCreditNote,
} from "../services/credit-notes";
import { downloadDocumentPdf } from "../services/documents/paid-pdf";
import { userToday } from "../services/invoice-reads";
import { registerPaidPdfRoute } from "./pdf-download";
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

  registerPaidPdfRoute(app, auth, "/api/credit-notes/:id/pdf", (userId, id) =>
    downloadDocumentPdf({ db, queue }, userId, { kind: "credit_note", id }),
  );
}
