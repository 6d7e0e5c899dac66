import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
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
  saveCreditNoteTransport,
} from "../services/credit-notes";
import { downloadDocumentPdf } from "../services/documents/paid-pdf";
import { userToday } from "../services/invoice-reads";
import { businessRoutes } from "./contract-route";
import { registerPaidPdfRoute } from "./pdf-download";

/** Credit and debit notes (decision 0037); every answer with a note holds its invoice's new balance. */
export function registerCreditNoteRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; renderer: PdfRenderer },
) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);
  const queue = RenderQueue.around(deps.renderer);

  async function answer(businessId: string, { note, invoice }: NoteWithInvoice) {
    const today = await userToday(db, businessId);
    return { note: presentCreditNote(note), invoice: presentInvoiceSummary(invoice, today) };
  }

  route("GET /api/credit-notes", async (me, request) => {
    const query = request.query;
    const { rows, total } = await listUserCreditNotes(db, me.businessId, query);
    return {
      items: rows.map(presentCreditNoteSummary),
      total,
      totalIsExact: true,
      hasMore: query.page * query.pageSize < total,
      page: query.page,
      pageSize: query.pageSize,
      // Paged by number only: no cursor (the contract's page shape says so with null).
      nextCursor: null,
    };
  });

  route("POST /api/credit-notes", async (me, request, reply) => {
    const input = request.body;
    return reply
      .status(201)
      .send(await answer(me.businessId, await createCreditNote(db, me.businessId, input)));
  });

  route("GET /api/credit-notes/:id", async (me, request) => {
    return answer(me.businessId, await readCreditNote(db, me.businessId, request.params.id));
  });

  route("POST /api/credit-notes/:id/cancel", async (me, request) => {
    return answer(me.businessId, await cancelCreditNote(db, me.businessId, request.params.id));
  });

  route("PUT /api/credit-notes/:id/transport", async (me, request) => {
    return answer(
      me.businessId,
      await saveCreditNoteTransport(db, me.businessId, request.params.id, request.body),
    );
  });

  registerPaidPdfRoute(app, auth, "/api/credit-notes/:id/pdf", (businessId, id) =>
    downloadDocumentPdf({ db, queue }, businessId, { kind: "credit_note", id }),
  );
}
