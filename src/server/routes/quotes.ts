import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { RenderQueue } from "../pdf/render-queue";
import { presentPage } from "../presenters/page";
import { presentQuote, presentQuoteSummary } from "../presenters/quotes";
import type { MailOutbox } from "../services/mail-jobs";
import { quoteActivity } from "../services/quote-events";
import { downloadQuotePdf, readQuoteLink, sendQuote, shareQuoteLink } from "../services/quote-sharing";
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
import { contractRoutes } from "./contract-route";
import { registerPaidPdfRoute } from "./pdf-download";

/** The owner's quote routes (issue 16 part 2); API keys work here as on invoices. */
export function registerQuoteRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; renderer: RenderQueue; outbox: MailOutbox; publicUrl: string },
) {
  const { auth, db, publicUrl } = deps;
  const route = contractRoutes(app);
  const queue = RenderQueue.around(deps.renderer);

  route("GET /api/quotes", async (request) => {
    const me = await requireUser(auth, request);
    const query = request.query;
    const list = await listUserQuotes(db, me.id, query);
    return presentPage(list, query, (row) => presentQuoteSummary(row, list.clock));
  });

  route("GET /api/quotes/next-number", async (request) => {
    const me = await requireUser(auth, request);
    const { quoteDate } = request.query;
    return nextQuoteNumber(db, me.id, quoteDate);
  });

  route("POST /api/quotes", async (request, reply) => {
    const me = await requireUser(auth, request);
    const input = request.body;
    return reply.status(201).send({ quote: presentQuote(await createQuote(db, me.id, input)) });
  });

  route("GET /api/quotes/:id", async (request) => {
    const me = await requireUser(auth, request);
    return { quote: presentQuote(await readQuote(db, me.id, request.params.id)) };
  });

  route("PUT /api/quotes/:id", async (request) => {
    const me = await requireUser(auth, request);
    const input = request.body;
    return { quote: presentQuote(await updateQuote(db, me.id, request.params.id, input)) };
  });

  route("DELETE /api/quotes/:id", async (request, reply) => {
    const me = await requireUser(auth, request);
    await deleteQuote(db, me.id, request.params.id);
    return reply.status(204).send();
  });

  route("POST /api/quotes/:id/status", async (request) => {
    const me = await requireUser(auth, request);
    const change = request.body;
    return { quote: presentQuote(await changeQuoteStatusByOwner(db, me.id, request.params.id, change)) };
  });

  route("POST /api/quotes/:id/convert", async (request, reply) => {
    const me = await requireUser(auth, request);
    const { quote, invoice } = await convertQuote(db, me.id, request.params.id);
    return reply.status(201).send({ quote: presentQuote(quote), invoice });
  });

  route("POST /api/quotes/:id/send", async (request) => {
    const me = await requireUser(auth, request);
    const input = request.body;
    return sendQuote({ db, queue, mailer: deps.outbox, publicUrl }, me.id, request.params.id, input);
  });

  route("GET /api/quotes/:id/public-link", async (request) => {
    const me = await requireUser(auth, request);
    return readQuoteLink(db, publicUrl, me.id, request.params.id);
  });
  route("POST /api/quotes/:id/public-link", async (request) => {
    const me = await requireUser(auth, request);
    return shareQuoteLink(db, publicUrl, me.id, request.params.id);
  });
  route("POST /api/quotes/:id/public-link/renew", async (request) => {
    const me = await requireUser(auth, request);
    return shareQuoteLink(db, publicUrl, me.id, request.params.id, { renew: true });
  });

  route("GET /api/quotes/:id/activity", async (request) => {
    const me = await requireUser(auth, request);
    await readQuote(db, me.id, request.params.id); // 404 for another's quote
    return { events: await quoteActivity(db, me.id, request.params.id) };
  });

  route("GET /api/invoices/:id/source-quote", async (request) => {
    const me = await requireUser(auth, request);
    return { quote: await sourceQuote(db, me.id, request.params.id) };
  });

  // The PDF: one credit, a POST (DECISIONS §10), as routes/pdf.ts does for invoices.
  registerPaidPdfRoute(app, auth, "/api/quotes/:id/pdf", (userId, id) =>
    downloadQuotePdf({ db, queue }, userId, id),
  );
}
