import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "./paths";
import { createPostgresDatabase } from "./testing/harness";
import { keepAliveLoad } from "./testing/keep-alive-load";
import {
  buildServerIfStale,
  closed,
  freePort,
  isAlive,
  SERVER_BUNDLE,
  serverEnv,
  spawn,
  watchOutput,
} from "./testing/processes";
import { TEST_DATABASE_URL } from "./testing/test-config";

// Several processes and several instances on one PostgreSQL database (README "Scaling out").

const AUTH_SECRET = "scaling-test-secret-scaling-test-secret-0123";
const METRICS_TOKEN = "scaling-test-metrics-token";
const RECONCILE_EVERY_MS = 400;

let databaseUrl: string;
let databaseName: string;
let drop: (() => Promise<void>) | undefined;

/** The compiled server as `npm start` runs it, on the test's database and a data folder of its own. */
function startServer(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: PROJECT_ROOT,
    env: serverEnv({
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bahi-scale-")),
      DATABASE_URL: databaseUrl,
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = watchOutput(child);
  return { child, output };
}

/** One GET on a connection of its own (node's cluster hands each connection to one process). */
function getOnNewConnection(port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: url, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

/** One scrape of /metrics on a connection of its own: the sum of a counter's series that match `labels`. */
function scrapeCounter(port: number, name: string, labels: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/metrics",
        agent: false,
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => {
          if (res.statusCode !== 200)
            return reject(new Error(`/metrics answered ${res.statusCode}: ${text}`));
          const lines = text.split("\n").filter((l) => l.startsWith(`${name}{`) && l.includes(labels));
          resolve(lines.reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0));
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** A process's resident memory in MB, as `ps -o rss` shows it. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

/** Answers once `done()` holds, checking after each chunk the children write. */
function outputUntil(children: ChildProcess[], done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!done()) return;
      for (const child of children) child.stdout?.off("data", check);
      resolve();
    };
    for (const child of children) child.stdout?.on("data", check);
    check();
  });
}

/** The JSON log lines of a server's output. */
function logLines(text: string): Array<Record<string, unknown>> {
  return text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe.skipIf(!TEST_DATABASE_URL)("scaling out on PostgreSQL", () => {
  beforeAll(async () => {
    buildServerIfStale();
    const fresh = await createPostgresDatabase("bahi_scale");
    databaseUrl = fresh.url;
    databaseName = new URL(fresh.url).pathname.slice(1);
    drop = fresh.drop;
  }, 120_000);

  afterAll(() => drop?.());

  it("signs a user in on one instance and serves them on the other, and runs each scheduled job once per period", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    // Behind a load balancer both instances share the public address, the secret and TRUST_PROXY.
    const shared = {
      PUBLIC_URL: `http://localhost:${portA}`,
      AUTH_SECRET,
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "debug",
      // Live Razorpay keys turn reconciliation on; with no unpaid orders it never calls Razorpay.
      RAZORPAY_KEY_ID: "rzp_test_scaling",
      RAZORPAY_KEY_SECRET: "scaling-key-secret",
      RAZORPAY_API_BASE: "http://127.0.0.1:9/v1",
      RECONCILE_EVERY_MS: String(RECONCILE_EVERY_MS),
    };
    const a = startServer(portA, shared);
    const b = startServer(portB, shared);
    try {
      await Promise.all([a.output.waitFor(/Bahi is ready at/), b.output.waitFor(/Bahi is ready at/)]);
      const baseA = `http://localhost:${portA}`;
      const email = "scale-test@example.com";
      const password = "Kesari-Chai-42!x";
      const post = (url: string, body: unknown) =>
        fetch(`${baseA}${url}`, {
          method: "POST",
          headers: { origin: baseA, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const up = await post("/api/auth/sign-up/email", { email, password, name: "Asha" });
      expect(up.status, await up.clone().text()).toBe(200);
      const [, link] = await a.output.waitFor(new RegExp(`Mail to ${email}[^\\n]*\\n\\s+(http\\S+)`));
      expect((await fetch(link!, { redirect: "manual" })).status).toBeLessThan(400);
      const signIn = await post("/api/auth/sign-in/email", { email, password });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");

      const profile = await fetch(`http://localhost:${portB}/api/profile`, { headers: { cookie } });
      expect(profile.status, await profile.clone().text()).toBe(200);
      expect(await profile.text()).toContain(email);
      // The request was served by B, which never saw the sign-in.
      expect(b.output.text()).toContain('"url":"/api/profile"');
      expect(a.output.text()).not.toContain('"url":"/api/profile"');

      // Both instances tick every period; the runs, whoever made them, are a period apart.
      const runsDone = () =>
        [a, b].flatMap((server) =>
          logLines(server.output.text())
            .filter((l) => l.msg === "background job done" && l.job === "reconcile-payments")
            .map((l) => ({ pid: l.pid, startedAt: (l.time as number) - (l.ms as number) })),
        );
      const runs = 8;
      await outputUntil([a.child, b.child], () => runsDone().length >= runs);
      const starts = runsDone()
        .map((r) => r.startedAt)
        .sort((x, y) => x - y);
      // Each claim moves the job's next run a period ahead (a tenth early at most) on the database's
      // clock, so the runs are at most one per 0.9 period; a run's logged start may lag its claim
      // (up to a period is allowed here, for a busy machine). Without the claim, two instances
      // would each run every period and make about twice as many runs.
      const span = starts.at(-1)! - starts[0]!;
      const mostRuns = Math.floor((span + RECONCILE_EVERY_MS) / (RECONCILE_EVERY_MS * 0.9)) + 1;
      expect(starts.length, `run starts: ${starts.join(", ")}`).toBeLessThanOrEqual(mostRuns);
      expect(a.output.text()).not.toMatch(/"level":(50|60)/);
      expect(b.output.text()).not.toMatch(/"level":(50|60)/);

      for (const server of [a, b]) server.child.kill("SIGTERM");
      expect(await closed(a.child)).toEqual({ code: 0, signal: null });
      expect(await closed(b.child)).toEqual({ code: 0, signal: null });
    } finally {
      a.child.kill("SIGKILL");
      b.child.kill("SIGKILL");
    }
  }, 120_000);

  it("WEB_CONCURRENCY=2 stops at once with exit code 1 when its processes cannot start", async () => {
    const missing = new URL(databaseUrl);
    missing.pathname = `/${databaseName}_missing`;
    const server = startServer(await freePort(), {
      AUTH_SECRET,
      WEB_CONCURRENCY: "2",
      DATABASE_URL: missing.toString(),
    });
    try {
      expect(await closed(server.child)).toEqual({ code: 1, signal: null });
      expect(server.output.text()).toContain("a server process failed to start; stopping");
      expect(server.output.text()).not.toContain("starting another");
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 60_000);

  it("WEB_CONCURRENCY=2 serves from two processes, restarts one that dies, and stops both on SIGTERM", async () => {
    const port = await freePort();
    const server = startServer(port, {
      AUTH_SECRET,
      WEB_CONCURRENCY: "2",
      SHUTDOWN_TIMEOUT: "20s",
      SHUTDOWN_DRAIN: "5s",
      METRICS_TOKEN,
    });
    let load: ReturnType<typeof keepAliveLoad> | undefined;
    try {
      await server.output.waitFor(/Bahi runs 2 server processes/);
      // The primary only forks and watches: it never loads the app.
      expect(rssMb(server.child.pid!)).toBeLessThan(80);
      // Each scrape reaches one process, and counts the scrapes of both.
      const scrapes: number[] = [];
      for (let i = 0; i < 10; i++) {
        scrapes.push(await scrapeCounter(port, "bahi_http_requests_total", 'route="/metrics",status="200"'));
      }
      expect(scrapes).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (let i = 0; i < 10; i++) expect(await getOnNewConnection(port, "/api/health")).toBe(200);
      const servedBy = () =>
        new Set(
          logLines(server.output.text())
            .filter((l) => l.msg === "request completed")
            .map((l) => l.pid),
        );
      expect(servedBy().size).toBe(2);
      const readyPids = () =>
        logLines(server.output.text())
          .filter((l) => typeof l.msg === "string" && l.msg.startsWith("Bahi is ready at"))
          .map((l) => l.pid as number);
      const workers = readyPids();
      expect(workers).toHaveLength(2);
      expect(workers).not.toContain(server.child.pid);

      const healthBefore = await scrapeCounter(port, "bahi_http_requests_total", 'route="/api/health"');
      expect(healthBefore).toBe(10);
      // A process that dies while serving is replaced; the other went on serving meanwhile.
      process.kill(workers[0]!, "SIGKILL");
      await server.output.waitFor(/a server process died; starting another/);
      await outputUntil([server.child], () => readyPids().length === 3);
      const replacement = readyPids().at(-1)!;
      expect(isAlive(replacement)).toBe(true);
      for (let i = 0; i < 10; i++) expect(await getOnNewConnection(port, "/api/health")).toBe(200);
      // What the dead process had counted stays counted.
      expect(await scrapeCounter(port, "bahi_http_requests_total", 'route="/api/health"')).toBe(20);

      // Stopping under a kept-alive load: both processes drain, nothing is cut.
      load = keepAliveLoad(port, { connections: 10 });
      await load.answered(50);
      server.child.kill("SIGTERM");
      load.markStop();
      const report = await load.done;
      expect(report.takenOutBy).toBe(503);
      expect(report.errors).toEqual({});
      expect(report.statuses).toEqual({});
      expect(report.okAfterStop).toBeGreaterThan(0);
      expect(await closed(server.child), server.output.text().slice(-3000)).toEqual({
        code: 0,
        signal: null,
      });
      expect(logLines(server.output.text()).filter((l) => l.msg === "drained; closing")).toHaveLength(2);
      expect(logLines(server.output.text()).filter((l) => l.msg === "stopped")).toHaveLength(2);
      expect(isAlive(workers[1]!)).toBe(false);
      expect(isAlive(replacement)).toBe(false);
    } finally {
      load?.close();
      server.child.kill("SIGKILL");
    }
  }, 300_000);
});
