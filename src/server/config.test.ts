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
