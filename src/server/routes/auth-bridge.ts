import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Auth, CLIENT_IP_HEADER } from "../auth/auth";
import { toHeaders } from "../auth/session";
import type { Config } from "../config";
import { isDatabaseUnavailable } from "../db/unavailable";
import { requestContext } from "../logger";

export { type AuthLimits, DEFAULT_AUTH_LIMITS } from "../auth/limits";

export const AUTH_BODY_LIMIT = 16 * 1024;

/**
 * Serves better-auth's routes under /api/auth. The rate limits run inside better-auth's hooks
 * (auth/limits.ts), on the endpoint its router resolved, so every spelling of a path meets them.
 */
export function registerAuthBridge(app: FastifyInstance, deps: { auth: Auth; config: Config }) {
  const { auth, config } = deps;
  /** Asks better-auth to answer this request (nothing is sent yet). */
  async function callAuth(request: FastifyRequest): Promise<Response> {
    const headers = toHeaders(request);
    headers.set(CLIENT_IP_HEADER, request.ip);
    const hasBody = request.body !== undefined && request.method !== "GET" && request.method !== "HEAD";
    if (hasBody) headers.set("content-type", "application/json");
    headers.delete("content-length");
    const response = await auth.handler(
      new Request(new URL(request.url, config.publicUrl), {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
    const failure = requestContext.getStore()?.failure;
    if (response.status >= 500 && isDatabaseUnavailable(failure)) throw failure;
    return response;
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

  // Strangers may post here (sign-up, sign-in, reset), so bodies stay small: the largest real one
  // is a sign-up of a few hundred bytes.
  app.route({ method: ["GET", "POST"], url: "/api/auth/*", bodyLimit: AUTH_BODY_LIMIT, handler: forward });
}
