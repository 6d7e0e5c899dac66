import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import {
  describeEachDb,
  post,
  send,
  signUpAndSignIn,
  statusCounts,
  twoAppsForSuite,
} from "../testing/harness";

// API keys on two instances of Bahi sharing one database, as two processes or machines do: the
// limits, a revocation and a deleted account hold on both at once. On PGlite (one process only)
// the "other" instance is the same one.

// Small limits, so a slow machine sends them all well within one minute.
const PER_KEY = 40;
const PER_USER = 60;
const FAILURES = 20;
const ENV = {
  API_KEY_REQUESTS_PER_MINUTE: String(PER_KEY),
  API_USER_REQUESTS_PER_MINUTE: String(PER_USER),
  API_KEY_FAILURES_PER_MINUTE: String(FAILURES),
};

type Method = "GET" | "POST" | "DELETE";

function withKey(app: FastifyInstance, method: Method, url: string, key: string, address = "127.0.0.1") {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    remoteAddress: address,
    ...(method === "POST" ? { payload: { name: `Client ${Math.random()}` } } : {}),
  });
}

describeEachDb("API keys across instances", (kind) => {
  const [a, b] = twoAppsForSuite(kind, ENV);

  async function keyFor(cookie: string) {
    const res = await post(a.app, "/api/api-keys", { name: "Sheets", scope: "read_write" }, cookie);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; key: string };
  }

  it("counts a key's requests across instances: 40 of 60 a minute, then 429 with Retry-After", async () => {
    const s = await signUpAndSignIn(a);
    const { key } = await keyFor(s.cookie);
    const answers = [];
    // 2 rounds of 30 at once, half on each instance.
    for (let round = 0; round < 2; round++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 30 }, (_, i) => withKey(i % 2 ? b.app : a.app, "GET", "/api/dashboard", key)),
        )),
      );
    }
    expect(statusCounts(answers)).toEqual({
      200: PER_KEY,
      429: 60 - PER_KEY,
    });
    const ok = answers.find((r) => r.statusCode === 200)!;
    expect(ok.headers["x-ratelimit-limit"]).toBe(String(PER_KEY));
    expect(Number(ok.headers["x-ratelimit-remaining"])).toBeGreaterThanOrEqual(0);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
    expect(refused.json().error.message).toContain("this API key");
  });

  it("counts the user's keys together: 60 a minute whatever keys they use", async () => {
    const s = await signUpAndSignIn(a);
    const keys = await Promise.all([keyFor(s.cookie), keyFor(s.cookie), keyFor(s.cookie)]);
    const answers = [];
    for (let round = 0; round < 3; round++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            withKey(i % 2 ? b.app : a.app, "GET", "/api/dashboard", keys[i % 3]!.key),
          ),
        )),
      );
    }
    expect(statusCounts(answers)).toEqual({
      200: PER_USER,
      429: 90 - PER_USER,
    });
  });

  it("takes 20 failed keys a minute from one address, then refuses every key from it", async () => {
    const s = await signUpAndSignIn(a);
    const { key } = await keyFor(s.cookie);
    const guesser = "203.0.113.77";
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        withKey(
          i % 2 ? b.app : a.app,
          "GET",
          "/api/clients",
          `bahi_sk_${String(i).padStart(43, "x")}`,
          guesser,
        ),
      ),
    );
    expect(statusCounts(guesses)).toEqual({
      401: FAILURES,
      429: 30 - FAILURES,
    });
    const refused = guesses.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().error.message).toContain("invalid API keys from this address");
    // A right key from that address waits out the minute too (a guess there must tell nothing) ...
    expect((await withKey(b.app, "GET", "/api/clients", key, guesser)).statusCode).toBe(429);
    // ... while the same key from anywhere else works.
    expect((await withKey(b.app, "GET", "/api/clients", key, "203.0.113.78")).statusCode).toBe(200);
  });

  it("stops a revoked key on the other instance at once, reads and writes", async () => {
    const s = await signUpAndSignIn(a);
    const { id, key } = await keyFor(s.cookie);
    expect((await withKey(b.app, "GET", "/api/clients", key)).statusCode).toBe(200);
    expect((await withKey(b.app, "POST", "/api/clients", key)).statusCode).toBe(201);
    expect((await send(a.app, "DELETE", `/api/api-keys/${id}`, undefined, s.cookie)).statusCode).toBe(200);
    expect((await withKey(b.app, "GET", "/api/clients", key)).statusCode).toBe(401);
    expect((await withKey(b.app, "POST", "/api/clients", key)).statusCode).toBe(401);
  });

  it("stops the key of a deleted account on the other instance at once", async () => {
    const s = await signUpAndSignIn(a);
    const { key } = await keyFor(s.cookie);
    expect((await withKey(b.app, "GET", "/api/clients", key)).statusCode).toBe(200);
    const deleted = await post(a.app, "/api/auth/delete-user", { password: s.password }, s.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await withKey(b.app, "GET", "/api/clients", key)).statusCode).toBe(401);
    expect((await withKey(b.app, "POST", "/api/clients", key)).statusCode).toBe(401);
  });
});
