import type { FastifyInstance } from "fastify";
import { sendBody } from "#contract/invoice-payments";
import { quoteInputSchema, quoteListQuery, quoteNextNumberQuery, quoteStatusChange } from "#contract/quotes";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { isDatabaseUnavailable } from "../db/unavailable";
import { AppError } from "../errors";
import { RenderQueue, RenderQueueFullError } from "../pdf/render-queue";
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
    return sendQuote({ db, queue, mailer: deps.outbox, publicUrl }, me.id, request.params.id, input);
  });

  app.get<IdParams>("/api/quotes/:id/public-link", async (request) => {
    const me = await requireUser(auth, request);
    return readQuoteLink(db, publicUrl, me.id, request.params.id);
  });
  app.post<IdParams>("/api/quotes/:id/public-link", async (request) => {
    const me = await requireUser(auth, request);
    return shareQuoteLink(db, publicUrl, me.id, request.params.id);
  });
  app.post<IdParams>("/api/quotes/:id/public-link/renew", async (request) => {
    const me = await requireUser(auth, request);
    return shareQuoteLink(db, publicUrl, me.id, request.params.id, { renew: true });
  });

  app.get<IdParams>("/api/quotes/:id/activity", async (request) => {
    const me = await requireUser(auth, request);
    await readQuote(db, me.id, request.params.id); // 404 for another's quote
    return { events: await quoteActivity(db, me.id, request.params.id) };
  });

  app.get<IdParams>("/api/invoices/:id/source-quote", async (request) => {
    const me = await requireUser(auth, request);
    return { quote: await sourceQuote(db, me.id, request.params.id) };
  });

  // The PDF: one credit, a POST (DECISIONS §10), as routes/pdf.ts does for invoices.
  app.get("/api/quotes/:id/pdf", async (_request, reply) =>
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
  app.post<IdParams>("/api/quotes/:id/pdf", async (request, reply) => {
    const me = await requireUser(auth, request);
    let download: Awaited<ReturnType<typeof downloadQuotePdf>>;
    try {
      download = await downloadQuotePdf({ db, queue }, me.id, request.params.id);
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
      request.log.error({ err: error, quoteId: request.params.id }, "PDF render failed");
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
