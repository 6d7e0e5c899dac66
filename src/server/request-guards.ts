import type { FastifyInstance } from "fastify";
import { findUnstorableText, UNSTORABLE_TEXT } from "../contract/common";
import { contractOf } from "../contract/index";
import type { Auth, SessionUser } from "./auth/auth";
import { AppError } from "./errors";
import { parseBody } from "./routes/validate";

declare module "fastify" {
  interface FastifyRequest {
    /** Set before the body is read on routes the contract marks "user". */
    sessionUser: SessionUser | null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Checks every request makes before any route code runs. They read the route Fastify matched
 * (`routeOptions.url`, a pattern such as /api/clients/:id), never the raw URL, so /%61pi/clients,
 * /api//clients or /x/../api/clients are judged as the route they reach.
 */
export function registerRequestGuards(
  app: FastifyInstance,
  deps: { auth: Auth; allowedOrigins: ReadonlySet<string> },
) {
  const { auth, allowedOrigins } = deps;
  app.decorateRequest("sessionUser", null);

  // Every state-changing call must come from our own pages (webhooks sign their bodies instead).
  // Unmatched requests are checked too: they may not change state, but refusing costs nothing.
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.url?.startsWith("/api/webhooks/")) return;
    const origin = request.headers.origin;
    if (!origin || !allowedOrigins.has(origin)) {
      throw new AppError("forbidden_origin", "This request must come from the Bahi web app.");
    }
  });

  // Signed-in routes refuse strangers here, before the body is read or parsed.
  app.addHook("onRequest", async (request) => {
    if (contractOf(request.method, request.routeOptions.url)?.auth !== "user") return;
    const user = await auth.findSessionUser(request.headers.cookie);
    if (!user) throw new AppError("unauthorized", "Please sign in to continue.");
    request.sessionUser = user;
  });

  // PostgreSQL stores no NUL (text: error 22021) and no lone surrogate (jsonb): refuse them in
  // any part of any request, and path parameters that break the route's contract (over-long ids).
  app.addHook("preValidation", async (request) => {
    for (const [part, value] of [
      ["params", request.params],
      ["query", request.query],
      ["body", request.body],
    ] as const) {
      const at = findUnstorableText(value);
      if (at !== undefined) {
        const field = at || part;
        throw new AppError("validation_failed", `${field}: ${UNSTORABLE_TEXT}`, { [field]: UNSTORABLE_TEXT });
      }
    }
    // Every JSON body is an object; "a string", 42, null or [] never reach a route's own parsing.
    const body: unknown = request.body;
    if (
      body !== undefined &&
      !Buffer.isBuffer(body) &&
      (typeof body !== "object" || body === null || Array.isArray(body))
    ) {
      throw new AppError("bad_request", "The request body must be a JSON object.");
    }
    const params = contractOf(request.method, request.routeOptions.url)?.params;
    if (params) parseBody(params, request.params);
  });

  // Private answers must not sit in a browser's or a proxy's cache; routes that may be cached say so.
  app.addHook("onSend", async (request, reply) => {
    const api = request.routeOptions.url?.startsWith("/api/") || request.url.startsWith("/api/");
    if (api && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
}
