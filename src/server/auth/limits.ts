import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { APIError } from "better-auth/api";
import type { Db } from "../db/client";
import { clearRateLimit, hitRateLimit, unhitRateLimit } from "../db/queries/rate-limits";
import { isFamiliarSignInAddress, rememberSignInAddress } from "../db/queries/sign-in-addresses";

/**
 * Limits on the auth endpoints (see docs/decisions/0001-accounts.md). They run in better-auth's
 * hooks, on the endpoint its router resolved, so no spelling of a path gets around them.
 */
export interface AuthLimits {
  /** Failed sign-ins allowed for one account from one client IP in one window. */
  signInFailuresPerAccountAndIp: number;
  /** Failed sign-ins allowed from one client IP, whatever the accounts, in one window. */
  signInFailuresPerIp: number;
  /**
   * Failed sign-ins allowed for one account from addresses it has never signed in from, in one
   * account window. Addresses the owner signed in from before are not held back by this one.
   */
  signInFailuresPerAccount: number;
  /** Sign-ups and mails (reset, confirmation) asked for per client IP in one window. */
  requestsPerIp: number;
  /** Reset mails asked for one e-mail address in one window (whether or not it has an account). */
  resetMailsPerAddress: number;
  windowSeconds: number;
  accountWindowSeconds: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInFailuresPerAccountAndIp: 10,
  signInFailuresPerIp: 30,
  signInFailuresPerAccount: 20,
  requestsPerIp: 20,
  resetMailsPerAddress: 5,
  windowSeconds: 15 * 60,
  accountWindowSeconds: 60 * 60,
};

/** How long an address the owner signed in from counts as theirs. */
const FAMILIAR_ADDRESS_DAYS = 90;

export const TOO_MANY = "Too many attempts. Please wait 15 minutes and try again.";

function tooMany(): APIError {
  return new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_REQUESTS", message: TOO_MANY });
}

/** The e-mail a limit is keyed on (capped: it is checked only after the hooks run). */
export function normalEmail(value: unknown): string {
  return typeof value === "string" ? value.trim().toLowerCase().slice(0, 320) : "";
}

/**
 * A device the owner signed in from (OWASP's "device cookie"): set at each successful sign-in,
 * it lets that browser past the address's limits, so strangers behind the same office NAT cannot
 * lock the owner out. It has a failure limit of its own, so a stolen cookie guesses no faster.
 */
export const DEVICE_COOKIE = "bahi.device";
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** A fresh device token for an account: `<nonce>.<HMAC of the e-mail and the nonce>`. */
export function deviceToken(secret: string, email: string, nonce = randomBytes(16).toString("base64url")) {
  return `${nonce}.${deviceSignature(secret, email, nonce)}`;
}

/** The token's nonce when it was made by this server for this e-mail, else undefined. */
export function deviceNonce(secret: string, email: string, token: string | undefined): string | undefined {
  if (!token || !email) return undefined;
  const dot = token.indexOf(".");
  if (dot < 1) return undefined;
  const nonce = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(deviceSignature(secret, email, nonce));
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}

function deviceSignature(secret: string, email: string, nonce: string): string {
  return createHmac("sha256", secret).update(`bahi-device\0${email}\0${nonce}`).digest("base64url");
}

/** Counters of one sign-in attempt; counted before the password is checked. */
interface SignInAttempt {
  keys: string[];
  /** The counter a right password clears (the others only take the attempt back). */
  clearedKey: string;
  email: string;
  ip: string;
}

export function createAuthLimiter(db: Db, limits: AuthLimits) {
  const familiarSince = () => new Date(Date.now() - FAMILIAR_ADDRESS_DAYS * 24 * 60 * 60 * 1000);

  return {
    /** Sign-ups and mail requests: per client IP; reset mails also per address. */
    async countRequest(kind: "signup" | "reset" | "confirm", ip: string, email: string) {
      const ipCount = await hitRateLimit(db, `${kind}:ip:${ip}`, limits.windowSeconds);
      if (ipCount > limits.requestsPerIp) throw tooMany();
      if (kind === "reset" && email) {
        const perAddress = await hitRateLimit(db, `reset:acct:${email}`, limits.windowSeconds);
        if (perAddress > limits.resetMailsPerAddress) throw tooMany();
      }
    },

    /**
     * Counts a sign-in attempt as failed before its password is checked (one atomic upsert per
     * counter), so concurrent attempts cannot all pass a check made before any of them counted.
     */
    async beginSignIn(email: string, ip: string, knownDevice?: string): Promise<SignInAttempt> {
      // A device the owner signed in from meets only its own counter, never the address's.
      if (knownDevice) {
        const deviceKey = `signin:device:${knownDevice}`;
        const count = await hitRateLimit(db, deviceKey, limits.windowSeconds);
        if (count > limits.signInFailuresPerAccountAndIp) throw tooMany();
        return { keys: [deviceKey], clearedKey: deviceKey, email, ip };
      }
      const accountIpKey = `signin:acct-ip:${email}:${ip}`;
      const ipKey = `signin:ip:${ip}`;
      const accountKey = `signin:acct:${email}`;
      const familiar = email ? await isFamiliarSignInAddress(db, email, ip, familiarSince()) : false;
      const checks: Array<[string, number, number]> = [
        [ipKey, limits.signInFailuresPerIp, limits.windowSeconds],
      ];
      if (email) {
        checks.push([accountIpKey, limits.signInFailuresPerAccountAndIp, limits.windowSeconds]);
        if (!familiar)
          checks.push([accountKey, limits.signInFailuresPerAccount, limits.accountWindowSeconds]);
      }
      // One transaction, counters in one global order: the first counter's row lock queues
      // concurrent attempts, so each attempt has the same place in every counter and exactly the
      // limit's number of attempts passes them all.
      checks.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const counts = await db.transaction(async (tx) => {
        const hits: number[] = [];
        for (const [key, , window] of checks) hits.push(await hitRateLimit(tx, key, window));
        return hits;
      });
      if (counts.some((count, i) => count > checks[i][1])) throw tooMany();
      return { keys: checks.map(([key]) => key), clearedKey: accountIpKey, email, ip };
    },

    /** The password was right: take this attempt back, and remember the address as the owner's. */
    async signInSucceeded(attempt: SignInAttempt, userId: string | undefined) {
      await Promise.all(
        attempt.keys.map((key) =>
          key === attempt.clearedKey ? clearRateLimit(db, key) : unhitRateLimit(db, key),
        ),
      );
      if (userId) await rememberSignInAddress(db, userId, attempt.ip);
    },
  };
}

export type AuthLimiter = ReturnType<typeof createAuthLimiter>;
