import { createHmac, timingSafeEqual } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { and, eq, gt } from "drizzle-orm";
import type { Logger } from "pino";
import { passwordProblem } from "../../domain/validation";
import type { Config } from "../config";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Mailer } from "../services/mail";
import { resetPasswordMail, verificationMail } from "./mails";

/** Header our server sets from Fastify's idea of the client IP (never from the client). */
export const CLIENT_IP_HEADER = "x-bahi-client-ip";
export const SESSION_COOKIE_PREFIX = "bahi";
export const RESET_TOKEN_SECONDS = 60 * 60;

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Called once for every new account (credits grant, default settings). */
  onUserCreated?: (userId: string) => Promise<void>;
}

export function createAuth({ config, db, mailer, logger, onUserCreated }: AuthDeps) {
  /** token -> user id, between the before and after hooks of one reset request. */
  const pendingResets = new Map<string, string>();
  const origins = [config.publicUrl, ...config.extraOrigins];
  const auth = betterAuth({
    appName: "Bahi",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: origins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    logger: {
      log: (level, message, ...args) => {
        const fn = level === "error" ? logger.error : level === "warn" ? logger.warn : logger.debug;
        fn.call(logger, { args: args.length ? String(args[0]) : undefined }, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
    // Our own limiter (see routes/auth.ts) keeps one mechanism, shared through the database.
    rateLimit: { enabled: false },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // My Account can delete the account; every table of the user's data cascades from `user`.
    user: { deleteUser: { enabled: true } },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(resetPasswordMail(user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A user whose link expired or got lost gets a fresh one by trying to sign in (after the
      // password check, so only the owner can ask).
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationMail(user.email, user.name, url));
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await onUserCreated?.(user.id);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === "/sign-up/email") {
          rejectWeakPassword(body.password);
          const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
          // The spec asks for 'Email Already Registered' with sign-in and reset links.
          const [existing] = await db
            .select({ id: schema.user.id })
            .from(schema.user)
            .where(eq(schema.user.email, email));
          if (existing) {
            throw new APIError("UNPROCESSABLE_ENTITY", {
              code: "USER_ALREADY_EXISTS",
              message: "User already registered",
            });
          }
        }
        if (ctx.path === "/reset-password") rejectWeakPassword(body.newPassword);
        if (ctx.path === "/delete-user" && typeof body.password !== "string") {
          // An account with a password must confirm with it (Google-only accounts need a fresh session).
          const session = await getSessionFromCtx(ctx);
          const credential = session
            ? await ctx.context.internalAdapter.findCredentialAccount(session.user.id)
            : null;
          if (credential?.password) {
            throw new APIError("BAD_REQUEST", {
              code: "PASSWORD_REQUIRED",
              message: "Enter your password to delete your account.",
            });
          }
        }
        if (ctx.path === "/change-password") {
          rejectWeakPassword(body.newPassword);
          // Changing the password always ends the user's other sessions.
          body.revokeOtherSessions = true;
        }
        if (ctx.path === "/reset-password" && typeof body.token === "string") {
          // Remember whose token this is, so the user is signed in once the reset succeeds.
          const found = await ctx.context.internalAdapter.findVerificationValue(
            `reset-password:${body.token}`,
          );
          if (found && found.expiresAt > new Date()) pendingResets.set(body.token, found.value);
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/reset-password") return;
        const token = (ctx.body as { token?: unknown } | undefined)?.token;
        const userId = typeof token === "string" ? pendingResets.get(token) : undefined;
        if (typeof token === "string") pendingResets.delete(token);
        if (!userId) return;
        const returned = ctx.context.returned;
        if (returned instanceof Error || (returned as { status?: boolean } | undefined)?.status !== true)
          return;
        const user = await ctx.context.internalAdapter.findUserById(userId);
        if (!user) return;
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
      }),
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: "google",
                name: "Google",
                discoveryUrl: config.google.discoveryUrl,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
  return Object.assign(auth, { findSessionUser: sessionUserFinder(auth, db, config.authSecret) });
}

export type Auth = ReturnType<typeof createAuth>;

function rejectWeakPassword(password: unknown) {
  if (typeof password !== "string") return;
  const problem = passwordProblem(password);
  if (problem) throw new APIError("BAD_REQUEST", { code: "WEAK_PASSWORD", message: problem });
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/**
 * The user behind a request's session cookie, in one indexed query. better-auth's own getSession
 * costs about 1.6 ms per call (async WebCrypto, two queries); every API request pays this, so we
 * check the cookie the same way it does (HMAC-SHA256 of the token with the secret, base64) and read
 * session and user together. Signed out, revoked and expired sessions are gone from (or expired in)
 * the table, so they fail here exactly as they do there. better-auth still issues, refreshes and
 * revokes sessions.
 */
function sessionUserFinder(
  auth: { $context: Promise<{ authCookies: { sessionToken: { name: string } } }> },
  db: Db,
  secret: string,
) {
  const cookieName = auth.$context.then((ctx) => ctx.authCookies.sessionToken.name);
  return async (cookieHeader: string | undefined): Promise<SessionUser | null> => {
    const raw = readCookie(cookieHeader, await cookieName);
    if (!raw) return null;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [row] = await db
      .select({
        id: schema.user.id,
        email: schema.user.email,
        name: schema.user.name,
        emailVerified: schema.user.emailVerified,
      })
      .from(schema.session)
      .innerJoin(schema.user, eq(schema.session.userId, schema.user.id))
      .where(and(eq(schema.session.token, token), gt(schema.session.expiresAt, new Date())));
    return row ?? null;
  };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
