// The load generator for bench/load.ts, in its own process (never in the server's): autocannon
// drives a mix of requests and every response is bucketed by the second it arrived in, so the
// orchestrator can tell errors during a database restart from errors outside it.
// Input: one JSON argument { url, cookie, origin, connections, seconds, mix: [{ method, path, body?, weight }],
//   pdf: { connections, path } | null, webhook: { everyMs, secret } | null }.
// Output: one JSON line on stdout. BENCH_ENCODING replaces the Accept-Encoding sent ("identity": uncompressed).
import { createHmac, randomUUID } from "node:crypto";
import autocannon from "autocannon";

const opts = JSON.parse(process.argv[2]);
const started = Date.now();
/** second -> { status -> count } */
const buckets = new Map();
const latencies = [];

function record(status, ms) {
  const second = Math.floor((Date.now() - started) / 1000);
  const bucket = buckets.get(second) ?? {};
  buckets.set(second, bucket);
  bucket[status] = (bucket[status] ?? 0) + 1;
  if (ms !== undefined) latencies.push(ms);
}

const headers = {
  cookie: opts.cookie,
  origin: opts.origin,
  "content-type": "application/json",
  "accept-encoding": process.env.BENCH_ENCODING ?? "gzip, br",
};

// Bodies arrive as templates with a {{uuid}} placeholder.
for (const [i, r] of opts.mix.entries()) {
  if (!r.body) continue;
  const template = JSON.stringify(r.body);
  opts.mix[i].body = () => JSON.parse(template.replaceAll("{{uuid}}", randomUUID().slice(0, 8)));
}

// autocannon walks `requests` in order on each connection: repeat each entry by its weight.
const requests = opts.mix.flatMap((r) =>
  Array.from({ length: r.weight }, () => ({
    method: r.method,
    path: r.path,
    headers,
    setupRequest: (req) => (r.body ? { ...req, body: JSON.stringify(r.body()) } : req),
  })),
);

function run(connections, reqs) {
  const instance = autocannon({
    url: opts.url,
    connections,
    duration: opts.seconds,
    timeout: 10,
    requests: reqs,
  });
  instance.on("response", (_client, statusCode, _bytes, responseTime) => record(statusCode, responseTime));
  instance.on("reqError", () => record("error"));
  return new Promise((resolve) => instance.on("done", resolve));
}

async function webhooks() {
  if (!opts.webhook) return { sent: 0, failed: 0 };
  let sent = 0;
  let failed = 0;
  const deadline = started + opts.seconds * 1000;
  while (Date.now() < deadline) {
    const body = JSON.stringify({
      event: "payment.captured",
      payload: {
        payment: {
          entity: {
            id: `pay_${randomUUID().slice(0, 14)}`,
            order_id: `order_${randomUUID().slice(0, 14)}`,
            amount: 100,
            currency: "INR",
          },
        },
      },
    });
    const signature = createHmac("sha256", opts.webhook.secret).update(body).digest("hex");
    const t = performance.now();
    try {
      const res = await fetch(`${opts.url}/api/webhooks/razorpay`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": signature,
          "x-razorpay-event-id": `evt_${randomUUID()}`,
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      record(res.status, performance.now() - t);
      if (res.status >= 500) failed++;
      sent++;
    } catch {
      record("error");
      failed++;
    }
    await new Promise((r) => setTimeout(r, opts.webhook.everyMs));
  }
  return { sent, failed };
}

const pdfRequests = opts.pdf
  ? [
      {
        method: opts.pdf.method ?? "POST",
        path: opts.pdf.path,
        headers: { cookie: opts.cookie, origin: opts.origin },
      },
    ]
  : null;
const [main, pdf, hooks] = await Promise.all([
  run(opts.connections, requests),
  pdfRequests ? run(opts.pdf.connections, pdfRequests) : Promise.resolve(null),
  webhooks(),
]);
latencies.sort((a, b) => a - b);
const pct = (p) =>
  latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? null;
process.stdout.write(
  `${JSON.stringify({
    requests: latencies.length,
    seconds: opts.seconds,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    mainRps: main.requests.average,
    pdfRps: pdf?.requests.average ?? 0,
    webhooks: hooks,
    buckets: Object.fromEntries(buckets),
  })}\n`,
);
