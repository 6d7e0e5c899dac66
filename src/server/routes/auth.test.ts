import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { session, user } from "../db/schema";
import {
  changePassword,
  cookiesFrom,
  createTestApp,
  describeEachDb,
  get,
  post,
  send,
  signUp,
  signUpAndSignIn,
  testAppForSuite,
} from "../testing/harness";

describeEachDb("accounts API", (kind) => {
  const t = testAppForSuite(kind, {
    authLimits: {
      signInFailuresPerAccountAndIp: 3,
      signInFailuresPerIp: 6,
      signInFailuresPerAccount: 3,
      requestsPerIp: 50,
      resetMailsPerAddress: 50,
      windowSeconds: 900,
      accountWindowSeconds: 3600,
    },
  });
  afterEach(() => vi.useRealTimers());

  it("answers health once the database answers", async () => {
    const res = await get(t.app, "/api/health");
    expect(res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("signs up, refuses sign-in until the e-mail is confirmed, then signs in", async () => {
    const email = "asha@example.com";
    const up = await signUp(t, email, "kesari-chai-42", "Asha Rao");
    expect(up.statusCode).toBe(200);
    expect(cookiesFrom(up)).toBe(""); // no session before confirming

    const early = await post(t.app, "/api/auth/sign-in/email", { email, password: "kesari-chai-42" });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe("EMAIL_NOT_VERIFIED");
    // Trying to sign in with the right password sends a fresh confirmation link; a wrong one does not.
    const mails = () => t.mailer.sent.filter((m) => m.to === email).length;
    expect(mails()).toBe(2);
    await post(t.app, "/api/auth/sign-in/email", { email, password: "not-the-password" });
    expect(mails()).toBe(2);

    const link = new URL(t.mailer.lastLink(email));
    expect(link.pathname).toBe("/api/auth/verify-email");
    const verified = await get(t.app, link.pathname + link.search);
    expect(verified.statusCode).toBe(302);

    const signIn = await post(t.app, "/api/auth/sign-in/email", { email, password: "kesari-chai-42" });
    expect(signIn.statusCode).toBe(200);
    const profile = await get(t.app, "/api/profile", cookiesFrom(signIn));
    expect(profile.json()).toMatchObject({ email, fullName: "Asha Rao", hasPassword: true });
  });

  it("sets the session cookie HttpOnly and SameSite=Lax, not Secure over http", async () => {
    const s = await signUpAndSignIn(t);
    const again = await post(t.app, "/api/auth/sign-in/email", { email: s.email, password: s.password });
    const cookie = [again.headers["set-cookie"]].flat().find((c) => c?.startsWith("bahi.session_token="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("refuses a wrong password, a duplicate e-mail, short and common passwords", async () => {
    const s = await signUpAndSignIn(t);
    const wrong = await post(t.app, "/api/auth/sign-in/email", { email: s.email, password: "not-the-one" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("INVALID_EMAIL_OR_PASSWORD");

    const dup = await signUp(t, s.email, "another-pass-1");
    expect(dup.statusCode).toBe(422);
    expect(dup.json().code).toBe("USER_ALREADY_EXISTS");

    const short = await signUp(t, "short@example.com", "abc");
    expect(short.statusCode).toBe(400);

    const common = await signUp(t, "c@example.com", "password");
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/too common/i);
  });

  it("grants 25 credits to a new account, once", async () => {
    const { creditLedger, userCredits } = await import("../db/schema");
    const s = await signUpAndSignIn(t);
    const profile = (await get(t.app, "/api/profile", s.cookie)).json();
    const { eq } = await import("drizzle-orm");
    const [balance] = await t.database.db
      .select()
      .from(userCredits)
      .where(eq(userCredits.businessId, profile.id));
    expect(balance.credits).toBe(25);
    const ledger = await t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.businessId, profile.id));
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([["signup_grant", 25]]);
  });

  it("resets a password through a single-use link, signs the user in and ends other sessions", async () => {
    const s = await signUpAndSignIn(t);
    const unknown = await post(t.app, "/api/auth/request-password-reset", {
      email: "nobody@example.com",
      redirectTo: "/update-password",
    });
    const known = await post(t.app, "/api/auth/request-password-reset", {
      email: s.email,
      redirectTo: "/update-password",
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json()); // no account enumeration

    const link = new URL(t.mailer.lastLink(s.email));
    const opened = await get(t.app, link.pathname + link.search);
    expect(opened.statusCode).toBe(302);
    const target = new URL(opened.headers.location as string, "http://x");
    expect(target.pathname).toBe("/update-password");
    const token = target.searchParams.get("token")!;
    expect((await get(t.app, `/api/auth-recovery?token=${token}`)).json()).toEqual({ valid: true });

    const reset = await post(t.app, "/api/auth/reset-password", { token, newPassword: "new-mango-pass-9" });
    expect(reset.statusCode).toBe(200);
    const fresh = cookiesFrom(reset);
    expect((await get(t.app, "/api/profile", fresh)).statusCode).toBe(200);
    expect((await get(t.app, "/api/profile", s.cookie)).statusCode).toBe(401);

    const reuse = await post(t.app, "/api/auth/reset-password", { token, newPassword: "yet-another-pass-7" });
    expect(reuse.statusCode).toBe(400);
    expect((await get(t.app, `/api/auth-recovery?token=${token}`)).json()).toEqual({ valid: false });

    const signIn = await post(t.app, "/api/auth/sign-in/email", {
      email: s.email,
      password: "new-mango-pass-9",
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("expires a reset link after one hour", async () => {
    const s = await signUpAndSignIn(t);
    await post(t.app, "/api/auth/request-password-reset", { email: s.email, redirectTo: "/update-password" });
    const token = new URL(t.mailer.lastLink(s.email)).pathname.split("/").pop()!;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    const late = await post(t.app, "/api/auth/reset-password", { token, newPassword: "too-late-pass-3" });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe("INVALID_TOKEN");
  });

  it("changes the password with the current one and ends the other sessions", async () => {
    const s = await signUpAndSignIn(t);
    const other = cookiesFrom(
      await post(t.app, "/api/auth/sign-in/email", { email: s.email, password: s.password }),
    );
    const wrong = await changePassword(t.app, s.cookie, "nope-nope", "fresh-pass-11");
    expect(wrong.statusCode).toBe(400);
    const ok = await changePassword(t.app, s.cookie, s.password, "fresh-pass-11");
    expect(ok.statusCode).toBe(200);
    const current = cookiesFrom(ok) || s.cookie;
    expect((await get(t.app, "/api/profile", current)).statusCode).toBe(200);
    expect((await get(t.app, "/api/profile", other)).statusCode).toBe(401);
  });

  it("refuses a session cookie whose token or signature was changed", async () => {
    const s = await signUpAndSignIn(t);
    expect((await get(t.app, "/api/profile", s.cookie)).statusCode).toBe(200);
    // The session cookie alone (a sign-in also sets the device cookie of the sign-in limits).
    const session = s.cookie.split("; ").find((c) => c.includes("session_token="))!;
    const [name, value] = session.split("=");
    const decoded = decodeURIComponent(value);
    const [token, signature] = [
      decoded.slice(0, decoded.lastIndexOf(".")),
      decoded.slice(decoded.lastIndexOf(".") + 1),
    ];
    const forged = (t: string, sig: string) => `${name}=${encodeURIComponent(`${t}.${sig}`)}`;
    const otherToken = `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`;
    const otherSignature = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    expect((await get(t.app, "/api/profile", forged(otherToken, signature))).statusCode).toBe(401);
    expect((await get(t.app, "/api/profile", forged(token, otherSignature))).statusCode).toBe(401);
    expect((await get(t.app, "/api/profile", `${name}=${token}`)).statusCode).toBe(401);
  });

  it("deletes an account and all its data, only with the right password", async () => {
    const s = await signUpAndSignIn(t);
    const { user } = await import("../db/schema");
    const { eq } = await import("drizzle-orm");
    expect((await post(t.app, "/api/auth/delete-user", {}, s.cookie)).statusCode).toBe(400);
    expect(
      (await post(t.app, "/api/auth/delete-user", { password: "wrong-one-1" }, s.cookie)).statusCode,
    ).toBe(400);
    const ok = await post(t.app, "/api/auth/delete-user", { password: s.password }, s.cookie);
    expect(ok.statusCode).toBe(200);
    expect(await t.database.db.select().from(user).where(eq(user.email, s.email))).toEqual([]);
    expect((await get(t.app, "/api/profile", s.cookie)).statusCode).toBe(401);
    const again = await post(t.app, "/api/auth/sign-in/email", { email: s.email, password: s.password });
    expect(again.statusCode).toBe(401);
  });

  it("signs out", async () => {
    const s = await signUpAndSignIn(t);
    const out = await post(t.app, "/api/auth/sign-out", {}, s.cookie);
    expect(out.statusCode).toBe(200);
    expect((await get(t.app, "/api/profile", s.cookie)).statusCode).toBe(401);
  });

  it("checks a session in the database at most every 5 s per process; one ended elsewhere stops within that", async () => {
    const s = await signUpAndSignIn(t);
    expect((await get(t.app, "/api/clients", s.cookie)).statusCode).toBe(200);
    // Signed out through another instance: this process does not know yet.
    const [me] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, s.email));
    await t.database.db.delete(session).where(eq(session.userId, me!.id));
    expect((await get(t.app, "/api/clients", s.cookie)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5_001);
    expect((await get(t.app, "/api/clients", s.cookie)).statusCode).toBe(401);
  });

  it("updates the profile name and refuses bad input", async () => {
    const s = await signUpAndSignIn(t);
    const ok = await send(t.app, "PATCH", "/api/profile", { fullName: "  Meera Iyer " }, s.cookie);
    expect(ok.json().fullName).toBe("Meera Iyer");
    const bad = await send(t.app, "PATCH", "/api/profile", { fullName: "x".repeat(10_000) }, s.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("fullName");
  });

  it("refuses a state-changing request without our Origin", async () => {
    const s = await signUpAndSignIn(t);
    const noOrigin = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: s.email, password: s.password },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(noOrigin.json().error.code).toBe("forbidden_origin");
    const evil = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      payload: { fullName: "x" },
      headers: { origin: "https://evil.example", cookie: s.cookie },
    });
    expect(evil.statusCode).toBe(403);
  });

  it("rate limits failed sign-ins per account and per client IP", async () => {
    const s = await signUpAndSignIn(t);
    const attempt = (email: string, password: string, ip: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email, password },
        headers: { origin: "http://localhost:3000" },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++)
      expect((await attempt(s.email, "bad-guess", `10.0.0.${i + 1}`)).statusCode).toBe(401);
    const blocked = await attempt(s.email, s.password, "10.0.0.9");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many attempts/);
    // The owner's usual address (where signUpAndSignIn signed in) is not held back by strangers.
    expect((await attempt(s.email, s.password, "127.0.0.1")).statusCode).toBe(200);

    for (let i = 0; i < 6; i++) await attempt(`ghost${i}@example.com`, "whatever1", "10.9.9.9");
    const fromSameIp = await attempt(`ghost-new@example.com`, "whatever1", "10.9.9.9");
    expect(fromSameIp.statusCode).toBe(429);
    const fromOtherIp = await attempt(`ghost-new@example.com`, "whatever1", "10.9.9.10");
    expect(fromOtherIp.statusCode).toBe(401);
  });

  it("tells the browser Google is not configured", async () => {
    expect((await get(t.app, "/api/auth-config")).json()).toEqual({ googleEnabled: false });
  });
});

describeEachDb("secure cookies behind https", (kind) => {
  it("marks the session cookie Secure", async () => {
    const t = await createTestApp(kind, { env: { PUBLIC_URL: "https://bahi.example" } });
    try {
      const email = "secure@example.com";
      const headers = { origin: "https://bahi.example" };
      const up = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { email, password: "tea-garden-8", name: "" },
        headers,
      });
      expect(up.statusCode).toBe(200);
      const link = new URL(t.mailer.lastLink(email));
      await t.app.inject({ method: "GET", url: link.pathname + link.search });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email, password: "tea-garden-8" },
        headers,
      });
      const cookie = [res.headers["set-cookie"]].flat().find((c) => c?.includes("session_token="))!;
      expect(cookie).toMatch(/Secure/);
      expect(res.headers["strict-transport-security"]).toMatch(/max-age/);
    } finally {
      await t.close();
    }
  });
});

describeEachDb("Google sign-in", (kind) => {
  let oidc: OAuth2Server;
  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate("RS256");
    await oidc.start(0, "127.0.0.1");
  });
  afterAll(() => oidc.stop());
  const t = testAppForSuite(kind, () => ({
    env: {
      GOOGLE_CLIENT_ID: "bahi-test-client",
      GOOGLE_CLIENT_SECRET: "bahi-test-secret",
      GOOGLE_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
    },
  }));

  it("signs a new user in through the OIDC server and lands on the callback URL", async () => {
    expect((await get(t.app, "/api/auth-config")).json()).toEqual({ googleEnabled: true });
    oidc.service.on("beforeTokenSigning", (token) => {
      token.payload.sub = "google-user-1";
      token.payload.email = "priya.google@example.com";
      token.payload.email_verified = true;
      token.payload.name = "Priya Nair";
    });
    const start = await post(t.app, "/api/auth/sign-in/social", {
      provider: "google",
      callbackURL: "/dashboard",
    });
    expect(start.statusCode).toBe(200);
    const stateCookie = cookiesFrom(start);
    const authorizeUrl = start.json().url as string;
    expect(authorizeUrl.startsWith(oidc.issuer.url!)).toBe(true);

    const authorize = await fetch(authorizeUrl, { redirect: "manual" });
    const callback = new URL(authorize.headers.get("location")!);
    expect(callback.pathname).toBe("/api/auth/callback/google");

    const done = await get(t.app, callback.pathname + callback.search, stateCookie);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe("/dashboard");
    const profile = await get(t.app, "/api/profile", cookiesFrom(done));
    expect(profile.json()).toMatchObject({
      email: "priya.google@example.com",
      fullName: "Priya Nair",
      hasPassword: false,
    });
  });
});
