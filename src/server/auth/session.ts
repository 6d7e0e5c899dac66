import type { FastifyRequest } from "fastify";
import type { BusinessRole } from "#domain/businesses";
import { noteActor } from "../activity-actor";
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

/** Who acts and for which business: what every route about a business's data filters by. */
export interface RequestBusiness {
  user: SessionUser;
  businessId: string;
  role: BusinessRole;
}

/**
 * The request's business (decision 0072): its session's current business (a membership, checked
 * in the session's own query) or its API key's business; a 401 signed out. Every route about a
 * business's data starts here and filters by `businessId` exactly as it filtered by the user.
 */
export async function requireBusiness(auth: Auth, request: FastifyRequest): Promise<RequestBusiness> {
  const user = await requireUser(auth, request);
  if (!user.businessId || !user.role) {
    throw new AppError("no_business", "This account has no business yet. Create one to continue.");
  }
  // The activity log's actor for this request: its API key, or its member.
  noteActor(
    request.apiKeyId
      ? { kind: "api_key", id: request.apiKeyId, name: "API key" }
      : { kind: "member", id: user.id, name: user.name || user.email },
  );
  return { user, businessId: user.businessId, role: user.role };
}
