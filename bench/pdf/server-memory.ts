// Peak memory of the real server process (all its threads) while 10 PDF downloads run at once.
// Run: npx tsx bench/pdf/server-memory.ts   (fresh data folder, port 3910)
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// What `npm start` runs: the compiled server.
execFileSync("node", ["scripts/build-server.mjs"], { stdio: "inherit" });
const PORT = 3910;
const BASE = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-pdfmem-"));
function startServer() {
  return spawn("node", ["dist/server/main.mjs"], {
    env: {
      ...process.env,
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
const email = "pdfmem@example.com";
const password = "pdf-memory-42";
await fetch(`${BASE}/api/auth/sign-up/email`, {
  method: "POST",
  headers,
  body: JSON.stringify({ email, password, name: "" }),
});
const outbox = path.join(dataDir, "outbox");
const mail = readFileSync(path.join(outbox, readdirSync(outbox)[0]), "utf8")
  .replace(/=\r?\n/g, "")
  .replace(/=3D/g, "=");
await fetch(mail.match(/http:\/\/\S+verify-email\S+/)![0], { redirect: "manual" });
const signIn = await fetch(`${BASE}/api/auth/sign-in/email`, {
  method: "POST",
  headers,
  body: JSON.stringify({ email, password }),
});
let cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
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
await new Promise((resolve) => {
  child.once("exit", resolve);
  child.kill("SIGTERM");
});
child = startServer();
await waitHealthy();
const again = await fetch(`${BASE}/api/auth/sign-in/email`, {
  method: "POST",
  headers,
  body: JSON.stringify({ email, password }),
});
cookie = again.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
await new Promise((r) => setTimeout(r, 3000)); // let the pool finish warming
console.log(`server RSS idle, pool warm: ${rssMb().toFixed(0)} MB`);
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMb());
}, 10);
const started = performance.now();
const statuses = await Promise.all(
  Array.from({ length: 10 }, () =>
    // One account: the render queue accepts 6 at a time (1 rendering), the rest answer 429.
    fetch(`${BASE}/api/invoices/${invoice.id}/pdf`, {
      method: "POST",
      headers: { cookie, origin: BASE },
    }).then((r) => r.status),
  ),
);
const elapsed = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, rssMb());
console.log(
  `10 concurrent downloads: statuses ${[...new Set(statuses)].join(",")} in ${elapsed.toFixed(0)} ms`,
);
console.log(`server peak RSS during them: ${peak.toFixed(0)} MB (goal < 400 MB)`);
child.kill("SIGTERM");
