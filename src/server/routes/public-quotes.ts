import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { buildQuotePage } from "#domain/quote-page";
import { canAccept, QUOTE_STATUS_LABELS } from "#domain/quotes";
import type { Auth } from "../auth/auth";
import { now } from "../clock";
import type { Db } from "../db/client";
import { findImage } from "../db/queries/images";
import { cachedSettings } from "../db/queries/settings";
import { AppError, notFound } from "../errors";
import { PUBLIC_QUOTE_SCRIPT, renderPublicQuote } from "../public-page/quote-render";
import type { MailOutbox } from "../services/mail-jobs";
import { answerPublicQuote, notePublicQuoteView, publicQuote, shownStatus } from "../services/quote-sharing";
import { contractRoutes } from "./contract-route";
import { windowLimiter } from "./public-invoices";

type TokenParams = { Params: { token: string; kind?: string } };

/** Views of public pages (and answers) per client address per minute (on this process). */
const VIEWS_PER_MINUTE = 60;

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Not found</title></head><body style="font:16px system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>This quote link does not work</h1><p>It may have been replaced by a newer link. Please ask the business that sent it for the current one.</p></body></html>`;

/** The public quote page (/q/<token>) and its Accept and Decline: no sign-in, the link is the key. */
export function registerPublicQuoteRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; outbox: MailOutbox; publicUrl: string },
) {
  const { auth, db } = deps;
  const route = contractRoutes(app);
  const viewsAllowed = windowLimiter(VIEWS_PER_MINUTE, 60_000);
  const noIndex = (reply: FastifyReply) => reply.header("x-robots-tag", "noindex, nofollow");
  const limited = (request: FastifyRequest) => {
    if (!viewsAllowed(request.ip)) {
      throw new AppError("too_many_requests", "Too many requests. Please wait a minute and try again.");
    }
  };

  app.get("/q/page.js", async (_request, reply) =>
    noIndex(reply)
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(PUBLIC_QUOTE_SCRIPT),
  );

  app.get<TokenParams>("/q/:token", async (request, reply) => {
    noIndex(reply).header("cache-control", "no-store").type("text/html; charset=utf-8");
    if (!viewsAllowed(request.ip))
      return reply.status(429).send(NOT_FOUND_PAGE.replace("does not work", "was opened too often"));
    const row = await publicQuote(db, request.params.token);
    if (!row) return reply.status(404).send(NOT_FOUND_PAGE);
    // HEAD (link previews, uptime checks) answers like GET but is not somebody reading the quote.
    if (request.method !== "HEAD") {
      const viewer = await auth.findSessionUser(request.headers.cookie).catch(() => null);
      await notePublicQuoteView(db, row, viewer?.id ?? null);
    }
    const status = await shownStatus(db, row);
    const settings = await cachedSettings(db, row.userId);
    const check = canAccept(row.status, row.validUntil, now(), settings.timeZone);
    const page = buildQuotePage(row.quoteData, status, { logo: true, signature: true, upiQr: false });
    const base = `/q/${request.params.token}/images`;
    return reply.send(
      renderPublicQuote(page, {
        token: request.params.token,
        statusKey: status,
        statusLabel: QUOTE_STATUS_LABELS[status],
        canAnswer: check.ok,
        closedMessage: check.ok ? null : check.message,
        logoUrl: page.company.logoImageId ? `${base}/logo` : null,
        signatureUrl: page.signatory.imageId ? `${base}/signature` : null,
      }),
    );
  });

  app.get<TokenParams>("/q/:token/images/:kind", async (request, reply) => {
    limited(request);
    const row = await publicQuote(db, request.params.token);
    if (!row) throw notFound("Quote");
    const company = row.quoteData.company;
    const id =
      request.params.kind === "logo"
        ? company.logoImageId
        : request.params.kind === "signature" && row.quoteData.includeSignature
          ? company.signatureImageId
          : null;
    const image = id ? await findImage(db, row.userId, id) : undefined;
    if (!image) throw notFound("Image");
    return noIndex(reply)
      .type(image.mimeType)
      .header("cache-control", "private, max-age=300")
      .send(image.bytes);
  });

  for (const [verb, status] of [
    ["accept", "accepted"],
    ["decline", "declined"],
  ] as const) {
    route(`POST /api/public/quotes/:token/${verb}`, async (request, reply) => {
      limited(request);
      noIndex(reply);
      const input = request.body;
      const saved = await answerPublicQuote(
        {
          db,
          mailer: deps.outbox,
          publicUrl: deps.publicUrl,
          onMailFailed: (error) => request.log.warn({ err: error }, "quote answer e-mail failed"),
        },
        request.params.token,
        status,
        { ...input, ip: request.ip },
      );
      return { status: saved.status };
    });
  }
}
