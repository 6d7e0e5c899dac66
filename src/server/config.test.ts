import { mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), "bahi-config-"));

  it("works with nothing set and generates an auth secret into the data folder", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8")).toBe(config.authSecret);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
  });

  it("names the variable that is invalid", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: "id" })).toThrow(ConfigError);
  });

  it("treats empty strings as unset and turns on secure cookies behind https", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: "",
      MAIL_OUTBOX: "1",
      PUBLIC_URL: "https://bahi.example/",
    });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe("https://bahi.example");
    expect(config.secureCookies).toBe(true);
  });

  it("treats an empty NODE_ENV or PORT as unset: their defaults, not a refused start", () => {
    const config = loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "", PORT: " ", LOG_LEVEL: "" });
    expect(config.env).toBe("production");
    expect(config.port).toBe(3000);
    expect(config.logLevel).toBe("info");
  });
});

describe("mail in production", () => {
  const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "bahi-config-")) });
  const site = { PUBLIC_URL: "https://bahi.example" };

  it("refuses a production server without SMTP_URL, naming the variable and the way out", () => {
    expect(() => loadConfig({ ...base(), ...site })).toThrow(/SMTP_URL: is not set.*MAIL_OUTBOX=1/);
    expect(() => loadConfig({ ...base(), ...site, NODE_ENV: "production", SMTP_URL: "" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...base(), ...site, MAIL_OUTBOX: "0" })).toThrow(/SMTP_URL/);
  });

  it("sends through SMTP_URL, or keeps the outbox when told to with MAIL_OUTBOX=1", () => {
    const smtp = loadConfig({ ...base(), ...site, SMTP_URL: "smtps://u:p@smtp.example:465" });
    expect(smtp.outbox).toBeUndefined();
    expect(loadConfig({ ...base(), ...site, MAIL_OUTBOX: "1" }).outbox).toBe("explicit");
    expect(() => loadConfig({ ...base(), ...site, MAIL_OUTBOX: "yes" })).toThrow(/MAIL_OUTBOX/);
  });

  it("keeps the outbox for a local start (PUBLIC_URL on this machine) and for tests and development", () => {
    expect(loadConfig(base()).outbox).toBe("local");
    expect(loadConfig({ ...base(), PUBLIC_URL: "http://127.0.0.1:8080" }).outbox).toBe("local");
    expect(loadConfig({ ...base(), PUBLIC_URL: "http://bahi.localhost" }).outbox).toBe("local");
    expect(loadConfig({ ...base(), ...site, NODE_ENV: "test" }).outbox).toBe("not-production");
    expect(loadConfig({ ...base(), ...site, NODE_ENV: "development" }).outbox).toBe("not-production");
    // A name that merely starts with "localhost" is somebody's server.
    expect(() => loadConfig({ ...base(), PUBLIC_URL: "https://localhost.example.com" })).toThrow(/SMTP_URL/);
  });
});

describe("timeouts and metrics settings", () => {
  const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "bahi-config-")) });

  it("has bounded defaults", () => {
    const config = loadConfig(base());
    expect(config.timeouts).toEqual({
      dbConnectMs: 5_000,
      dbStatementMs: 10_000,
      requestMs: 120_000,
      shutdownMs: 10_000,
      drainMs: 5_000,
    });
    expect(config.metricsToken).toBeUndefined();
    // Tests have no load balancer to wait for.
    expect(loadConfig({ ...base(), NODE_ENV: "test" }).timeouts.drainMs).toBe(0);
  });

  it("reads SHUTDOWN_TIMEOUT as seconds or with a unit, and the millisecond limits as numbers", () => {
    expect(loadConfig({ ...base(), SHUTDOWN_TIMEOUT: "30" }).timeouts.shutdownMs).toBe(30_000);
    expect(loadConfig({ ...base(), SHUTDOWN_TIMEOUT: "2.5s" }).timeouts.shutdownMs).toBe(2_500);
    expect(loadConfig({ ...base(), SHUTDOWN_TIMEOUT: "500ms" }).timeouts.shutdownMs).toBe(500);
    expect(loadConfig({ ...base(), SHUTDOWN_DRAIN: "0" }).timeouts.drainMs).toBe(0);
    expect(loadConfig({ ...base(), SHUTDOWN_DRAIN: "15s" }).timeouts.drainMs).toBe(15_000);
    const config = loadConfig({ ...base(), DB_CONNECT_TIMEOUT_MS: "1500", DB_STATEMENT_TIMEOUT_MS: "20000" });
    expect(config.timeouts.dbConnectMs).toBe(1_500);
    expect(config.timeouts.dbStatementMs).toBe(20_000);
  });

  it("refuses nonsense naming the variable", () => {
    expect(() => loadConfig({ ...base(), SHUTDOWN_TIMEOUT: "soon" })).toThrow(/SHUTDOWN_TIMEOUT/);
    expect(() => loadConfig({ ...base(), SHUTDOWN_DRAIN: "-1" })).toThrow(/SHUTDOWN_DRAIN/);
    expect(() => loadConfig({ ...base(), DB_STATEMENT_TIMEOUT_MS: "0" })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base(), METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ ...base(), METRICS_TOKEN: "0123456789abcdef" }).metricsToken).toBe(
      "0123456789abcdef",
    );
  });
});

describe("WEB_CONCURRENCY", () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), "bahi-config-"));
  const PG = "postgres://bahi@db.internal:5432/bahi";

  it("is one process on the embedded database, and refuses more: only one process may open it", () => {
    expect(loadConfig({ DATA_DIR: dir() }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dir(), WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
    expect(() => loadConfig({ DATA_DIR: dir(), WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: is 2, but the embedded database \(no DATABASE_URL\) can only be opened by one process/,
    );
  });

  it("defaults to the cores on PostgreSQL and splits the PDF threads, at least one each", () => {
    const cores = availableParallelism();
    const config = loadConfig({ DATA_DIR: dir(), DATABASE_URL: PG });
    expect(config.webConcurrency).toBe(cores);
    const two = loadConfig({ DATA_DIR: dir(), DATABASE_URL: PG, WEB_CONCURRENCY: "2" });
    expect(two.webConcurrency).toBe(2);
    expect(two.pdfThreads).toBe(Math.max(1, Math.floor(Math.min(2, cores) / 2)));
    const many = loadConfig({ DATA_DIR: dir(), DATABASE_URL: PG, WEB_CONCURRENCY: "16" });
    expect(many.pdfThreads).toBe(1);
    expect(loadConfig({ DATA_DIR: dir(), DATABASE_URL: PG, WEB_CONCURRENCY: "1" }).pdfThreads).toBe(
      Math.min(2, cores),
    );
  });

  it("refuses anything but a whole number of processes, 1 or more", () => {
    for (const value of ["0", "-1", "1.5", "two"]) {
      expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_URL: PG, WEB_CONCURRENCY: value })).toThrow(
        /WEB_CONCURRENCY: must be a whole number/,
      );
    }
  });
});

describe("PAYMENTS_TEST_MODE", () => {
  const base = { AUTH_SECRET: "x".repeat(40), DATA_DIR: mkdtempSync(path.join(tmpdir(), "bahi-config-")) };
  const keys = { RAZORPAY_KEY_ID: "rzp_live_key", RAZORPAY_KEY_SECRET: "secret" };
  const testMode = (env: Record<string, string>) => loadConfig({ ...base, ...env }).paymentsTestMode;

  it("is off in production (the default) unless turned on by name; empty counts as unset", () => {
    expect(testMode({})).toBe(false);
    expect(testMode({ NODE_ENV: "production" })).toBe(false);
    expect(testMode({ NODE_ENV: "production", PAYMENTS_TEST_MODE: "" })).toBe(false);
    expect(testMode({ NODE_ENV: "production", PAYMENTS_TEST_MODE: "1" })).toBe(true);
  });

  it("is on by default for tests and development, and can be turned off there", () => {
    expect(testMode({ NODE_ENV: "test" })).toBe(true);
    expect(testMode({ NODE_ENV: "development" })).toBe(true);
    expect(testMode({ NODE_ENV: "development", PAYMENTS_TEST_MODE: "0" })).toBe(false);
  });

  it("is never on with Razorpay keys, and refuses to be turned on next to them", () => {
    expect(testMode({ NODE_ENV: "test", ...keys })).toBe(false);
    expect(() => testMode({ NODE_ENV: "production", PAYMENTS_TEST_MODE: "1", ...keys })).toThrow(
      /PAYMENTS_TEST_MODE: is 1, but RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set/,
    );
  });

  it("refuses anything but 1 or 0, naming the variable", () => {
    expect(() => testMode({ PAYMENTS_TEST_MODE: "yes" })).toThrow(/PAYMENTS_TEST_MODE: must be "1"/);
  });
});
