import type { FastifyInstance } from "fastify";
import { sendBody } from "#contract/invoice-payments";
import { quoteInputSchema, quoteListQuery, quoteNextNumberQuery, quoteStatusChange } from "#contract/quotes";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { RenderQueue } from "../pdf/render-queue";
import { presentPage } from "../presenters/page";
import { presentQuote, presentQuoteSummary } from "../presenters/quotes";
import { documentActivity } from "../services/documents/events";
import { downloadDocumentPdf } from "../services/documents/paid-pdf";
import { sendDocument } from "../services/documents/send";
import { readDocumentLink, shareDocumentLink } from "../services/documents/share-link";
import type { MailOutbox } from "../services/mail-jobs";
import {
  changeQuoteStatusByOwner,
  convertQuote,
  createQuote,
  deleteQuote,
  listUserQuotes,
  nextQuoteNumber,
  readQuote,
  sourceQuote,
  updateQuote,
} from "../services/quotes";
import { registerPaidPdfRoute } from "./pdf-download";
import { parseBody } from "./validate";

type IdParams = { Params: { id: string } };

/** The owner's quote routes (issue 16 part 2); API keys work here as on invoices. */
export function registerQuoteRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; renderer: RenderQueue; outbox: MailOutbox; publicUrl: string },
) {
  const { auth, db, publicUrl } = deps;
  const queue = RenderQueue.around(deps.renderer);

  app.get("/api/quotes", async (request) => {
    const me = await requireUser(auth, request);
    const query = parseBody(quoteListQuery, request.query);
    const list = await listUserQuotes(db, me.id, query);
    return presentPage(list, query, (row) => presentQuoteSummary(row, list.clock));
  });

  app.get("/api/quotes/next-number", async (request) => {
    const me = await requireUser(auth, request);
    const { quoteDate } = parseBody(quoteNextNumberQuery, request.query);
    return nextQuoteNumber(db, me.id, quoteDate);
  });

  app.post("/api/quotes", async (request, reply) => {
    const me = await requireUser(auth, request);
    const input = parseBody(quoteInputSchema, request.body);
    return reply.status(201).send({ quote: presentQuote(await createQuote(db, me.id, input)) });
  });

  app.get<IdParams>("/api/quotes/:id", async (request) => {
    const me = await requireUser(auth, request);
    return { quote: presentQuote(await readQuote(db, me.id, request.params.id)) };
  });

  app.put<IdParams>("/api/quotes/:id", async (request) => {
    const me = await requireUser(auth, request);
    const input = parseBody(quoteInputSchema, request.body);
    return { quote: presentQuote(await updateQuote(db, me.id, request.params.id, input)) };
  });

  app.delete<IdParams>("/api/quotes/:id", async (request, reply) => {
    const me = await requireUser(auth, request);
    await deleteQuote(db, me.id, request.params.id);
    return reply.status(204).send();
  });

  app.post<IdParams>("/api/quotes/:id/status", async (request) => {
    const me = await requireUser(auth, request);
    const change = parseBody(quoteStatusChange, request.body);
    return { quote: presentQuote(await changeQuoteStatusByOwner(db, me.id, request.params.id, change)) };
  });

  app.post<IdParams>("/api/quotes/:id/convert", async (request, reply) => {
    const me = await requireUser(auth, request);
    const { quote, invoice } = await convertQuote(db, me.id, request.params.id);
    return reply.status(201).send({ quote: presentQuote(quote), invoice });
  });

  app.post<IdParams>("/api/quotes/:id/send", async (request) => {
    const me = await requireUser(auth, request);
    const input = parseBody(sendBody, request.body);
    return sendDocument(
      { db, queue, mailer: deps.outbox, publicUrl },
      me.id,
      { kind: "quote", id: request.params.id },
      input,
    );
  });

  app.get<IdParams>("/api/quotes/:id/public-link", async (request) => {
    const me = await requireUser(auth, request);
    return readDocumentLink(db, publicUrl, me.id, { kind: "quote", id: request.params.id });
  });
  app.post<IdParams>("/api/quotes/:id/public-link", async (request) => {
    const me = await requireUser(auth, request);
    return shareDocumentLink(db, publicUrl, me.id, { kind: "quote", id: request.params.id });
  });
  app.post<IdParams>("/api/quotes/:id/public-link/renew", async (request) => {
    const me = await requireUser(auth, request);
    return shareDocumentLink(db, publicUrl, me.id, { kind: "quote", id: request.params.id }, { renew: true });
  });

  app.get<IdParams>("/api/quotes/:id/activity", async (request) => {
    const me = await requireUser(auth, request);
    await readQuote(db, me.id, request.params.id); // 404 for another's quote
    return { events: await documentActivity(db, me.id, { kind: "quote", id: request.params.id }) };
  });

  app.get<IdParams>("/api/invoices/:id/source-quote", async (request) => {
    const me = await requireUser(auth, request);
    return { quote: await sourceQuote(db, me.id, request.params.id) };
  });

  // The PDF: one credit, a POST (DECISIONS §10), as routes/pdf.ts does for invoices.
  registerPaidPdfRoute(app, auth, "/api/quotes/:id/pdf", (userId, id) =>
    downloadDocumentPdf({ db, queue }, userId, { kind: "quote", id }),
  );
}
