import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Logger } from "pino";
import type { BusinessRole } from "#domain/businesses";
import { PASSWORD_MESSAGES } from "#domain/messages";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from "#domain/validation";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { findPerson, findSessionUser, userIdByEmail } from "../db/queries/account";
import * as schema from "../db/schema";
import { noteRequestFailure } from "../logger";
import type { Mailer } from "../services/mail";
import { isCommonPassword } from "./common-passwords";
import {
  type AuthLimits,
  createAuthLimiter,
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE,
  deviceNonce,
  deviceToken,
  normalEmail,
} from "./limits";
import { resetPasswordMail, verificationMail } from "./mails";

/** Header our server sets from Fastify's idea of the client IP (never from the client). */
export const CLIENT_IP_HEADER = "x-bahi-client-ip";
export const SESSION_COOKIE_PREFIX = "bahi";
/**
 * Changes whenever a session's business does (decision 0079). It proves nothing and grants
 * nothing: it is part of the session cache's key only, so that after a switch the next request,
 * on whichever instance, misses the cache and reads the session's business from the database.
 */
export const BUSINESS_MARK_COOKIE = "bahi_business_mark";
export const RESET_TOKEN_SECONDS = 60 * 60;

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  limits: AuthLimits;
  /** Called once for every new account (credits grant, default settings). */
  onUserCreated?: (user: { id: string; email: string; name: string }) => Promise<void>;
  /** Called before an account is deleted (the sign-up grant's record outlives it). */
  onUserDeleting?: (user: { id: string; email: string }) => Promise<void>;
  /** Called after every new session (a sign-in): an account whose sign-up grant is missing gets it. */
  onSignedIn?: (user: { id: string; email: string; name: string }) => Promise<void>;
  /** Tests only: a cheaper password hash (the default is better-auth's scrypt, N = 16384). */
  passwordHashing?: PasswordHashing;
}

/** How passwords are hashed and checked (better-auth's `emailAndPassword.password`). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

export function createAuth({
  config,
  db,
  mailer,
  logger,
  limits,
  onUserCreated,
  onUserDeleting,
  onSignedIn,
  passwordHashing,
}: AuthDeps) {
  /** token -> user id, between the before and after hooks of one reset request. */
  const pendingResets = new Map<string, string>();
  const limiter = createAuthLimiter(db, limits);
  /** A sign-in's counted attempt, between its before and after hooks (keyed by the request). */
  const signIns = new WeakMap<object, Awaited<ReturnType<typeof limiter.beginSignIn>>>();
  /** Mails sent after the answer (so a reset answers as fast for a known address as for an unknown one). */
  const mailsInFlight = new Set<Promise<void>>();
  const sendLater = (send: Promise<void>) => {
    const tracked = send
      .catch((error) => logger.error({ err: error }, "mail could not be sent"))
      .finally(() => mailsInFlight.delete(tracked));
    mailsInFlight.add(tracked);
  };
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
        // Some routes (get-session) catch a failure, log it and answer a bare 500.
        const error = args.find((arg) => arg instanceof Error);
        if (level === "error" && error) noteRequestFailure(error);
        const fn = level === "error" ? logger.error : level === "warn" ? logger.warn : logger.debug;
        fn.call(logger, { args: args.length ? String(args[0]) : undefined }, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
    // better-auth answers its own failures with a bare 500; the cause is kept for the bridge,
    // which answers 503 when it is the database that is unavailable.
    onAPIError: {
      onError: (error) => {
        if (isAPIError(error)) return;
        noteRequestFailure(error);
        logger.error({ err: error }, "auth: request failed");
      },
    },
    // Our own limiter (auth/limits.ts, run in the hooks below) keeps one mechanism, shared
    // through the database.
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
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      revokeSessionsOnPasswordReset: true,
      // Not awaited: the answer must not wait for SMTP, or its timing tells known addresses apart.
      sendResetPassword: async ({ user, url }) => {
        sendLater(mailer.send(resetPasswordMail(user.email, url)));
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
            await onUserCreated?.({ id: user.id, email: user.email, name: user.name });
          },
        },
        delete: {
          before: async (user) => {
            await onUserDeleting?.({ id: user.id, email: user.email });
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            // The sign-in itself stands even if this fails; the first download tries again.
            await findPerson(db, session.userId)
              .then((person) => person && onSignedIn?.(person))
              .catch((error) =>
                logger.error({ err: error }, "sign-up credits could not be checked at sign-in"),
              );
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // ctx.path is the endpoint better-auth resolved, however the request spelled its path.
        const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
        if (ctx.path === "/sign-in/email") {
          const email = normalEmail(body.email);
          const device = deviceNonce(
            config.authSecret,
            email,
            readCookie(ctx.headers?.get("cookie") ?? undefined, DEVICE_COOKIE),
          );
          signIns.set(ctx.request ?? body, await limiter.beginSignIn(email, ip, device));
        }
        if (ctx.path === "/sign-up/email") await limiter.countRequest("signup", ip, "");
        if (ctx.path === "/request-password-reset") {
          await limiter.countRequest("reset", ip, normalEmail(body.email));
        }
        if (ctx.path === "/send-verification-email") await limiter.countRequest("confirm", ip, "");
        if (ctx.path === "/sign-up/email") {
          await rejectWeakPassword(body.password);
          const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
          // The spec asks for 'Email Already Registered' with sign-in and reset links.
          if (await userIdByEmail(db, email)) {
            throw new APIError("UNPROCESSABLE_ENTITY", {
              code: "USER_ALREADY_EXISTS",
              message: "User already registered",
            });
          }
        }
        if (ctx.path === "/reset-password") await rejectWeakPassword(body.newPassword);
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
          await rejectWeakPassword(body.newPassword);
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
        if (ctx.path === "/sign-in/email") {
          const key = ctx.request ?? ctx.body;
          const attempt = key ? signIns.get(key) : undefined;
          if (key) signIns.delete(key);
          const returned = ctx.context.returned;
          // 403 is a right password on an unconfirmed account: not a guess either.
          const status = returned instanceof APIError ? returned.statusCode : 200;
          if (attempt && (status === 200 || status === 403)) {
            await limiter.signInSucceeded(
              attempt,
              status === 200 ? ctx.context.newSession?.user.id : undefined,
            );
          }
          if (attempt?.email && status === 200 && ctx.context.newSession) {
            // This browser is now a known device of the account (a fresh nonce at each sign-in).
            ctx.setCookie(DEVICE_COOKIE, deviceToken(config.authSecret, attempt.email), {
              httpOnly: true,
              sameSite: "lax",
              secure: config.secureCookies,
              path: "/api/auth",
              maxAge: DEVICE_COOKIE_MAX_AGE,
            });
          }
          return;
        }
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
  return Object.assign(auth, {
    findSessionUser: sessionUserFinder(auth, db, config.authSecret),
    /**
     * The Set-Cookie of a new business mark, for an answer that changed the session's business
     * (switch, joining, leaving): every instance's session cache misses on the next request.
     */
    businessMarkCookie: () =>
      `${BUSINESS_MARK_COOKIE}=${randomUUID()}; Path=/; HttpOnly; SameSite=Lax${config.secureCookies ? "; Secure" : ""}`,
    /** Resolves once every mail sent after its answer has gone (or failed and been logged). */
    mailsSent: async () => {
      while (mailsInFlight.size) await Promise.all(mailsInFlight);
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

async function rejectWeakPassword(password: unknown) {
  if (typeof password !== "string") return;
  const problem =
    passwordProblem(password) ?? ((await isCommonPassword(password)) ? PASSWORD_MESSAGES.tooCommon : null);
  if (problem) throw new APIError("BAD_REQUEST", { code: "WEAK_PASSWORD", message: problem });
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** The business the request works in (its session's current one, or its API key's); null: none. */
  businessId: string | null;
  /** The person's role in that business. */
  role: BusinessRole | null;
  /** The session row's id (null for an API key): what switching business changes. */
  sessionId: string | null;
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
  // Known once better-auth has started: read as a plain value then, not awaited on every request.
  let knownCookieName: string | undefined;
  const cookieName = auth.$context.then((ctx) => {
    knownCookieName = ctx.authCookies.sessionToken.name;
    return knownCookieName;
  });
  // Every API request checks its session: a signed token seen in the last few seconds is not
  // looked up again (docs/decisions/0014-api-speed.md). Any change through /api/auth/* or to the
  // account empties the cache (forgetSessions); another instance sees a sign-out within SESSION_CACHE_MS.
  const cache = new Map<string, { user: SessionUser; until: number }>();
  /** The cookie's signed value, decoded (undefined without one, or when it does not decode). */
  const signedValue = (cookieHeader: string | undefined, name: string) => {
    const raw = readCookie(cookieHeader, name);
    if (!raw) return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  };
  /**
   * The user of a session checked in the last few seconds, without a promise: the request guard
   * answers most requests from here synchronously (decision 0073). Undefined: ask `find`.
   */
  const cached = (cookieHeader: string | undefined): SessionUser | undefined => {
    if (knownCookieName === undefined) return undefined;
    const value = signedValue(cookieHeader, knownCookieName);
    const entry = value === undefined ? undefined : cache.get(cacheKey(value, cookieHeader));
    return entry && entry.until > Date.now() ? entry.user : undefined;
  };
  /** The signed session and the business mark: a switch on another instance changes the key. */
  const cacheKey = (value: string, cookieHeader: string | undefined) =>
    `${value}|${readCookie(cookieHeader, BUSINESS_MARK_COOKIE) ?? ""}`;
  const find = async (cookieHeader: string | undefined): Promise<SessionUser | null> => {
    const value = signedValue(cookieHeader, knownCookieName ?? (await cookieName));
    if (value === undefined) return null;
    // Cached by the whole signed value: an entry is only ever made after its signature was checked,
    // so a hit needs no HMAC again (~6 µs a request).
    const now = Date.now();
    const key = cacheKey(value, cookieHeader);
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.user;
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const generation = forgets;
    const row = await findSessionUser(db, token, new Date(now));
    if (!row) {
      cache.delete(key);
      return null;
    }
    const { expiresAt, ...user } = row;
    // A lookup that started before a forget (a sign-out answered meanwhile) may have read the
    // session before it was deleted: it answers this request, but is not kept.
    if (generation !== forgets) return user;
    if (cache.size >= SESSION_CACHE_ENTRIES) cache.clear();
    cache.set(key, { user, until: Math.min(now + SESSION_CACHE_MS, expiresAt.getTime()) });
    return user;
  };
  let forgets = 0;
  const forget = () => {
    forgets++;
    cache.clear();
  };
  return Object.assign(find, { forget, cached });
}

/** How long a checked session is trusted without asking the database again, and how many are kept. */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_ENTRIES = 10_000;

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
