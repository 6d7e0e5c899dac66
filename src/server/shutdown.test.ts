import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "./paths";
import { invoiceRequest } from "./testing/invoice-request";
import { keepAliveLoad } from "./testing/keep-alive-load";
import {
  buildServerIfStale,
  closed,
  freePort,
  SERVER_BUNDLE,
  serverEnv,
  watchOutput,
} from "./testing/processes";
import { seedPgliteDataDir } from "./testing/templates";

const DOWNLOADS = 5;
const METRICS_TOKEN = "shutdown-test-metrics";

/** Downloads the server holds right now: rendering plus waiting, from its own /metrics. */
async function downloadsHeld(base: string): Promise<number> {
  const text = await (
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? 0);
  return value("bahi_pdf_threads_busy") + value("bahi_pdf_queue_depth");
}

/** One GET on a connection of its own: its status, or the error's code. */
function getOnNewConnection(port: number, url: string, withConnection = false): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: url, agent: false }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve(withConnection ? `${res.statusCode} ${res.headers.connection}` : (res.statusCode ?? 0)),
      );
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

/**
 * A data folder of the test's own with the database in place (a copy of the migrated template):
 * these tests are about stopping, not about the first start.
 */
async function dataFolder(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  await seedPgliteDataDir(dataDir);
  return dataDir;
}

/** The compiled server, as `npm start` runs it, on a data folder of the test's own. */
function startServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: PROJECT_ROOT,
    env: serverEnv({
      PORT: String(port),
      DATA_DIR: dataDir,
      // A limit for a hang, not a judge of speed: a starved 2-core CI machine once took over 20 s to close.
      SHUTDOWN_TIMEOUT: "90s",
      METRICS_TOKEN: METRICS_TOKEN,
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = watchOutput(child);
  return { child, output, ready: output.waitFor(/Bahi is ready at/) };
}

describe("stopping the server", () => {
  beforeAll(() => buildServerIfStale(), 120_000);

  it("finishes the PDF downloads under way on SIGTERM, spends each credit once and starts clean next time", async () => {
    const dataDir = await dataFolder("bahi-stop-");
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const server = startServer(dataDir, port);
    try {
      await server.ready;
      const call = (url: string, init: RequestInit = {}, cookie = "") =>
        fetch(`${base}${url}`, {
          ...init,
          redirect: "manual",
          headers: {
            origin: base,
            ...(init.body ? { "content-type": "application/json" } : {}),
            ...(cookie ? { cookie } : {}),
          },
        });

      const email = "stop-test@example.com";
      const password = "Kesari-Chai-42!x";
      const up = await call("/api/auth/sign-up/email", {
        method: "POST",
        body: JSON.stringify({ email, password, name: "Asha" }),
      });
      expect(up.status, await up.clone().text()).toBe(200);
      // Without SMTP the confirmation link is printed for the person running Bahi.
      const [, link] = await server.output.waitFor(new RegExp(`Mail to ${email}[^\\n]*\\n\\s+(http\\S+)`));
      expect((await fetch(link!, { redirect: "manual" })).status).toBeLessThan(400);
      const signIn = await call("/api/auth/sign-in/email", {
        method: "POST",
        body: JSON.stringify({ email, password }),
      });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const invoice = await call(
        "/api/invoices",
        {
          method: "POST",
          body: JSON.stringify(invoiceRequest("STOP-1")),
        },
        cookie,
      );
      expect(invoice.status, await invoice.clone().text()).toBe(201);
      const { invoice: created } = (await invoice.json()) as { invoice: { id: string } };

      // Several downloads: one account renders one at a time, so the others are still under way
      // when the first one is answered, and that is when the stop comes.
      let answered = 0;
      const downloads = Array.from({ length: DOWNLOADS }, () =>
        call(`/api/invoices/${created.id}/pdf`, { method: "POST" }, cookie).then(async (res) => {
          answered += 1;
          return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
        }),
      );
      await Promise.race(downloads);
      // The stop comes once the server has taken in every download (on a busy machine a request
      // can still be on its way when the first answer arrives).
      while (answered + (await downloadsHeld(base)) < DOWNLOADS) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      server.child.kill("SIGTERM");
      await server.output.waitFor(/"msg":"shutting down"/);
      // No new connection is taken in once closing has begun (SHUTDOWN_DRAIN is 0 here); one that
      // came in the moment before the listener closed is answered and closed.
      await server.output.waitFor(/"msg":"drained; closing"/);
      expect(["ECONNREFUSED", "200 close"]).toContain(await getOnNewConnection(port, "/api/health", true));

      const results = await Promise.all(downloads);
      for (const result of results) {
        expect(result.status, result.bytes.toString("utf8", 0, 300)).toBe(200);
        expect(result.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      }
      const exit = await closed(server.child);
      expect(exit, server.output.text().slice(-3000)).toEqual({ code: 0, signal: null });
      expect(server.output.text()).toContain('"msg":"stopped"');
      expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);

      // The next start is clean and every download was paid for exactly once.
      const again = startServer(dataDir, port);
      try {
        await again.ready;
        const credits = await call("/api/credits", {}, cookie);
        expect(((await credits.json()) as { credits: number }).credits).toBe(25 - DOWNLOADS);
        const ledger = (await (await call("/api/credits/ledger", {}, cookie)).json()) as {
          entries: Array<{ delta: number }>;
        };
        expect(ledger.entries.filter((e) => e.delta === -1)).toHaveLength(DOWNLOADS);
        again.child.kill("SIGTERM");
        expect(await closed(again.child)).toEqual({ code: 0, signal: null });
        expect(again.output.text()).not.toMatch(/"level":(50|60)/);
      } finally {
        again.child.kill("SIGKILL");
      }
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 300_000);

  it("on SIGTERM answers 503 on /api/ready at once, serves on for SHUTDOWN_DRAIN, and a kept-alive load across it sees no error", async () => {
    const dataDir = await dataFolder("bahi-drain-");
    const port = await freePort();
    const server = startServer(dataDir, port, { SHUTDOWN_DRAIN: "4s" });
    let load: ReturnType<typeof keepAliveLoad> | undefined;
    try {
      await server.ready;
      load = keepAliveLoad(port, { connections: 10 });
      await load.answered(50);
      server.child.kill("SIGTERM");
      load.markStop();
      await server.output.waitFor(/"msg":"shutting down"/);
      // At once: not ready, yet serving, on a new connection as on the kept-alive ones.
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "not_ready", checks: { shutdown: "draining" } });
      expect(await getOnNewConnection(port, "/api/health")).toBe(200);
      expect(server.output.text()).not.toContain('"msg":"drained; closing"');

      const report = await load.done;
      expect(report.takenOutBy).toBe(503);
      expect(report.errors).toEqual({});
      expect(report.statuses).toEqual({});
      expect(report.okAfterStop).toBeGreaterThan(0);
      // Kept alive all along: no connection was closed under the load.
      expect(report.sockets).toBe(10);
      const exit = await closed(server.child);
      expect(exit, server.output.text().slice(-3000)).toEqual({ code: 0, signal: null });
      expect(server.output.text()).toContain('"msg":"drained; closing"');
      expect(server.output.text()).not.toMatch(/"level":(50|60)/);
    } finally {
      load?.close();
      server.child.kill("SIGKILL");
    }
  }, 300_000);
});
