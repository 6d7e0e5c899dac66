import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as wait } from "node:timers/promises";
import { eq, like } from "drizzle-orm";
import { PASSWORD_MESSAGES } from "#domain/messages";
import { type Config, ConfigError, loadConfig } from "../config";
import { creditLedger, rateLimits, user, userCredits } from "../db/schema";
import type { MailMessage } from "../services/mail";
import {
  changePassword,
  createTestApp,
  describeEachDb,
  get,
  MemoryMailer,
  post,
  signUp,
  signUpAndSignIn,
  TEST_ORIGIN,
  type TestApp,
} from "../testing/harness";
import type { AuthLimits } from "./auth-bridge";

const LIMITS: AuthLimits = {
  signInFailuresPerAccountAndIp: 3,
  signInFailuresPerIp: 1000,
  signInFailuresPerAccount: 5,
  requestsPerIp: 3,
  resetMailsPerAddress: 1000,
  windowSeconds: 900,
  accountWindowSeconds: 3600,
};

/** Spellings of one path that a router may resolve to the same endpoint. */
function spellingsOf(endpoint: string): string[] {
  const base = "/api/auth";
  const cut = endpoint.lastIndexOf("/");
  const head = cut < 0 ? "" : `${endpoint.slice(0, cut)}/`;
  const last = endpoint.slice(cut + 1);
  const spellings = [
    `${base}/${endpoint}`,
    `${base}/${head}./${last}`,
    `${base}/./${endpoint}`,
    `${base}//${endpoint}`,
    `${base}/${head}/${last}`,
    `${base}/${head}%${last.charCodeAt(0).toString(16)}${last.slice(1)}`,
    `${base}/${endpoint}/`,
    `${base}/x/../${endpoint}`,
    `${base}/${endpoint.toUpperCase()}`,
    `${base}/${endpoint.charAt(0).toUpperCase()}${endpoint.slice(1)}`,
    `${base}/${endpoint}?via=query`,
    `${base}/${endpoint.replaceAll("/", "%2F")}`,
    `${base}/${head}${last}/.`,
  ];
  return [...new Set(spellings)];
}

/**
 * POSTs over a real socket with the path exactly as written (app.inject and fetch would
 * resolve dot segments first, as most clients do, but an attacker's client need not).
 */
function rawPost(
  port: number,
  path: string,
  body: object,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(data),
          origin: TEST_ORIGIN,
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
    request.end(data);
  });
}

describeEachDb("auth limits for every spelling of a path", (kind) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // Behind one proxy, so each spelling can come from its own client address.
    t = await createTestApp(kind, { authLimits: LIMITS, env: { TRUST_PROXY: "1" } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Five requests through each spelling, each spelling from its own address. */
  async function tryEverySpelling(endpoint: string, body: (n: number) => object, net: number) {
    const seen: Array<{ url: string; statuses: number[] }> = [];
    for (const [i, url] of spellingsOf(endpoint).entries()) {
      const headers = { "x-forwarded-for": `10.${net}.${i}.1` };
      const statuses: number[] = [];
      for (let n = 0; n < 5; n++) statuses.push((await rawPost(port, url, body(i * 10 + n), headers)).status);
      seen.push({ url, statuses });
    }
    return seen;
  }

  it("holds the sign-in limit for every spelling of the path", async () => {
    const seen = await tryEverySpelling(
      "sign-in/email",
      (n) => ({ email: `spelling-${Math.floor(n / 10)}@example.com`, password: "wrong-guess-1" }),
      1,
    );
    for (const { url, statuses } of seen) {
      // A spelling either never reaches the sign-in (404) or meets its limit after 3 guesses.
      const evaluated = statuses.filter((s) => s === 401).length;
      expect({ url, evaluated }).toEqual({ url, evaluated: Math.min(evaluated, 3) });
    }
    // Spellings other than the canonical one do reach the endpoint, so the test means something.
    expect(seen.filter(({ statuses }) => statuses.includes(401)).length).toBeGreaterThan(3);
  });

  it("holds the sign-up and reset limits for every spelling of their paths", async () => {
    const signUps = await tryEverySpelling(
      "sign-up/email",
      (n) => ({ email: `new-${n}@example.com`, password: "tea-garden-88", name: "" }),
      2,
    );
    const resets = await tryEverySpelling(
      "request-password-reset",
      (n) => ({ email: `r-${n}@example.com`, redirectTo: "/update-password" }),
      3,
    );
    for (const { url, statuses } of [...signUps, ...resets]) {
      const served = statuses.filter((s) => s === 200).length;
      expect({ url, served }).toEqual({ url, served: Math.min(served, LIMITS.requestsPerIp) });
    }
    expect(signUps.filter(({ statuses }) => statuses.includes(200)).length).toBeGreaterThan(3);
    expect(resets.filter(({ statuses }) => statuses.includes(200)).length).toBeGreaterThan(2);
  });
});

function attempt(t: TestApp, url: string, payload: object, ip: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url,
    payload,
    headers: { origin: TEST_ORIGIN, ...headers },
    remoteAddress: ip,
  });
}

describeEachDb("auth limits", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // signInFailuresPerAccount doubles as the old bridge's per-account limit, so these tests run
    // unchanged against it.
    t = await createTestApp(kind, { authLimits: LIMITS });
  });
  afterAll(() => t.close());

  it("evaluates no more than the limit of 40 concurrent wrong passwords for one account", async () => {
    const limits = { ...LIMITS, signInFailuresPerAccountAndIp: 10, signInFailuresPerAccount: 10 };
    const app = await createTestApp(kind, { authLimits: limits });
    try {
      const s = await signUpAndSignIn(app);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          attempt(app, "/api/auth/sign-in/email", { email: s.email, password: "wrong-guess-1" }, "10.3.0.1"),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      const bodies = answers.filter((a) => a.statusCode !== 401 && a.statusCode !== 429).map((a) => a.body);
      expect(statuses.filter((s) => s === 401).length, `${statuses.join(" ")} ${bodies.join(" ")}`).toBe(10);
      expect(statuses.filter((s) => s === 429).length).toBe(30);
    } finally {
      await app.close();
    }
  });

  it("lets the owner sign in from their usual address while strangers are held back", async () => {
    const s = await signUpAndSignIn(t); // signs in from 127.0.0.1, the owner's usual address
    for (let i = 0; i < 30; i++) {
      await attempt(
        t,
        "/api/auth/sign-in/email",
        { email: s.email, password: `guess-${i}-x` },
        `10.4.${i}.1`,
      );
    }
    const stranger = await attempt(t, "/api/auth/sign-in/email", s, "10.4.99.1");
    expect(stranger.statusCode).toBe(429);
    const owner = await attempt(t, "/api/auth/sign-in/email", s, "127.0.0.1");
    expect(owner.statusCode).toBe(200);
    // The owner's own address still has its own limit.
    for (let i = 0; i < 3; i++) {
      await attempt(t, "/api/auth/sign-in/email", { email: s.email, password: "typo-typo-1" }, "127.0.0.1");
    }
    expect((await attempt(t, "/api/auth/sign-in/email", s, "127.0.0.1")).statusCode).toBe(429);
  });

  it("lets a device the owner signed in from through an address strangers have locked (one office NAT)", async () => {
    const office = "10.6.0.1";
    const s = await signUpAndSignIn(t);
    const other = await signUpAndSignIn(t);
    const signedIn = await attempt(t, "/api/auth/sign-in/email", s, office);
    expect(signedIn.statusCode).toBe(200);
    const setCookie = [signedIn.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("bahi.device="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    const device = { cookie: setCookie!.split(";")[0] };
    // A colleague behind the same address guesses both accounts' passwords until the address is held back.
    for (const victim of [s, other]) {
      for (let i = 0; i < LIMITS.signInFailuresPerAccountAndIp; i++) {
        await attempt(
          t,
          "/api/auth/sign-in/email",
          { email: victim.email, password: `guess-${i}-x` },
          office,
        );
      }
    }
    expect((await attempt(t, "/api/auth/sign-in/email", s, office)).statusCode).toBe(429);
    // The owner's browser, known from the earlier sign-in, is let through with the right password.
    expect((await attempt(t, "/api/auth/sign-in/email", s, office, device)).statusCode).toBe(200);
    // The cookie names its account: it opens no other account's limit, and a forged one opens none.
    expect((await attempt(t, "/api/auth/sign-in/email", other, office, device)).statusCode).toBe(429);
    const forged = { cookie: `${device.cookie.slice(0, -4)}AAAA` };
    expect((await attempt(t, "/api/auth/sign-in/email", s, office, forged)).statusCode).toBe(429);
    // A known device has a failure limit of its own: a stolen cookie guesses no faster.
    for (let i = 0; i < LIMITS.signInFailuresPerAccountAndIp; i++) {
      const wrong = await attempt(
        t,
        "/api/auth/sign-in/email",
        { email: s.email, password: `typo-${i}-x` },
        office,
        device,
      );
      expect(wrong.statusCode).toBe(401);
    }
    expect((await attempt(t, "/api/auth/sign-in/email", s, office, device)).statusCode).toBe(429);
  });
});

/** The IPs the sign-in limiter counted failures for. */
async function limitedIps(t: TestApp): Promise<string[]> {
  const rows = await t.database.db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(like(rateLimits.key, "signin:ip:%"));
  return rows.map((r) => r.key.slice("signin:ip:".length)).sort();
}

/**
 * Five wrong sign-ins to five accounts (`prefix`0@example.com...) from the socket address `ip`,
 * the i-th with the X-Forwarded-For `forwardedFor(i)`; answers their status codes.
 */
async function fiveWrongSignIns(t: TestApp, prefix: string, ip: string, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await attempt(
      t,
      "/api/auth/sign-in/email",
      { email: `${prefix}${i}@example.com`, password: "wrong-guess-1" },
      ip,
      { "x-forwarded-for": forwardedFor(i) },
    );
    statuses.push(res.statusCode);
  }
  return statuses;
}

describeEachDb("client IP behind a proxy", (kind) => {
  const limits = {
    ...LIMITS,
    signInFailuresPerIp: 3,
    signInFailuresPerAccountAndIp: 100,
    signInFailuresPerAccount: 100,
  };

  it("with TRUST_PROXY=1 takes the address the proxy added, whatever the client forged", async () => {
    const t = await createTestApp(kind, { env: { TRUST_PROXY: "1" }, authLimits: limits });
    try {
      const statuses = await fiveWrongSignIns(t, "p", "10.0.0.1", (i) => `198.51.100.${i}, 203.0.113.7`);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      expect(await limitedIps(t)).toEqual(["203.0.113.7"]);
      const otherClient = await attempt(
        t,
        "/api/auth/sign-in/email",
        { email: "p9@example.com", password: "wrong-guess-1" },
        "10.0.0.1",
        { "x-forwarded-for": "203.0.113.8" },
      );
      expect(otherClient.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it("without TRUST_PROXY ignores X-Forwarded-For", async () => {
    const t = await createTestApp(kind, { authLimits: limits });
    try {
      const statuses = await fiveWrongSignIns(t, "q", "203.0.113.9", (i) => `198.51.100.${i}`);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      expect(await limitedIps(t)).toEqual(["203.0.113.9"]);
    } finally {
      await t.close();
    }
  });
});

describe("TRUST_PROXY", () => {
  const trust = (value: string): Config["trustProxy"] =>
    loadConfig({ DATA_DIR: "/tmp/bahi-config-test", AUTH_SECRET: "x".repeat(32), TRUST_PROXY: value })
      .trustProxy;

  it("takes a number of hops or proxy addresses, never 'trust everything'", () => {
    expect(trust("")).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("1")).toBe(1);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.1, 10.0.0.0/8,::1")).toEqual(["10.0.0.1", "10.0.0.0/8", "::1"]);
    expect(() => trust("true")).toThrow(ConfigError);
    expect(() => trust("true")).toThrow(/TRUST_PROXY/);
    expect(() => trust("10.0.0.0/33")).toThrow(ConfigError);
    expect(() => trust("proxy.local")).toThrow(ConfigError);
  });
});

/**
 * A mailer like a distant SMTP server for the mail under test: a reset mail takes 3 s. Other mails
 * (the sign-up's confirmation) go at once, so the test waits for the one delay it is about.
 */
class SlowMailer extends MemoryMailer {
  private waiting = new Map<string, (m: MailMessage) => void>();
  override async send(message: MailMessage) {
    if (message.subject.includes("Reset")) await wait(3000);
    this.sent.push(message);
    this.waiting.get(String(message.to))?.(message);
  }
  /** Resolves when a mail to `to` has gone. */
  delivered(to: string): Promise<MailMessage> {
    return new Promise((resolve) => this.waiting.set(to, resolve));
  }
}

describeEachDb("password reset timing", (kind) => {
  it("answers for a known address without waiting for the mail, which still arrives", async () => {
    const mailer = new SlowMailer();
    const t = await createTestApp(kind, { mailer });
    try {
      const email = "slow-mail@example.com";
      await signUp(t, email, "tea-garden-88");
      const body = { email, redirectTo: "/update-password" };
      const unknownStart = performance.now();
      const unknown = await post(t.app, "/api/auth/request-password-reset", {
        ...body,
        email: "nobody@example.com",
      });
      const unknownMs = performance.now() - unknownStart;
      const arrived = mailer.delivered(email);
      const start = performance.now();
      const known = await post(t.app, "/api/auth/request-password-reset", body);
      const knownMs = performance.now() - start;
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      // The mail takes 3 s: an answer well inside that did not wait for it (the check below says so
      // too), and a known address answers about as fast as an unknown one (margins for a busy CI).
      expect(knownMs).toBeLessThan(1500);
      expect(knownMs).toBeLessThan(unknownMs + 750);
      expect(mailer.sent.filter((m) => m.subject.includes("Reset"))).toEqual([]); // not yet sent
      const mail = await arrived;
      expect(mail.subject).toBe("Reset your Bahi password");
      expect(mail.text).toMatch(/\/api\/auth\/reset-password\//);
    } finally {
      await t.close();
    }
  });
});

// One app for the sign-up rules: each test uses addresses of its own (decision 0096).
describeEachDb("sign-up rules", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { authLimits: { ...LIMITS, requestsPerIp: 100 } });
  });
  afterAll(() => t.close());

  describe("password policy", () => {
    it("refuses passwords under 8 characters, naming the minimum", async () => {
      const res = await signUp(t, "seven@example.com", "kx9#mq2");
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Password must be at least 8 characters.");
      const ok = await signUp(t, "eight@example.com", "kx9#mq2z");
      expect(ok.statusCode).toBe(200);
    });

    it("refuses the common passwords of the full list, in any case, at sign-up, change and reset", async () => {
      for (const password of ["qwer1234", "Monkey12", "JUST4FUN", "Rainbow6"]) {
        const res = await signUp(t, `c-${password}@example.com`, password);
        expect({ password, status: res.statusCode, message: res.json().message }).toEqual({
          password,
          status: 400,
          message: PASSWORD_MESSAGES.tooCommon,
        });
      }
      const s = await signUpAndSignIn(t);
      const change = await changePassword(t.app, s.cookie, s.password, "Blink182");
      expect(change.statusCode).toBe(400);
      expect(change.json().message).toBe(PASSWORD_MESSAGES.tooCommon);
      await post(t.app, "/api/auth/request-password-reset", {
        email: s.email,
        redirectTo: "/update-password",
      });
      await t.auth.mailsSent();
      const token = new URL(t.mailer.lastLink(s.email)).pathname.split("/").pop()!;
      const reset = await post(t.app, "/api/auth/reset-password", { token, newPassword: "Jordan23" });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().message).toBe(PASSWORD_MESSAGES.tooCommon);
    });
  });

  describe("sign-up credits once per mailbox", () => {
    async function creditsOf(email: string) {
      const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      const [balance] = await t.database.db
        .select()
        .from(userCredits)
        .where(eq(userCredits.businessId, row.id));
      const grants = await t.database.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.businessId, row.id));
      return { credits: balance?.credits, grants: grants.map((g) => g.delta) };
    }

    it("does not grant another 25 credits after the account is deleted and made again", async () => {
      const deleteAccount = async (session: { password: string; cookie: string }) => {
        const res = await post(
          t.app,
          "/api/auth/delete-user",
          { password: session.password },
          session.cookie,
        );
        expect(res.statusCode).toBe(200);
      };
      const first = await signUpAndSignIn(t, "meera.iyer@gmail.com");
      expect(await creditsOf("meera.iyer@gmail.com")).toEqual({ credits: 25, grants: [25] });
      await deleteAccount(first);
      const again = await signUpAndSignIn(t, "meera.iyer@gmail.com");
      expect(await creditsOf("meera.iyer@gmail.com")).toEqual({ credits: 0, grants: [] });
      expect((await get(t.app, "/api/credits", again.cookie)).json()).toMatchObject({ credits: 0 });
      await deleteAccount(again);
      // The same mailbox under another spelling (upper case, a +tag, Gmail's dots and other domain).
      const third = await signUp(t, "MeeraIyer+bahi@GoogleMail.com", "tea-garden-88");
      expect(third.statusCode).toBe(200);
      expect(await creditsOf("meeraiyer+bahi@googlemail.com")).toEqual({ credits: 0, grants: [] });
      // Another mailbox still gets its credits.
      await signUpAndSignIn(t, "meera.rao@gmail.com");
      expect(await creditsOf("meera.rao@gmail.com")).toEqual({ credits: 25, grants: [25] });
    });
  });
});
