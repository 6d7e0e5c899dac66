import type { FastifyRequest } from "fastify";
import { AppError } from "../errors";
import type { Auth, SessionUser } from "./auth";

export type { SessionUser } from "./auth";

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  return headers;
}

/**
 * The signed-in user of this request, or a 401. Every user-data route starts here. Routes the
 * contract marks "user" were checked before their body was read (request-guards.ts); this reuses
 * that answer, and still checks on its own for any route the contract does not list.
 */
export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  if (request.sessionUser) return request.sessionUser;
  const user = await auth.findSessionUser(request.headers.cookie);
  if (!user) throw new AppError("unauthorized", "Please sign in to continue.");
  // Kept for the request's log line (its id only).
  request.sessionUser = user;
  return user;
}
