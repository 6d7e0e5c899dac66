import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { profilePatch } from "#contract/account";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { account, user } from "../db/schema";
import { parseBody } from "./validate";

/** Profile, the public auth configuration and the recovery-link check. */
export function registerAccountRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; config: Config }) {
  const { auth, db, config } = deps;

  app.get("/api/auth-config", async () => ({ googleEnabled: Boolean(config.google) }));

  /** Tells the update-password screen whether a reset link is still good, without using it up. */
  app.get<{ Querystring: { token?: string } }>("/api/auth-recovery", async (request) => {
    const token = request.query.token ?? "";
    if (!/^[A-Za-z0-9_-]{8,200}$/.test(token)) return { valid: false };
    const ctx = await auth.$context;
    const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
    return { valid: Boolean(found && found.expiresAt > new Date()) };
  });

  app.get("/api/profile", async (request) => {
    const me = await requireUser(auth, request);
    return presentProfile(db, me.id);
  });

  app.patch("/api/profile", async (request) => {
    const me = await requireUser(auth, request);
    const { fullName } = parseBody(profilePatch, request.body);
    await db.update(user).set({ name: fullName, updatedAt: new Date() }).where(eq(user.id, me.id));
    return presentProfile(db, me.id);
  });
}

async function presentProfile(db: Db, userId: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, userId));
  const providers = await db
    .select({ providerId: account.providerId })
    .from(account)
    .where(eq(account.userId, userId));
  return {
    id: row!.id,
    email: row!.email,
    fullName: row!.name,
    createdAt: row!.createdAt.toISOString(),
    hasPassword: providers.some((p) => p.providerId === "credential"),
    providers: providers.map((p) => p.providerId),
  };
}
