import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/client";
import { findApiKeyOwner, touchApiKey } from "../db/queries/api-keys";
import type { SessionUser } from "./auth";

// API keys (issue 16 part 4; docs/decisions/0025-api-keys.md). A key is "bahi_sk_" and 43
// base64url characters (256 random bits): the prefix lets secret scanners recognise a leaked
// Bahi key. Only its SHA-256 is stored.

export const API_KEY_PREFIX = "bahi_sk_";
const KEY_SHAPE = /^bahi_sk_[A-Za-z0-9_-]{43}$/;
/** A key checked in the last few seconds is not looked up again (as sessions: decision 0014). */
export const API_KEY_CACHE_MS = 5_000;
/** Requests per key per minute on one process. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
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

export function apiKeyAuthenticator(db: Db, now: () => number = Date.now) {
  const cache = new Map<string, { holder: KeyHolder | null; until: number }>();
  const windows = new Map<string, { start: number; count: number }>();
  const touched = new Map<string, number>();

  async function find(key: string): Promise<KeyHolder | null> {
    if (!KEY_SHAPE.test(key)) return null;
    const hash = hashApiKey(key);
    const at = now();
    const cached = cache.get(hash);
    if (cached && cached.until > at) return cached.holder;
    const row = await findApiKeyOwner(db, hash);
    const holder = row ? { keyId: row.keyId, scope: row.scope, user: row.user } : null;
    if (cache.size >= 10_000) cache.clear();
    cache.set(hash, { holder, until: at + API_KEY_CACHE_MS });
    return holder;
  }

  return {
    find,
    /** Within this minute's allowance for the key (per process). */
    allow(keyId: string): boolean {
      const at = now();
      const window = windows.get(keyId);
      if (!window || at - window.start >= 60_000) {
        if (windows.size >= 10_000) windows.clear();
        windows.set(keyId, { start: at, count: 1 });
        return true;
      }
      window.count++;
      return window.count <= API_KEY_REQUESTS_PER_MINUTE;
    },
    /** Notes the key's use, at most once a minute per process; never delays the request. */
    touch(keyId: string): Promise<void> {
      const at = now();
      if ((touched.get(keyId) ?? 0) + TOUCH_EVERY_MS > at) return Promise.resolve();
      if (touched.size >= 10_000) touched.clear();
      touched.set(keyId, at);
      return touchApiKey(db, keyId, new Date(at));
    },
    /** A revoked key stops at once on this process (others within API_KEY_CACHE_MS). */
    forgetAll(): void {
      cache.clear();
    },
  };
}

export type ApiKeyAuthenticator = ReturnType<typeof apiKeyAuthenticator>;
