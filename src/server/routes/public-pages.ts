import type { FastifyInstance, FastifyReply } from "fastify";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { BusinessGateways } from "../services/business-gateway";
import { DOCUMENT_KIND_CONFIG, PUBLIC_KINDS } from "../services/documents/kinds";
import { publicPageHtml, publicPageImage, publicPageScript } from "../services/documents/public-page";

type TokenParams = { Params: { token: string; name?: string }; Querystring: { paid?: unknown } };

/** Views of public pages per client address per minute (on this process), per kind of page. */
const VIEWS_PER_MINUTE = 60;

/** A fixed window per key, kept per process: enough to stop a script from walking tokens. */
export function windowLimiter(limit: number, windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string): boolean => {
    const now = Date.now();
    const w = windows.get(key);
    if (!w || now - w.start >= windowMs) {
      if (windows.size >= 50_000) windows.clear();
      windows.set(key, { start: now, count: 1 });
      return true;
    }
    w.count++;
    return w.count <= limit;
  };
}

const notFoundPage = (noun: string, what = "does not work") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Not found</title></head><body style="font:16px system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>This ${noun} link ${what}</h1><p>It may have been replaced by a newer link. Please ask the business that sent it for the current one.</p></body></html>`;

/**
 * The public page of every kind of document that has one (`/i/<token>`, `/q/<token>`, ...), its
 * script and its images: no sign-in, the link is the key, never indexed.
 */
export function registerPublicPageRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; gateways: BusinessGateways },
) {
  const { auth, db } = deps;
  const noIndex = (reply: FastifyReply) => reply.header("x-robots-tag", "noindex, nofollow");
  for (const kind of PUBLIC_KINDS) {
    const { publicPath: path, publicPage } = DOCUMENT_KIND_CONFIG[kind];
    const noun = publicPage!.noun;
    const viewsAllowed = windowLimiter(VIEWS_PER_MINUTE, 60_000);

    app.get(`${path}/page.js`, async (_request, reply) =>
      noIndex(reply)
        .type("text/javascript; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(publicPageScript(kind)),
    );

    app.get<TokenParams>(`${path}/:token`, async (request, reply) => {
      noIndex(reply).header("cache-control", "no-store").type("text/html; charset=utf-8");
      if (!viewsAllowed(request.ip))
        return reply.status(429).send(notFoundPage(noun, "was opened too often"));
      const html = await publicPageHtml(deps, kind, request.params.token, {
        // HEAD (link previews, uptime checks) answers like GET but is not somebody reading it.
        counts: request.method !== "HEAD",
        viewerId: async () =>
          (await auth.findSessionUser(request.headers.cookie).catch(() => null))?.id ?? null,
        query: typeof request.query.paid === "string" ? { paid: request.query.paid.slice(0, 64) } : {},
      });
      return html === undefined ? reply.status(404).send(notFoundPage(noun)) : reply.send(html);
    });

    app.get<TokenParams>(`${path}/:token/images/:name`, async (request, reply) => {
      if (!viewsAllowed(request.ip)) {
        throw new AppError("too_many_requests", "Too many requests. Please wait a minute and try again.");
      }
      const image = await publicPageImage(db, kind, request.params.token, request.params.name!);
      return noIndex(reply)
        .type(image.mimeType)
        .header("cache-control", "private, max-age=300")
        .send(image.bytes);
    });
  }
}
