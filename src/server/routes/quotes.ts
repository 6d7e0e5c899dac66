import type { FastifyInstance } from "fastify";
import { KIND_API_PATHS, type PreInvoiceKind } from "#domain/document-kinds";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { RenderQueue } from "../pdf/render-queue";
import { presentPage } from "../presenters/page";
import {
  presentKindDocument,
  presentKindSummary,
  presentQuote,
  presentQuoteSummary,
} from "../presenters/quotes";
import { documentActivity } from "../services/documents/events";
import { downloadDocumentPdf } from "../services/documents/paid-pdf";
import { sendDocument } from "../services/documents/send";
import { readDocumentLink, shareDocumentLink } from "../services/documents/share-link";
import type { MailOutbox } from "../services/mail-jobs";
import {
  changeQuoteStatusByOwner,
  convertKindDocuments,
  convertQuote,
  createKindDocument,
  createQuote,
  deleteKindDocument,
  deleteQuote,
  listKindDocuments,
  listUserQuotes,
  moveKindStatus,
  nextKindNumber,
  nextQuoteNumber,
  readKindDocument,
  readQuote,
  sourceDocuments,
  sourceQuote,
  updateKindDocument,
  updateQuote,
} from "../services/quotes";
import { businessRoutes } from "./contract-route";
import { registerPaidPdfRoute } from "./pdf-download";

/** The owner's quote routes (issue 16 part 2); API keys work here as on invoices. */
export function registerQuoteRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; renderer: RenderQueue; outbox: MailOutbox; publicUrl: string },
) {
  const { auth, db, publicUrl } = deps;
  const route = businessRoutes(app, auth);
  const queue = RenderQueue.around(deps.renderer);

  route("GET /api/quotes", async (me, request) => {
    const query = request.query;
    const list = await listUserQuotes(db, me.businessId, query);
    return presentPage(list, query, (row) => presentQuoteSummary(row, list.clock));
  });

  route("GET /api/quotes/next-number", async (me, request) => {
    const { quoteDate } = request.query;
    return nextQuoteNumber(db, me.businessId, quoteDate);
  });

  route("POST /api/quotes", async (me, request, reply) => {
    const input = request.body;
    return reply.status(201).send({ quote: presentQuote(await createQuote(db, me.businessId, input)) });
  });

  route("GET /api/quotes/:id", async (me, request) => {
    return { quote: presentQuote(await readQuote(db, me.businessId, request.params.id)) };
  });

  route("PUT /api/quotes/:id", async (me, request) => {
    const input = request.body;
    return { quote: presentQuote(await updateQuote(db, me.businessId, request.params.id, input)) };
  });

  route("DELETE /api/quotes/:id", async (me, request, reply) => {
    await deleteQuote(db, me.businessId, request.params.id);
    return reply.status(204).send();
  });

  route("POST /api/quotes/:id/status", async (me, request) => {
    const change = request.body;
    return {
      quote: presentQuote(await changeQuoteStatusByOwner(db, me.businessId, request.params.id, change)),
    };
  });

  route("POST /api/quotes/:id/convert", async (me, request, reply) => {
    const { quote, invoice } = await convertQuote(db, me.businessId, request.params.id);
    return reply.status(201).send({ quote: presentQuote(quote), invoice });
  });

  route("POST /api/quotes/:id/send", async (me, request) => {
    const input = request.body;
    return sendDocument(
      { db, queue, mailer: deps.outbox, publicUrl },
      me.businessId,
      { kind: "quote", id: request.params.id },
      input,
    );
  });

  route("GET /api/quotes/:id/public-link", async (me, request) => {
    return readDocumentLink(db, publicUrl, me.businessId, { kind: "quote", id: request.params.id });
  });
  route("POST /api/quotes/:id/public-link", async (me, request) => {
    return shareDocumentLink(db, publicUrl, me.businessId, { kind: "quote", id: request.params.id });
  });
  route("POST /api/quotes/:id/public-link/renew", async (me, request) => {
    return shareDocumentLink(
      db,
      publicUrl,
      me.businessId,
      { kind: "quote", id: request.params.id },
      { renew: true },
    );
  });

  route("GET /api/quotes/:id/activity", async (me, request) => {
    await readQuote(db, me.businessId, request.params.id); // 404 for another's quote
    return { events: await documentActivity(db, me.businessId, { kind: "quote", id: request.params.id }) };
  });

  route("GET /api/invoices/:id/source-quote", async (me, request) => {
    return { quote: await sourceQuote(db, me.businessId, request.params.id) };
  });

  // The PDF: one credit, a POST (DECISIONS §10), as routes/pdf.ts does for invoices.
  registerPaidPdfRoute(app, auth, "/api/quotes/:id/pdf", (businessId, id) =>
    downloadDocumentPdf({ db, queue }, businessId, { kind: "quote", id }),
  );

  route("GET /api/invoices/:id/source-documents", async (me, request) => {
    return { documents: await sourceDocuments(db, me.businessId, request.params.id) };
  });

  for (const kind of ["proforma", "challan"] as const) registerKindRoutes(app, deps, queue, kind);
}

/** A proforma's or challan's routes: the quote's, at the kind's path, with the kind's rules. */
function registerKindRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; outbox: MailOutbox; publicUrl: string },
  queue: RenderQueue,
  kind: Exclude<PreInvoiceKind, "quote">,
) {
  const { auth, db, publicUrl } = deps;
  const route = businessRoutes(app, auth);
  const base = KIND_API_PATHS[kind];

  route(`GET ${base}`, async (me, request) => {
    const query = request.query;
    const list = await listKindDocuments(db, me.businessId, kind, query);
    return presentPage(list, query, presentKindSummary);
  });

  route(`GET ${base}/next-number`, async (me, request) => {
    const { date } = request.query;
    return nextKindNumber(db, me.businessId, kind, date);
  });

  route(`POST ${base}`, async (me, request, reply) => {
    const input = request.body;
    const saved = await createKindDocument(db, me.businessId, kind, input);
    return reply.status(201).send({ document: presentKindDocument(saved) });
  });

  route(`GET ${base}/:id`, async (me, request) => {
    return {
      document: presentKindDocument(await readKindDocument(db, me.businessId, kind, request.params.id)),
    };
  });

  route(`PUT ${base}/:id`, async (me, request) => {
    const input = request.body;
    return {
      document: presentKindDocument(
        await updateKindDocument(db, me.businessId, kind, request.params.id, input),
      ),
    };
  });

  route(`DELETE ${base}/:id`, async (me, request, reply) => {
    await deleteKindDocument(db, me.businessId, kind, request.params.id);
    return reply.status(204).send();
  });

  route(`POST ${base}/:id/status`, async (me, request) => {
    const { status } = request.body;
    return {
      document: presentKindDocument(await moveKindStatus(db, me.businessId, kind, request.params.id, status)),
    };
  });

  route(`POST ${base}/convert`, async (me, request, reply) => {
    const { ids } = request.body;
    const { documents, invoice } = await convertKindDocuments(db, me.businessId, kind, ids);
    return reply.status(201).send({ documents: documents.map(presentKindDocument), invoice });
  });

  route(`POST ${base}/:id/send`, async (me, request) => {
    const input = request.body;
    const document = { kind, id: request.params.id };
    return sendDocument({ db, queue, mailer: deps.outbox, publicUrl }, me.businessId, document, input);
  });

  route(`GET ${base}/:id/public-link`, async (me, request) => {
    return readDocumentLink(db, publicUrl, me.businessId, { kind, id: request.params.id });
  });
  route(`POST ${base}/:id/public-link`, async (me, request) => {
    return shareDocumentLink(db, publicUrl, me.businessId, { kind, id: request.params.id });
  });
  route(`POST ${base}/:id/public-link/renew`, async (me, request) => {
    return shareDocumentLink(db, publicUrl, me.businessId, { kind, id: request.params.id }, { renew: true });
  });

  route(`GET ${base}/:id/activity`, async (me, request) => {
    await readKindDocument(db, me.businessId, kind, request.params.id); // 404 for another's
    return { events: await documentActivity(db, me.businessId, { kind, id: request.params.id }) };
  });

  registerPaidPdfRoute(app, auth, `${base}/:id/pdf`, (businessId, id, query) =>
    downloadDocumentPdf(
      { db, queue },
      businessId,
      { kind, id },
      { triplicate: query.copies === "triplicate" },
    ),
  );
}
