import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
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
    const config = loadConfig({ DATA_DIR: dataDir(), SMTP_URL: "", PUBLIC_URL: "https://bahi.example/" });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe("https://bahi.example");
    expect(config.secureCookies).toBe(true);
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
    });
    expect(config.metricsToken).toBeUndefined();
  });

  it("reads SHUTDOWN_TIMEOUT as seconds or with a unit, and the millisecond limits as numbers", () => {
    expect(loadConfig({ ...base(), SHUTDOWN_TIMEOUT: "30" }).timeouts.shutdownMs).toBe(30_000);
    expect(loadConfig({ ...base(), SHUTDOWN_TIMEOUT: "2.5s" }).timeouts.shutdownMs).toBe(2_500);
    expect(loadConfig({ ...base(), SHUTDOWN_TIMEOUT: "500ms" }).timeouts.shutdownMs).toBe(500);
    const config = loadConfig({ ...base(), DB_CONNECT_TIMEOUT_MS: "1500", DB_STATEMENT_TIMEOUT_MS: "20000" });
    expect(config.timeouts.dbConnectMs).toBe(1_500);
    expect(config.timeouts.dbStatementMs).toBe(20_000);
  });

  it("refuses nonsense naming the variable", () => {
    expect(() => loadConfig({ ...base(), SHUTDOWN_TIMEOUT: "soon" })).toThrow(/SHUTDOWN_TIMEOUT/);
    expect(() => loadConfig({ ...base(), DB_STATEMENT_TIMEOUT_MS: "0" })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base(), METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ ...base(), METRICS_TOKEN: "0123456789abcdef" }).metricsToken).toBe(
      "0123456789abcdef",
    );
  });
});
