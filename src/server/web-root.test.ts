import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { type BahiApp, buildApp } from "./app";
import { loadConfig } from "./config";
import { type Database, openMemoryDatabase } from "./db/client";
import { PROJECT_ROOT } from "./paths";

// The web app's public folder as Vite copies it into dist/web, beside an app page.
describe("the built web app's files", () => {
  let webRoot: string;
  let database: Database;
  let built: BahiApp;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), "bahi-web-"));
    cpSync(path.join(PROJECT_ROOT, "src/web/public"), webRoot, { recursive: true });
    cpSync(path.join(PROJECT_ROOT, "src/web/index.html"), path.join(webRoot, "index.html"));
    database = await openMemoryDatabase();
    const config = loadConfig({
      DATA_DIR: webRoot,
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      NODE_ENV: "test",
    });
    built = await buildApp({ config, database, logger: pino({ level: "silent" }), webRoot });
  });
  afterAll(async () => {
    await built.app.close();
    await database.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("answers /favicon.ico with an icon, not the app page", async () => {
    const res = await built.app.inject({ method: "GET", url: "/favicon.ico" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\//);
    // An ICO file starts with reserved 0, type 1 (icon).
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const page = readFileSync(path.join(PROJECT_ROOT, "src/web/index.html"), "utf8");
    expect(page).toContain('<link rel="icon" href="/favicon.ico"');
  });
});
