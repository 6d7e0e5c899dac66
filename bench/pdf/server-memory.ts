// Peak memory of the real server process (all its threads) while 10 PDF downloads run at once.
// Run: npx tsx bench/pdf/server-memory.ts   (fresh data folder, embedded database, port 3910)
// On PostgreSQL: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx ...
// (a database of its own is created there and dropped at the end; WEB_CONCURRENCY=1).
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

// What `npm start` runs: the compiled server, with the server's Node arguments.
execFileSync("node", ["scripts/build-server.mjs"], { stdio: "inherit" });
const { SERVER_NODE_ARGS } = (await import("../../scripts/server-node-args.mjs" as string)) as {
  SERVER_NODE_ARGS: string[];
};
const ADMIN_URL = process.env.BENCH_DATABASE_URL;
let databaseUrl: string | undefined;
const DB_NAME = `bahi_pdfmem_${process.pid}`;
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
if (ADMIN_URL) {
  await admin(`CREATE DATABASE ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  databaseUrl = url.toString();
}
const PORT = 3910;
const BASE = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-pdfmem-"));
function startServer() {
  return spawn("node", [...SERVER_NODE_ARGS, "dist/server/main.mjs"], {
    env: {
      ...process.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: "1" } : {}),
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: "inherit",
  });
}
async function waitHealthy() {
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
}
// The first start creates the database in-process (PGlite's initdb), which leaves that process
// larger; a running server has been restarted since, so the figures come from a second start.
let child = startServer();
await waitHealthy();
const rssMb = () => {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};
console.log(`server RSS right after the first start (creates the database): ${rssMb().toFixed(0)} MB`);
const headers = { origin: BASE, "content-type": "application/json" };
// Two accounts, five downloads each: the render queue lets one account have 6 downloads in
// progress (one rendering at a time), so 10 from one account would get 429s, not PDFs. Two
// accounts also keep both render threads busy, as two customers downloading at once would.
const USERS = ["pdfmem1@example.com", "pdfmem2@example.com"];
const PER_USER = 5;
const password = "pdf-memory-42";
const outbox = path.join(dataDir, "outbox");
async function signUp(email: string) {
  await fetch(`${BASE}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name: "" }),
  });
  const mail = readdirSync(outbox)
    .map((file) =>
      readFileSync(path.join(outbox, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    )
    .find((text) => new RegExp(`^To: .*${email}`, "mi").test(text));
  await fetch(mail!.match(/http:\/\/\S+verify-email\S+/)![0], { redirect: "manual" });
}
async function signIn(email: string) {
  const response = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
const items = Array.from({ length: 20 }, (_, i) => ({
  id: `l${i}`,
  name: `Item ${i + 1} — हस्तनिर्मित`,
  hsnSac: "9403",
  unit: "pcs",
  quantity: String(i + 1),
  rate: "1234.50",
  discountPercent: "5",
  taxPercent: "18",
}));
const invoiceIds: string[] = [];
for (const email of USERS) {
  await signUp(email);
  const cookie = await signIn(email);
  const created = await fetch(`${BASE}/api/invoices`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({
      invoiceNumber: "INV-MEM-0001",
      status: "due",
      invoiceDate: "2026-11-21",
      dueDate: "2026-12-21",
      currency: "INR",
      client: { name: "राम कुमार" },
      items,
    }),
  });
  const { invoice } = (await created.json()) as { invoice: { id: string } };
  invoiceIds.push(invoice.id);
}
await new Promise((resolve) => {
  child.once("exit", resolve);
  child.kill("SIGTERM");
});
child = startServer();
await waitHealthy();
const cookies: string[] = [];
for (const email of USERS) cookies.push(await signIn(email));
await new Promise((r) => setTimeout(r, 3000)); // let the pool finish warming
console.log(`server RSS idle, pool warm: ${rssMb().toFixed(0)} MB`);
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMb());
}, 10);
const started = performance.now();
const statuses = await Promise.all(
  USERS.flatMap((_, u) =>
    Array.from({ length: PER_USER }, () =>
      fetch(`${BASE}/api/invoices/${invoiceIds[u]}/pdf`, {
        method: "POST",
        headers: { cookie: cookies[u], origin: BASE },
      }).then(async (r) => {
        const body = Buffer.from(await r.arrayBuffer());
        return r.status === 200 && body.subarray(0, 5).toString() === "%PDF-" ? "PDF" : String(r.status);
      }),
    ),
  ),
);
const elapsed = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, rssMb());
const pdfs = statuses.filter((s) => s === "PDF").length;
console.log(
  `${statuses.length} concurrent downloads (${USERS.length} accounts x ${PER_USER}): ${pdfs} PDFs` +
    (pdfs < statuses.length ? `, other answers ${statuses.filter((s) => s !== "PDF").join(",")}` : "") +
    ` in ${elapsed.toFixed(0)} ms`,
);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log("\nGoal (issue 29):");
console.log(
  `  ${peak <= 300 && pdfs === statuses.length ? "MET " : "MISS"} peak RSS <= 300 MB with 10 PDFs in flight, the real server, ${databaseUrl ? "PostgreSQL" : "embedded database"} (${peak.toFixed(0)} MB${pdfs < statuses.length ? `; only ${pdfs} were PDFs` : ""})`,
);
await new Promise((resolve) => {
  child.once("exit", resolve);
  child.kill("SIGTERM");
});
if (ADMIN_URL) await admin(`DROP DATABASE ${DB_NAME}`);
