import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireBusiness, requireUser } from "../auth/session";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Mailer } from "../services/mail";
import {
  acceptInvitation,
  changeMemberRole,
  inviteMember,
  previewInvitation,
  readMembers,
  removeMember,
  resendInvitation,
  withdrawInvitation,
} from "../services/members";
import { contractRoutes } from "./contract-route";

/**
 * Members of the current business and invitations (decision 0076). The role check (owners for all
 * but leaving and accepting) is the request guard's, from src/contract/route-actions.ts. Every
 * change of membership empties this process's session cache, so the next request sees it.
 */
export function registerMemberRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; mailer: Mailer; config: Config },
) {
  const { auth, db, mailer, config } = deps;
  const route = contractRoutes(app);
  const asker = async (request: Parameters<typeof requireBusiness>[1]) => {
    const me = await requireBusiness(auth, request);
    return { businessId: me.businessId, userId: me.user.id, name: me.user.name };
  };

  route("GET /api/members", async (request) => readMembers(db, await asker(request)));

  route("POST /api/members/invitations", async (request, reply) => {
    const made = await inviteMember(
      { db, mailer, publicUrl: config.publicUrl },
      await asker(request),
      request.body,
    );
    return reply.status(201).send(made);
  });

  route("DELETE /api/members/invitations/:id", async (request) =>
    withdrawInvitation(db, await asker(request), request.params.id),
  );

  route("POST /api/members/invitations/:id/resend", async (request) =>
    resendInvitation({ db, mailer, publicUrl: config.publicUrl }, await asker(request), request.params.id),
  );

  route("PATCH /api/members/:userId", async (request) => {
    const changed = await changeMemberRole(db, await asker(request), {
      userId: request.params.userId,
      role: request.body.role,
    });
    auth.findSessionUser.forget();
    return changed;
  });

  route("DELETE /api/members/:userId", async (request, reply) => {
    await removeMember(db, await asker(request), request.params.userId);
    auth.findSessionUser.forget();
    return reply.status(204).send();
  });

  // The session's business is no longer a membership: its next request works in the person's
  // first business left (the session query's fallback), on every instance (the new mark).
  route("POST /api/members/leave", async (request, reply) => {
    const me = await asker(request);
    await removeMember(db, me, me.userId);
    auth.findSessionUser.forget();
    return reply.header("set-cookie", auth.businessMarkCookie()).status(204).send();
  });

  route("GET /api/invitations/:token", async (request) => previewInvitation(db, request.params.token));

  route("POST /api/invitations/:token/accept", async (request, reply) => {
    const me = await requireUser(auth, request);
    const joined = await acceptInvitation(db, me, request.params.token);
    auth.findSessionUser.forget();
    reply.header("set-cookie", auth.businessMarkCookie());
    return joined;
  });
}
