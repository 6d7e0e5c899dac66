import { eq } from "drizzle-orm";
import pino from "pino";
import { businessGateways } from "../db/schema";
import { describeEachDb, type TestApp, testAppForSuite } from "../testing/harness";

const GATEWAY = "/api/settings/payment-gateway";
/** Saves the business's Razorpay account settings `body` for the holder of `cookie`. */
const save = (t: TestApp, body: unknown, cookie: string) => t.send("PUT", GATEWAY, body, cookie);

const KEYS = {
  keyId: "rzp_live_AbCdEf123456",
  keySecret: "live-secret-9f8e7d6c5b4a3210",
  webhookSecret: "hook-secret-0a1b2c3d4e5f",
};

describeEachDb("the business's own Razorpay account", (kind) => {
  const t = testAppForSuite(kind);

  it("connects with keys, shows them masked and keeps the secrets sealed", async () => {
    const s = await t.signUpAndSignIn();
    const before = await t.get(GATEWAY, s.cookie);
    expect(before.json()).toMatchObject({ connected: false, keyId: null, webhookUrl: null });

    const res = await save(t, KEYS, s.cookie);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      connected: true,
      testMode: false,
      keyId: KEYS.keyId,
      keySecretMasked: "••••3210",
      webhookSecretSet: true,
    });
    expect(answer.webhookUrl).toMatch(
      /^http:\/\/localhost:3000\/api\/webhooks\/razorpay\/business\/[\w-]{32}$/,
    );
    const read = await t.get(GATEWAY, s.cookie);
    for (const text of [res.body, read.body]) {
      expect(text).not.toContain(KEYS.keySecret);
      expect(text).not.toContain(KEYS.webhookSecret);
    }
    const [row] = await t.database.db
      .select()
      .from(businessGateways)
      .where(eq(businessGateways.businessId, await t.userIdOf(s.cookie)));
    expect(JSON.stringify(row)).not.toContain(KEYS.keySecret);
    expect(JSON.stringify(row)).not.toContain(KEYS.webhookSecret);
  });

  it("needs both secrets to connect, keeps saved ones when left out, and keeps the webhook URL", async () => {
    const s = await t.signUpAndSignIn();
    const missing = await save(t, { keyId: KEYS.keyId }, s.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty("keySecret");
    const badKey = await save(t, { ...KEYS, keyId: "pk_live_x" }, s.cookie);
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().error.fields).toHaveProperty("keyId");

    const first = (await save(t, KEYS, s.cookie)).json();
    const renamed = await save(t, { keyId: "rzp_live_Other987654" }, s.cookie);
    expect(renamed.json()).toMatchObject({
      keyId: "rzp_live_Other987654",
      keySecretMasked: "••••3210",
      webhookSecretSet: true,
      webhookUrl: first.webhookUrl,
    });
  });

  it("belongs to its user alone, and disconnects", async () => {
    const a = await t.signUpAndSignIn();
    const b = await t.signUpAndSignIn();
    await save(t, KEYS, a.cookie);
    expect((await t.get(GATEWAY, b.cookie)).json().connected).toBe(false);
    const gone = await t.send("DELETE", GATEWAY, undefined, a.cookie);
    expect(gone.json()).toMatchObject({ connected: false, keyId: null });
    expect((await t.get(GATEWAY, a.cookie)).json().connected).toBe(false);
    expect((await t.get(GATEWAY)).statusCode).toBe(401);
  });

  it("offers the test checkout only on a server without Razorpay keys of its own", async () => {
    const s = await t.signUpAndSignIn();
    const res = await save(t, { testMode: true }, s.cookie);
    expect(res.json()).toMatchObject({
      connected: true,
      testMode: true,
      testModeAvailable: true,
      keyId: null,
    });
  });
});

describeEachDb("the business's Razorpay account on a server with its own keys", (kind) => {
  const t = testAppForSuite(kind, {
    env: { RAZORPAY_KEY_ID: "rzp_live_BahiOwnKey123", RAZORPAY_KEY_SECRET: "bahi-own-secret" },
  });

  it("refuses the test mode", async () => {
    const s = await t.signUpAndSignIn();
    const res = await save(t, { testMode: true }, s.cookie);
    expect(res.statusCode).toBe(400);
    expect((await t.get(GATEWAY, s.cookie)).json().testModeAvailable).toBe(false);
  });
});

describeEachDb("the business's Razorpay secrets and the logs", (kind) => {
  const lines: string[] = [];
  const t = testAppForSuite(kind, {
    logger: pino({ level: "trace" }, { write: (line: string) => void lines.push(line) }),
  });

  it("never appear in any log line, whatever the request did", async () => {
    const s = await t.signUpAndSignIn();
    // Accepted, refused (a bad key id next to good secrets), read back, and a forged webhook.
    expect((await save(t, KEYS, s.cookie)).statusCode).toBe(200);
    const refused = await save(t, { ...KEYS, keyId: "not-a-key" }, s.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain(KEYS.keySecret);
    const webhookUrl = (await t.get(GATEWAY, s.cookie)).json().webhookUrl;
    const forged = await t.app.inject({
      method: "POST",
      url: new URL(webhookUrl).pathname,
      headers: { "content-type": "application/json", "x-razorpay-signature": KEYS.webhookSecret },
      payload: JSON.stringify({ event: "payment.captured", secret: KEYS.keySecret }),
    });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(lines.length).toBeGreaterThan(5);
    const logged = lines.join("\n");
    expect(logged).not.toContain(KEYS.keySecret);
    expect(logged).not.toContain(KEYS.webhookSecret);
  });
});
