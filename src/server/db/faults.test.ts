import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { DbProxy } from "../testing/db-proxy";
import {
  createPostgresDatabase,
  type Session,
  startTestApp,
  type TestApp,
  testConfig,
} from "../testing/harness";
import { TEST_DATABASE_URL } from "../testing/test-config";
import { openDatabase } from "./client";

/** The app on a fresh PostgreSQL database that it reaches through a proxy the test can cut. */
async function appBehindProxy(env: Record<string, string> = {}) {
  const fresh = await createPostgresDatabase("bahi_fault");
  const direct = new URL(fresh.url);
  const proxy = await DbProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
  const config = testConfig(mkdtempSync(path.join(tmpdir(), "bahi-fault-")), env);
  const faults: Error[] = [];
  const database = await openDatabase({
    databaseUrl: proxy.urlFor(direct.toString()),
    dataDir: config.dataDir,
    timeouts: { connectMs: config.timeouts.dbConnectMs, statementMs: config.timeouts.dbStatementMs },
    onConnectionFault: (error) => faults.push(error),
  });
  const t = await startTestApp(config, database, {}, async () => {
    await proxy.close();
    await fresh.drop();
  });
  return { t, proxy, faults, directUrl: direct.toString() };
}

const dataFile = (clientNames: string[]) => ({
  invoices: [],
  productServices: [],
  settings: { companyName: "Kesari Traders" },
  clients: clientNames.map((name) => ({ name })),
});

const expectUnavailable = (res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers["retry-after"]).toBe("5");
  expect(res.json()).toEqual({
    error: {
      code: "database_unavailable",
      message: "The database is not answering right now. Please try again in a moment.",
    },
  });
};

describe.skipIf(!TEST_DATABASE_URL)("PostgreSQL faults", () => {
  describe("a connection cut or a database that goes away", () => {
    let t: TestApp;
    let proxy: DbProxy;
    let faults: Error[];
    let s: Session;
    beforeAll(async () => {
      ({ t, proxy, faults } = await appBehindProxy());
      s = await t.signUpAndSignIn();
    });
    afterAll(() => t.close());

    it("answers 503 when the connection drops in the middle of an import, and the next request works", async () => {
      expect((await t.post("/api/import", dataFile(["Before"]), s.cookie)).statusCode).toBe(200);
      // The import's transaction has begun and deleted the old rows when its insert is cut off.
      const cut = proxy.cutWhenAppSends(/insert into "clients"/);
      const res = await t.post("/api/import", dataFile(["Asha", "Bala", "Chitra"]), s.cookie);
      await cut;
      expectUnavailable(res);
      expect(faults.length).toBeGreaterThan(0);
      // Nothing half-done: the transaction was rolled back with the connection.
      const list = await t.get("/api/clients", s.cookie);
      expect(list.statusCode).toBe(200);
      expect(list.json().items.map((c: { name: string }) => c.name)).toEqual(["Before"]);
      const again = await t.post("/api/import", dataFile(["Asha", "Bala"]), s.cookie);
      expect(again.statusCode).toBe(200);
    });

    it("answers 503 database_unavailable on every API route while the database is down, then recovers", async () => {
      await proxy.goDown();
      try {
        for (const url of [
          "/api/clients",
          "/api/settings",
          "/api/invoices",
          "/api/credits",
          "/api/dashboard",
        ]) {
          expectUnavailable(await t.get(url, s.cookie));
        }
        expectUnavailable(await t.post("/api/clients", { name: "Zed" }, s.cookie));
        expectUnavailable(await t.post("/api/auth/sign-in/email", { email: s.email, password: s.password }));
        expectUnavailable(await t.get("/api/auth/get-session", s.cookie));
        // Liveness still answers, and says what is wrong; readiness does not.
        const health = await t.get("/api/health");
        expect(health.statusCode).toBe(200);
        expect(health.json()).toEqual({ status: "ok", database: "unavailable" });
        const ready = await t.get("/api/ready");
        expect(ready.statusCode).toBe(503);
        expect(ready.json().checks.database).toBe("unavailable");
      } finally {
        await proxy.comeBack();
      }
      expect((await t.get("/api/clients", s.cookie)).statusCode).toBe(200);
      expect((await t.get("/api/health")).json()).toEqual({ status: "ok", database: "ok" });
    });
  });

  describe("a statement past its time limit", () => {
    let t: TestApp;
    let directUrl: string;
    let s: Session;
    beforeAll(async () => {
      ({ t, directUrl } = await appBehindProxy({ DB_STATEMENT_TIMEOUT_MS: "1000" }));
      s = await t.signUpAndSignIn();
    });
    afterAll(() => t.close());

    it("clearing data answers 503 timed_out with the spec's message when PostgreSQL cancels it", async () => {
      expect((await t.post("/api/import", dataFile(["Asha"]), s.cookie)).statusCode).toBe(200);
      // Another session holds the clients table, so the clear's delete waits until
      // statement_timeout cancels it (SQLSTATE 57014).
      const holder = new pg.Client({ connectionString: directUrl });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("lock table clients in access exclusive mode");
        const res = await t.post("/api/functions/clear-user-data", {}, s.cookie);
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toEqual({
          code: "timed_out",
          message:
            "Data clearing process timed out on the server. Some data might remain. Please try again or contact support.",
        });
      } finally {
        await holder.query("rollback");
        await holder.end();
      }
      const list = await t.get("/api/clients", s.cookie);
      expect(list.json().items.map((c: { name: string }) => c.name)).toEqual(["Asha"]);
    });
  });

  describe("a database that does not answer", () => {
    let t: TestApp;
    let proxy: DbProxy;
    let s: Session;
    beforeAll(async () => {
      ({ t, proxy } = await appBehindProxy({
        DB_CONNECT_TIMEOUT_MS: "1000",
        DB_STATEMENT_TIMEOUT_MS: "1000",
      }));
      s = await t.signUpAndSignIn();
    });
    afterAll(() => t.close());

    it("answers 503 within seconds instead of hanging, on open and on new connections", async () => {
      proxy.stall();
      try {
        const started = performance.now();
        // Pooled connections wait for an answer (statement limit); new ones for their start-up.
        const answers = await Promise.all([
          t.get("/api/clients", s.cookie),
          t.get("/api/settings", s.cookie),
          t.get("/api/invoices", s.cookie),
        ]);
        const elapsed = performance.now() - started;
        for (const res of answers) expectUnavailable(res);
        expect(elapsed).toBeLessThan(5_000);
        const health = await t.get("/api/health");
        expect(health.json()).toEqual({ status: "ok", database: "unavailable" });
        console.info(`unanswered database: 503 after ${Math.round(elapsed)} ms`);
      } finally {
        proxy.stall(false);
      }
      expect((await t.get("/api/clients", s.cookie)).statusCode).toBe(200);
    });
  });
});
