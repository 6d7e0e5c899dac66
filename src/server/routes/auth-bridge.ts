import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Auth, CLIENT_IP_HEADER } from "../auth/auth";
import { toHeaders } from "../auth/session";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { clearRateLimit, hitRateLimit, peekRateLimit } from "../db/queries/rate-limits";
import { AppError } from "../errors";

export interface AuthLimits {
  /** Failed sign-ins allowed per client IP, and per account, in one window. */
  signInFailuresPerIp: number;
  signInFailuresPerAccount: number;
  /** Sign-ups and reset requests allowed per client IP in one window. */
  requestsPerIp: number;
  windowSeconds: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInFailuresPerIp: 30,
  signInFailuresPerAccount: 10,
  requestsPerIp: 20,
  windowSeconds: 15 * 60,
};

const TOO_MANY = "Too many attempts. Please wait 15 minutes and try again.";

/** Serves better-auth's routes under /api/auth, with our rate limits in front of the sensitive ones. */
export function registerAuthBridge(
  app: FastifyInstance,
  deps: { auth: Auth; config: Config; db: Db; limits: AuthLimits },
) {
  const { auth, config, db, limits } = deps;

  /** Asks better-auth to answer this request (nothing is sent yet). */
  async function callAuth(request: FastifyRequest): Promise<Response> {
    const headers = toHeaders(request);
    headers.set(CLIENT_IP_HEADER, request.ip);
    const hasBody = request.body !== undefined && request.method !== "GET" && request.method !== "HEAD";
    if (hasBody) headers.set("content-type", "application/json");
    headers.delete("content-length");
    return auth.handler(
      new Request(new URL(request.url, config.publicUrl), {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
  }

  async function send(reply: FastifyReply, response: Response) {
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header("set-cookie", cookies);
    return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
  }

  const forward = async (request: FastifyRequest, reply: FastifyReply) =>
    send(reply, await callAuth(request));

  const ipKey = (kind: string, request: FastifyRequest) => `${kind}:ip:${request.ip}`;
  const emailOf = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === "string" ? email.trim().toLowerCase() : "";
  };

  async function countRequest(kind: string, request: FastifyRequest) {
    const count = await hitRateLimit(db, ipKey(kind, request), limits.windowSeconds);
    if (count > limits.requestsPerIp) throw new AppError("too_many_requests", TOO_MANY);
  }

  app.post("/api/auth/sign-in/email", async (request, reply) => {
    const email = emailOf(request);
    const accountKey = `signin:acct:${email}`;
    const ipFailures = `signin-fail:ip:${request.ip}`;
    // Peek at the failure counters without counting this attempt (count 0 means "just read").
    const [ipCount, accountCount] = await Promise.all([
      peekRateLimit(db, ipFailures, limits.windowSeconds),
      peekRateLimit(db, accountKey, limits.windowSeconds),
    ]);
    if (ipCount >= limits.signInFailuresPerIp || accountCount >= limits.signInFailuresPerAccount) {
      throw new AppError("too_many_requests", TOO_MANY);
    }
    const response = await callAuth(request);
    // Count before answering, so the next attempt always sees this one.
    if (response.status >= 400 && response.status !== 403) {
      await Promise.all([
        hitRateLimit(db, ipFailures, limits.windowSeconds),
        email ? hitRateLimit(db, accountKey, limits.windowSeconds) : undefined,
      ]);
    } else if (response.status < 300 && email) {
      await clearRateLimit(db, accountKey);
    }
    return send(reply, response);
  });

  app.post("/api/auth/sign-up/email", async (request, reply) => {
    await countRequest("signup", request);
    return forward(request, reply);
  });

  app.post("/api/auth/request-password-reset", async (request, reply) => {
    await countRequest("reset", request);
    return forward(request, reply);
  });

  app.route({ method: ["GET", "POST"], url: "/api/auth/*", handler: forward });
}
