// The public invoice page (/i/<token>) from outside: time to first byte over sequential requests
// from a client without a cookie, the page's size, and the JavaScript it loads (gzipped), against
// the compiled server on a fresh embedded database. Goal: well under 50 KB of gzipped JS.
// Run: npm run build && npx tsx bench/public-page.ts   (BENCH_N requests, 50 by default)
import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { startSignedInServer } from "./built-server";

// The page allows 60 views per address per minute: warm-up, the first fetch and N stay below it.
const N = Number(process.env.BENCH_N ?? 50);

/** Milliseconds from sending the request to the first byte of the answer's body. */
function ttfb(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, (res) => {
      if (res.statusCode !== 200) reject(new Error(`answered ${res.statusCode}`));
      res.once("data", () => resolve(performance.now() - started));
      res.on("error", reject);
      res.resume();
    });
    req.on("error", reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function main() {
  const server = await startSignedInServer(3996, "publicpage");
  try {
    const headers = { cookie: server.cookie, origin: server.origin, "content-type": "application/json" };
    const created = await fetch(`${server.origin}/api/invoices`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        invoiceNumber: "PUB-BENCH-1",
        status: "due",
        invoiceDate: "2026-11-21",
        dueDate: "2026-12-21",
        currency: "INR",
        client: { name: "Lakshmi Stores", phone: "9876543210" },
        items: Array.from({ length: 10 }, (_, i) => ({
          id: `l${i}`,
          name: `Item ${i}`,
          quantity: "2",
          rate: "450.50",
          taxPercent: "5",
        })),
        includeBankDetails: true,
        includeUpiQrCode: true,
        bankDetails: {
          bankName: "HDFC",
          accountNumber: "50100012345678",
          ifscCode: "HDFC0001234",
          branchName: "Pune",
          upiId: "kesari@okhdfc",
          upiIdIsMerchant: false,
        },
      }),
    });
    const { invoice } = await created.json();
    const link = await (
      await fetch(`${server.origin}/api/invoices/${invoice.id}/public-link`, {
        method: "POST",
        headers,
        body: "{}",
      })
    ).json();
    const html = await (await fetch(link.url)).text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    let jsGzip = 0;
    for (const src of scripts)
      jsGzip += gzipSync(Buffer.from(await (await fetch(new URL(src, link.url))).text()), {
        level: 9,
      }).length;
    for (let i = 0; i < 5; i++) await ttfb(link.url);
    const times: number[] = [];
    for (let i = 0; i < N; i++) times.push(await ttfb(link.url));
    times.sort((a, b) => a - b);
    console.log(`public page, ${N} sequential requests without a cookie:`);
    console.log(
      `  time to first byte p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );
    console.log(
      `  HTML ${(html.length / 1024).toFixed(1)} KB (${(gzipSync(Buffer.from(html)).length / 1024).toFixed(1)} KB gzipped)`,
    );
    console.log(
      `  JavaScript: ${scripts.join(", ")}: ${(jsGzip / 1024).toFixed(2)} KB gzipped (goal: under 50 KB)`,
    );
  } finally {
    await server.stop();
  }
}

await main();
