import type { FastifyInstance } from "fastify";
import { sendBody } from "#contract/invoice-payments";
import {
  KIND_INPUT_SCHEMAS,
  kindConvertBody,
  kindListQuery,
  kindNextNumberQuery,
  kindPdfQuery,
  kindStatusChange,
  quoteInputSchema,
  quoteListQuery,
  quoteNextNumberQuery,
  quoteStatusChange,
} from "#contract/quotes";
import { DOCUMENT_KINDS, type PreInvoiceKind } from "#domain/document-kinds";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
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

  app.get<IdParams>("/api/invoices/:id/source-documents", async (request) => {
    const me = await requireUser(auth, request);
    return { documents: await sourceDocuments(db, me.id, request.params.id) };
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
  const base = DOCUMENT_KINDS[kind].apiPath;
  const inputSchema = KIND_INPUT_SCHEMAS[kind];
  const listQuery = kindListQuery(kind);
  const statusChange = kindStatusChange(kind);

  app.get(base, async (request) => {
    const me = await requireUser(auth, request);
    const query = parseBody(listQuery, request.query);
    const list = await listKindDocuments(db, me.id, kind, query);
    return presentPage(list, query, presentKindSummary);
  });

  app.get(`${base}/next-number`, async (request) => {
    const me = await requireUser(auth, request);
    const { date } = parseBody(kindNextNumberQuery, request.query);
    return nextKindNumber(db, me.id, kind, date);
  });

  app.post(base, async (request, reply) => {
    const me = await requireUser(auth, request);
    const input = parseBody(inputSchema, request.body);
    const saved = await createKindDocument(db, me.id, kind, input);
    return reply.status(201).send({ document: presentKindDocument(saved) });
  });

  app.get<IdParams>(`${base}/:id`, async (request) => {
    const me = await requireUser(auth, request);
    return { document: presentKindDocument(await readKindDocument(db, me.id, kind, request.params.id)) };
  });

  app.put<IdParams>(`${base}/:id`, async (request) => {
    const me = await requireUser(auth, request);
    const input = parseBody(inputSchema, request.body);
    return {
      document: presentKindDocument(await updateKindDocument(db, me.id, kind, request.params.id, input)),
    };
  });

  app.delete<IdParams>(`${base}/:id`, async (request, reply) => {
    const me = await requireUser(auth, request);
    await deleteKindDocument(db, me.id, kind, request.params.id);
    return reply.status(204).send();
  });

  app.post<IdParams>(`${base}/:id/status`, async (request) => {
    const me = await requireUser(auth, request);
    const { status } = parseBody(statusChange, request.body);
    return {
      document: presentKindDocument(await moveKindStatus(db, me.id, kind, request.params.id, status)),
    };
  });

  app.post(`${base}/convert`, async (request, reply) => {
    const me = await requireUser(auth, request);
    const { ids } = parseBody(kindConvertBody, request.body);
    const { documents, invoice } = await convertKindDocuments(db, me.id, kind, ids);
    return reply.status(201).send({ documents: documents.map(presentKindDocument), invoice });
  });

  app.post<IdParams>(`${base}/:id/send`, async (request) => {
    const me = await requireUser(auth, request);
    const input = parseBody(sendBody, request.body);
    const document = { kind, id: request.params.id };
    return sendDocument({ db, queue, mailer: deps.outbox, publicUrl }, me.id, document, input);
  });

  app.get<IdParams>(`${base}/:id/public-link`, async (request) => {
    const me = await requireUser(auth, request);
    return readDocumentLink(db, publicUrl, me.id, { kind, id: request.params.id });
  });
  app.post<IdParams>(`${base}/:id/public-link`, async (request) => {
    const me = await requireUser(auth, request);
    return shareDocumentLink(db, publicUrl, me.id, { kind, id: request.params.id });
  });
  app.post<IdParams>(`${base}/:id/public-link/renew`, async (request) => {
    const me = await requireUser(auth, request);
    return shareDocumentLink(db, publicUrl, me.id, { kind, id: request.params.id }, { renew: true });
  });

  app.get<IdParams>(`${base}/:id/activity`, async (request) => {
    const me = await requireUser(auth, request);
    await readKindDocument(db, me.id, kind, request.params.id); // 404 for another's
    return { events: await documentActivity(db, me.id, { kind, id: request.params.id }) };
  });

  registerPaidPdfRoute(app, auth, `${base}/:id/pdf`, (userId, id, query) => {
    const { copies } = parseBody(kindPdfQuery, query);
    return downloadDocumentPdf({ db, queue }, userId, { kind, id }, { triplicate: copies === "triplicate" });
  });
}
