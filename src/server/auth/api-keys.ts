import { createHash, randomBytes } from "node:crypto";
import { cappedRole } from "#domain/roles";
import type { Db } from "../db/client";
import { checkApiKey, touchApiKey } from "../db/queries/api-keys";
import type { SessionUser } from "./auth";

// API keys (issue 16 part 4; docs/decisions/0025-api-keys.md). A key is "bahi_sk_" and 43
// base64url characters (256 random bits): the prefix lets secret scanners recognise a leaked
// Bahi key. Only its SHA-256 is stored.

export const API_KEY_PREFIX = "bahi_sk_";
const KEY_SHAPE = /^bahi_sk_[A-Za-z0-9_-]{43}$/;
/** API key limits a minute, counted across every process (in the database); see config.ts. */
export interface ApiLimits {
  perKey: number;
  perUser: number;
  failuresPerAddress: number;
}
const WINDOW_SECONDS = 60;
/** "Last used" is written at most this often per key and process. */
const TOUCH_EVERY_MS = 60_000;

export type ApiKeyScope = "read" | "read_write";

export interface KeyHolder {
  keyId: string;
  scope: ApiKeyScope;
  user: SessionUser;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 4), hash: hashApiKey(key) };
}

/** The key in `Authorization: Bearer <key>`, or undefined when the header is not a bearer. */
export function bearerOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}

/** The allowance a request was counted against: what the X-RateLimit-* headers say. */
export interface Allowance {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the allowance is whole again. */
  resetSeconds: number;
}

export type KeyCheckAnswer =
  | { kind: "ok"; holder: KeyHolder; allowance: Allowance }
  | { kind: "invalid" }
  /** Too many requests with this key or user, or too many failed keys from this address. */
  | { kind: "limited"; allowance: Allowance; reason: "key" | "user" | "address" };

export function apiKeyAuthenticator(db: Db, limits: ApiLimits, now: () => number = Date.now) {
  const touched = new Map<string, number>();
  const secondsLeft = (windowStart: Date, at: number) =>
    Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_SECONDS * 1000 - at) / 1000));

  return {
    /**
     * Looks the key up and counts the request, in one statement (db/queries/api-keys.ts
     * checkApiKey): no cache, so revoking a key or deleting its account holds at once everywhere.
     * Once an address has had limits.failuresPerAddress failed lookups, no key from it is
     * accepted for the rest of the minute, so a guess there tells nothing.
     */
    async check(key: string, address: string): Promise<KeyCheckAnswer> {
      if (!KEY_SHAPE.test(key)) return { kind: "invalid" };
      const at = now();
      const found = await checkApiKey(db, {
        keyHash: hashApiKey(key),
        failureKey: `apikey-fail:ip:${address}`,
        windowSeconds: WINDOW_SECONDS,
        now: new Date(at),
      });
      const failures = found.failures.count;
      const blocked = found.holder
        ? failures >= limits.failuresPerAddress
        : failures > limits.failuresPerAddress;
      if (blocked) {
        const allowance = {
          limit: limits.failuresPerAddress,
          remaining: 0,
          resetSeconds: secondsLeft(found.failures.windowStart, at),
        };
        return { kind: "limited", allowance, reason: "address" };
      }
      if (!found.holder) return { kind: "invalid" };
      // The "user" allowance counts every key of the key's business (decision 0072).
      const allowances = found.uses.map((use) => {
        const limit = use.key.startsWith("api:user:") ? limits.perUser : limits.perKey;
        return {
          reason: use.key.startsWith("api:user:") ? ("user" as const) : ("key" as const),
          allowance: {
            limit,
            remaining: Math.max(0, limit - use.count),
            resetSeconds: secondsLeft(use.windowStart, at),
          },
          over: use.count > limit,
        };
      });
      const over = allowances.find((a) => a.over);
      if (over) return { kind: "limited", allowance: over.allowance, reason: over.reason };
      // The headers tell the tighter of the two allowances.
      const tightest = allowances.reduce((a, b) => (b.allowance.remaining < a.allowance.remaining ? b : a));
      const { keyId, scope, businessId, keyRole, memberRole, user } = found.holder;
      // Never above its maker's role today (decision 0076); a key left with no role is refused.
      const role = cappedRole(keyRole, memberRole);
      if (!role) return { kind: "invalid" };
      const holder: KeyHolder = {
        keyId,
        scope,
        user: { ...user, businessId, role, sessionId: null },
      };
      return { kind: "ok", holder, allowance: tightest.allowance };
    },
    /** Notes the key's use, at most once a minute per process; never delays the request. */
    touch(keyId: string): Promise<void> {
      const at = now();
      if ((touched.get(keyId) ?? 0) + TOUCH_EVERY_MS > at) return Promise.resolve();
      if (touched.size >= 10_000) touched.clear();
      touched.set(keyId, at);
      return touchApiKey(db, keyId, new Date(at));
    },
  };
}

export type ApiKeyAuthenticator = ReturnType<typeof apiKeyAuthenticator>;
