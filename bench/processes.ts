// Requests per second of GET /api/clients (a signed-in list of 50 clients) with WEB_CONCURRENCY=1
// and 2 on PostgreSQL: the compiled server on a fresh database, autocannon in its own process.
// Run: npm run build && npx tsx bench/processes.ts
//   (BENCH_DATABASE_URL: another PostgreSQL admin URL; BENCH_SECONDS=15, BENCH_CONNECTIONS=50,
//    BENCH_PROCESSES="1,2")
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const ROOT = path.resolve(import.meta.dirname, "..");
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PROCESSES = (process.env.BENCH_PROCESSES ?? "1,2").split(",").map(Number);
const PORT = 3997;
const ORIGIN = `http://127.0.0.1:${PORT}`;

async function measure(processes: number): Promise<{ reqPerSec: number; p99: number; errors: number }> {
  const name = `bahi_bench_proc_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const server = spawn(process.execPath, [path.join(ROOT, "dist/server/main.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: ORIGIN,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bahi-bench-proc-")),
      DATABASE_URL: url.toString(),
      AUTH_SECRET: randomBytes(32).toString("hex"),
      WEB_CONCURRENCY: String(processes),
      LOG_LEVEL: "warn",
      AUTH_REQUESTS_PER_IP: "10000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const seen = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = output.match(pattern);
        if (m) resolve(m);
      };
      server.stdout.on("data", (c) => {
        output += c;
        check();
      });
      server.stderr.on("data", (c) => {
        output += c;
        check();
      });
      server.once("exit", () => reject(new Error(`server exited:\n${output}`)));
    });
  try {
    const email = `bench-${processes}@example.com`;
    const password = "Bench-Password-42!";
    const mail = seen(new RegExp(`Mail to ${email}[^\\n]*\\n\\s+(http\\S+)`));
    for (;;) {
      const ok = await fetch(`${ORIGIN}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const post = (p: string, body: unknown, cookie = "") =>
      fetch(`${ORIGIN}${p}`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    await post("/api/auth/sign-up/email", { email, password, name: "Bench" });
    const [, link] = await mail;
    await fetch(link!, { redirect: "manual" });
    const signIn = await post("/api/auth/sign-in/email", { email, password });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    for (let i = 0; i < 50; i++) {
      const res = await post("/api/clients", { name: `Client ${i}`, email: `c${i}@example.com` }, cookie);
      if (res.status !== 201) throw new Error(`creating a client: ${res.status} ${await res.text()}`);
    }
    // Warm up every process (JIT, connection pools), then measure.
    const cannon = (seconds: number) =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [
            path.join(ROOT, "node_modules/autocannon/autocannon.js"),
            "-j",
            "-c",
            String(CONNECTIONS),
            "-d",
            String(seconds),
            "-H",
            `cookie=${cookie}`,
            `${ORIGIN}/api/clients`,
          ],
          { stdio: ["ignore", "pipe", "ignore"], maxBuffer: 64 * 1024 * 1024 },
        ).toString(),
      ) as { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
    cannon(3);
    const result = cannon(SECONDS);
    return {
      reqPerSec: Math.round(result.requests.average),
      p99: result.latency.p99,
      errors: result.non2xx + result.errors,
    };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

console.log(
  `GET /api/clients, ${CONNECTIONS} connections, ${SECONDS} s, ${availableParallelism()} cores, PostgreSQL`,
);
for (const processes of PROCESSES) {
  const r = await measure(processes);
  console.log(
    `WEB_CONCURRENCY=${processes}: ${r.reqPerSec} req/s, p99 ${r.p99} ms, ${r.errors} errors or non-2xx`,
  );
}
