import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
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
    // A hashed script with the brotli copy the build writes beside it (vite.config.ts). The copy
    // holds other text than the script, so the test sees which of the two the server sent.
    mkdirSync(path.join(webRoot, "assets"));
    writeFileSync(path.join(webRoot, "assets/app-1a2b3c.js"), `export const app = "${"x".repeat(4000)}";\n`);
    writeFileSync(path.join(webRoot, "assets/app-1a2b3c.js.br"), brotliCompressSync("/* precompressed */"));
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

  it("sends a hashed asset's precompressed copy as it is, cached for a year", async () => {
    const res = await built.app.inject({
      method: "GET",
      url: "/assets/app-1a2b3c.js",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe("/* precompressed */");
    // A client that takes no brotli gets the file itself.
    const plain = await built.app.inject({ method: "GET", url: "/assets/app-1a2b3c.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("export const app");
  });
});
