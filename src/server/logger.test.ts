import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { resetPasswordMail } from "./auth/mails";
import { createLogger, redactUrl } from "./logger";
import { createMailer } from "./services/mail";
import { cookiesFrom, describeEachDb, testAppForSuite } from "./testing/harness";
import { invoiceRequest } from "./testing/invoice-request";
import { memoryLog } from "./testing/memory-log";

const PASSWORD = "Pw-first-7f3a9c!";
const NEW_PASSWORD = "Pw-second-b81e44!";
const ACCOUNT_NUMBER = "918273645501";
const IFSC = "HDFC0004321";
const UPI_ID = "asha.traders@okhdfc";

describeEachDb("logs of a whole run", (kind) => {
  const log = memoryLog();
  const t = testAppForSuite(kind, {
    logger: createLogger("trace", log.stream),
    // A statement that fails with bank details among its parameters.
    routes: (app) =>
      app.get("/api/test-failing-statement", async () => {
        await t.database.db.execute(sql`select ${ACCOUNT_NUMBER}::int + ${IFSC}::int as broken`);
        return {};
      }),
  });

  it("never carry passwords, tokens, cookies, bank details or statement parameters", async () => {
    const email = "log-check@example.com";
    const secrets: string[] = [PASSWORD, NEW_PASSWORD, ACCOUNT_NUMBER, IFSC, UPI_ID];

    expect(
      (await t.post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "Asha" })).statusCode,
    ).toBe(200);
    const verifyLink = new URL(t.mailer.lastLink(email));
    secrets.push(verifyLink.searchParams.get("token")!);
    await t.app.inject({ method: "GET", url: verifyLink.pathname + verifyLink.search });

    const signIn = await t.post("/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookiesFrom(signIn);
    const cookieNamed = (name: string) => {
      const part = cookie.split("; ").find((c) => c.startsWith(`${name}=`)) ?? "";
      return part.slice(name.length + 1);
    };
    const cookieValue = cookieNamed(
      cookie
        .split("; ")
        .find((c) => c.includes("session_token="))!
        .split("=")[0],
    );
    secrets.push(
      cookieNamed("bahi.device"),
      cookieValue,
      decodeURIComponent(cookieValue),
      decodeURIComponent(cookieValue).split(".")[0]!,
    );
    // A failed sign-in with the password too.
    await t.post("/api/auth/sign-in/email", { email, password: NEW_PASSWORD });

    expect(
      (await t.post("/api/auth/request-password-reset", { email, redirectTo: "/update-password" }))
        .statusCode,
    ).toBe(200);
    const resetLink = new URL(t.mailer.lastLink(email));
    const resetToken = resetLink.pathname.split("/").pop()!;
    secrets.push(resetToken);
    await t.app.inject({ method: "GET", url: resetLink.pathname + resetLink.search });
    expect(
      (await t.post("/api/auth/reset-password", { token: resetToken, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);

    const again = await t.post("/api/auth/sign-in/email", { email, password: NEW_PASSWORD });
    const session = cookiesFrom(again);
    const sessionValue = session.split("=").slice(1).join("=");
    secrets.push(sessionValue, decodeURIComponent(sessionValue).split(".")[0]!);

    const bankDetails = {
      bankName: "HDFC Bank",
      accountNumber: ACCOUNT_NUMBER,
      ifscCode: IFSC,
      branchName: "Fort",
      upiId: UPI_ID,
    };
    expect((await t.putSettings({ bankDetails, includeBankDetails: true }, session)).statusCode).toBe(200);
    // A save that fails validation echoes nothing of the body into the logs either.
    await t.putSettings({ bankDetails: { ...bankDetails, ifscCode: `${IFSC}X` } }, session);

    const invoice = await t.post("/api/invoices", invoiceRequest("LOG-1", { bankDetails }), session);
    expect(invoice.statusCode).toBe(201);
    expect(
      (await t.get(`/api/invoices?search=${ACCOUNT_NUMBER}&token=${resetToken}`, session)).statusCode,
    ).toBe(200);

    expect((await t.get("/api/test-failing-statement", session)).statusCode).toBe(500);

    const text = log.text();
    // The run was logged, at trace level, including the failure.
    expect(text).toContain("incoming request");
    expect(text).toContain("request failed");
    expect(text).toMatch(/Failed query/);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(text, `the logs contain ${secret}`).not.toContain(secret);
    }
  });
});

describe("redaction helpers", () => {
  it("keeps the path of a URL and drops its query values and tokens in the path", () => {
    expect(redactUrl("/api/auth/reset-password/abc123?callbackURL=%2Fx")).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=[redacted]",
    );
    expect(redactUrl("/api/invoices?search=x")).toBe("/api/invoices?search=[redacted]");
    expect(redactUrl("/i/tok_123")).toBe("/i/[redacted]");
    expect(redactUrl("/api/invoices/abc")).toBe("/api/invoices/abc");
  });

  it("does not log a password reset link from the outbox", async () => {
    const log = memoryLog();
    const mailer = createMailer({
      from: "Bahi <no-reply@example.com>",
      dataDir: mkdtempSync(path.join(tmpdir(), "bahi-outbox-")),
      logger: createLogger("trace", log.stream),
    });
    const spy = vi.spyOn(console, "info").mockImplementation(() => {});
    try {
      await mailer.send(
        resetPasswordMail(
          "a@example.com",
          "http://localhost:3000/api/auth/reset-password/SECRETTOKEN123?callbackURL=%2F",
        ),
      );
      const printed = spy.mock.calls.map((c) => c.join(" ")).join("\n");
      expect(log.text()).toContain("mail written to outbox");
      expect(log.text()).not.toContain("SECRETTOKEN123");
      expect(printed).not.toContain("SECRETTOKEN123");
    } finally {
      spy.mockRestore();
    }
  });
});
