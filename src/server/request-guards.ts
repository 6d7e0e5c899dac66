import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { contractOf } from "#contract";
import { acceptsApiKey } from "#contract/api-keys";
import { findUnstorableText, UNSTORABLE_TEXT } from "#contract/common";
import { routeKey } from "#contract/registry";
import { ROUTE_ACTIONS } from "#contract/route-actions";
import { refusalMessage, roleMay } from "#domain/roles";
import { type ApiKeyAuthenticator, bearerOf } from "./auth/api-keys";
import type { Auth, SessionUser } from "./auth/auth";
import { AppError } from "./errors";
import { parseBody } from "./routes/validate";

declare module "fastify" {
  interface FastifyRequest {
    /** Set before the body is read on routes the contract marks "user". */
    sessionUser: SessionUser | null;
    /** The API key the request came with, when it came with one instead of a session. */
    apiKeyId: string | null;
  }
  interface FastifyInstance {
    /** Every route registered after the guards, as Fastify's onRoute saw it (the docs test reads it). */
    registeredRoutes: { method: string; url: string }[];
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const contractMethod = (request: FastifyRequest) => (request.method === "HEAD" ? "GET" : request.method);

const LIMITED = {
  key: (limit: number, s: number) =>
    `Too many requests with this API key (${limit} a minute). Try again in ${s} s.`,
  user: (limit: number, s: number) =>
    `Too many requests with this account's API keys (${limit} a minute). Try again in ${s} s.`,
  address: (limit: number, s: number) =>
    `Too many invalid API keys from this address (${limit} a minute). Try again in ${s} s.`,
};

/**
 * Checks every request makes before any route code runs. They read the route Fastify matched
 * (`routeOptions.url`, a pattern such as /api/clients/:id), never the raw URL, so /%61pi/clients,
 * /api//clients or /x/../api/clients are judged as the route they reach.
 */
export function registerRequestGuards(
  app: FastifyInstance,
  deps: { auth: Auth; apiKeys: ApiKeyAuthenticator; allowedOrigins: ReadonlySet<string> },
) {
  const { auth, apiKeys, allowedOrigins } = deps;
  app.decorateRequest("sessionUser", null);
  app.decorateRequest("apiKeyId", null);
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate("registeredRoutes", registeredRoutes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });

  // Every state-changing call must come from our own pages (webhooks sign their bodies instead;
  // an API key is a header no other site's page can make a browser send, so it needs no Origin).
  // Unmatched requests are checked too: they may not change state, but refusing costs nothing.
  app.addHook("onRequest", (request, _reply, done) => {
    if (
      SAFE_METHODS.has(request.method) ||
      request.routeOptions.url?.startsWith("/api/webhooks/") ||
      usesApiKey(request)
    )
      return done();
    const origin = request.headers.origin;
    if (!origin || !allowedOrigins.has(origin)) {
      return done(new AppError("forbidden_origin", "This request must come from the Bahi web app."));
    }
    done();
  });

  // Signed-in routes refuse strangers here, before the body is read or parsed; so does a
  // request for no route at all.
  // A session checked in the last few seconds is answered without a promise (most requests).
  app.addHook("onRequest", (request, reply, done) => {
    if (request.routeOptions.url === undefined && !SAFE_METHODS.has(request.method)) {
      return done(new AppError("not_found", "Not found."));
    }
    // A HEAD runs its GET's handler (Fastify's exposeHeadRoutes): it is checked as that GET.
    if (contractOf(contractMethod(request), request.routeOptions.url)?.auth !== "user") return done();
    const key = bearerOf(request.headers.authorization);
    if (key === undefined) {
      const known = auth.findSessionUser.cached(request.headers.cookie);
      if (known) {
        request.sessionUser = known;
        try {
          checkRole(request);
        } catch (error) {
          return done(error as Error);
        }
        return done();
      }
    }
    checkSession(request, reply, key).then(() => done(), done);
  });

  async function checkSession(request: FastifyRequest, reply: FastifyReply, key: string | undefined) {
    if (key !== undefined) {
      await authoriseApiKey(request, reply, key);
    } else {
      const user = await auth.findSessionUser(request.headers.cookie);
      if (!user) throw new AppError("unauthorized", "Please sign in to continue.");
      request.sessionUser = user;
    }
    checkRole(request);
  }

  /**
   * The member's role against the action the route needs (decision 0076), after the session or key
   * check and before the body is read: a refusal is a 403 naming the role.
   */
  function checkRole(request: FastifyRequest) {
    const action =
      ROUTE_ACTIONS[
        routeKey(contractMethod(request), request.routeOptions.url ?? "") as keyof typeof ROUTE_ACTIONS
      ];
    if (action === undefined || action === "person") return;
    const { role, businessId } = request.sessionUser ?? {};
    if (!role || !businessId) {
      throw new AppError("no_business", "This account has no business yet. Create one to continue.");
    }
    if (!roleMay(role, action)) throw new AppError("role_forbidden", refusalMessage(role, action));
  }

  /** A bearer on a route that takes keys (elsewhere it is refused by the session check below). */
  function usesApiKey(request: FastifyRequest): boolean {
    const url = request.routeOptions.url;
    return url !== undefined && bearerOf(request.headers.authorization) !== undefined && acceptsApiKey(url);
  }

  /** The key's owner becomes the request's user: scoped to them exactly as a session is. */
  async function authoriseApiKey(request: FastifyRequest, reply: FastifyReply, key: string) {
    if (!acceptsApiKey(request.routeOptions.url ?? "")) {
      throw new AppError("unauthorized", "API keys cannot be used here. Please sign in to continue.");
    }
    const answer = await apiKeys.check(key, request.ip);
    if (answer.kind === "invalid") {
      throw new AppError("unauthorized", "This API key is not valid, or it was revoked.");
    }
    const { allowance } = answer;
    reply.header("x-ratelimit-limit", allowance.limit);
    reply.header("x-ratelimit-remaining", allowance.remaining);
    reply.header("x-ratelimit-reset", allowance.resetSeconds);
    if (answer.kind === "limited") {
      reply.header("retry-after", allowance.resetSeconds);
      throw new AppError(
        "too_many_requests",
        LIMITED[answer.reason](allowance.limit, allowance.resetSeconds),
      );
    }
    const holder = answer.holder;
    if (!SAFE_METHODS.has(request.method) && holder.scope !== "read_write") {
      throw new AppError(
        "key_read_only",
        "This API key can only read. Create a read and write key to make changes.",
      );
    }
    request.sessionUser = holder.user;
    request.apiKeyId = holder.keyId;
    void apiKeys
      .touch(holder.keyId)
      .catch((error) => request.log.warn({ err: error }, "could not note an API key's use"));
  }

  // PostgreSQL stores no NUL (text: error 22021) and no lone surrogate (jsonb): refuse them in
  // any part of any request, and path parameters that break the route's contract (over-long ids).
  // Synchronous: an async hook made a promise and a microtask on every request (decision 0101).
  app.addHook("preValidation", (request, _reply, done) => {
    try {
      checkInput(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });

  function checkInput(request: FastifyRequest) {
    storable("params", request.params);
    storable("query", request.query);
    storable("body", request.body);
    // Every JSON body is an object; "a string", 42, null or [] never reach a route's own parsing.
    const contract = contractOf(request.method, request.routeOptions.url);
    const body: unknown = request.body;
    if (
      !contract?.explainsBadBody &&
      body !== undefined &&
      !Buffer.isBuffer(body) &&
      (typeof body !== "object" || body === null || Array.isArray(body))
    ) {
      throw new AppError("bad_request", "The request body must be a JSON object.");
    }
    if (contract?.params) parseBody(contract.params, request.params);
    if (request.routeOptions.url === "/api/auth/*") checkAuthRedirects(request, allowedOrigins);
  }

  app.addHook("onSend", (request, reply, payload, done) => {
    // Sign-out, password and account changes, profile edits: sessions checked a moment ago may be
    // gone or stale, so the next request of each asks the database again (before this answer leaves).
    if (!SAFE_METHODS.has(request.method)) {
      const url = request.routeOptions.url;
      if (url === "/api/auth/*" || url === "/api/profile") auth.findSessionUser.forget();
    }
    // Private answers must not sit in a browser's or a proxy's cache; routes that may be cached say so.
    const api = request.routeOptions.url?.startsWith("/api/") || request.url.startsWith("/api/");
    if (api && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    done(null, payload);
  });
}

function storable(part: string, value: unknown) {
  const at = findUnstorableText(value);
  if (at !== undefined) {
    const field = at || part;
    throw new AppError("validation_failed", `${field}: ${UNSTORABLE_TEXT}`, { [field]: UNSTORABLE_TEXT });
  }
}

/** better-auth's fields that name where to send the browser afterwards. */
const REDIRECT_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

/**
 * A redirect target must be a path of this site or one of our origins. better-auth answers 500 to
 * one it cannot parse ("12.50", "//x") and, on verify-email's error path, redirects to any origin.
 */
function checkAuthRedirects(request: FastifyRequest, allowedOrigins: ReadonlySet<string>) {
  for (const part of [request.query, request.body]) {
    if (!part || typeof part !== "object") continue;
    for (const field of REDIRECT_FIELDS) {
      const value = (part as Record<string, unknown>)[field];
      if (value === undefined || value === "") continue;
      if (typeof value === "string" && isOwnUrl(value, allowedOrigins)) continue;
      const message = "Must be a path of this site, such as /dashboard.";
      throw new AppError("validation_failed", `${field}: ${message}`, { [field]: message });
    }
  }
}

function isOwnUrl(value: string, allowedOrigins: ReadonlySet<string>): boolean {
  if (/^\/(?![/\\])/.test(value)) return true;
  try {
    return allowedOrigins.has(new URL(value).origin);
  } catch {
    return false;
  }
}

/**
 * Errors Fastify answers before routing (a path segment that is not valid UTF-8, "%E0%A4"):
 * our error shape, not Fastify's own.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  reply
    .status(status)
    .header("cache-control", "no-store")
    .send({ error: { code: "bad_request", message: "This address is not valid." } });
}
