// Pages on a phone: Lighthouse's mobile preset (simulated slow 4G and a 4x slower CPU) on /auth,
// and, signed in as a new user, /dashboard and /invoice/new. Each page is measured RUNS times
// (3 by default) in Debian's Chromium; prints the median performance score, LCP, TBT and CLS.
// Goal: score >= 90, CLS < 0.1, TBT < 200 ms on every page.
// Run: npm run build && npm install --prefix bench/lighthouse && npx tsx bench/lighthouse/lighthouse.ts
//      (Lighthouse and chrome-launcher are this bench's own, in bench/lighthouse/package.json: 179
//      packages the project's install no longer unpacks for every clone; decision 0107)
//      (BENCH_URL=http://host:port with BENCH_COOKIE="name=value" measures a running server instead)
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium";
import { startSignedInServer } from "../built-server";

const [chromeLauncher, { default: lighthouse }] = await Promise.all([
  import("chrome-launcher"),
  import("lighthouse"),
]).catch(() => {
  console.error(
    "Lighthouse is not installed for this bench. Run first: npm install --prefix bench/lighthouse",
  );
  process.exit(1);
});

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3996);
const PAGES = (process.env.BENCH_PAGES ?? "/auth,/dashboard,/invoice/new").split(",");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * One Lighthouse run. A run whose trace Lighthouse could not read (NO_NAVSTART, which a busy
 * machine causes now and then) is repeated, up to twice, rather than counted as a score of 0.
 */
async function measure(port: number, url: string, cookie: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        // /auth is measured signed out; the app's pages with the new user's session cookie.
        extraHeaders: cookie ? { Cookie: cookie } : {},
      },
      undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
    if (!lhr.runtimeError || attempt === 3) return lhr;
    console.log(`  ${url}: ${lhr.runtimeError.code}, measuring again`);
  }
}

async function main() {
  const external = process.env.BENCH_URL;
  const target = external
    ? { origin: external, cookie: process.env.BENCH_COOKIE ?? "", stop: async () => {} }
    : await startSignedInServer(PORT, "lighthouse");
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
  });
  // One discarded run first: the first navigation of a fresh Chromium is slower than the rest.
  await lighthouse(`${target.origin}/auth`, {
    port: chrome.port,
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  const rows: string[] = [];
  const benchmarkIndexes: number[] = [];
  try {
    for (const page of PAGES) {
      const runs: { score: number; lcp: number; tbt: number; cls: number; script: number }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = await measure(
          chrome.port,
          `${target.origin}${page}`,
          page === "/auth" ? "" : target.cookie,
        );
        if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== page)
          throw new Error(`${page} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
        if (process.env.BENCH_SAVE) {
          mkdirSync(process.env.BENCH_SAVE, { recursive: true });
          writeFileSync(
            path.join(process.env.BENCH_SAVE, `${page.replaceAll("/", "_")}-${i + 1}.json`),
            JSON.stringify(lhr),
          );
        }
        benchmarkIndexes.push(lhr.environment.benchmarkIndex);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: audit("largest-contentful-paint"),
          tbt: audit("total-blocking-time"),
          cls: audit("cumulative-layout-shift"),
          script: audit("bootup-time"),
        });
        const r = runs.at(-1)!;
        console.log(
          `  ${page} run ${i + 1}: score ${r.score}, LCP ${(r.lcp / 1000).toFixed(2)} s, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}, script ${(r.script / 1000).toFixed(2)} s`,
        );
      }
      const m = (k: keyof (typeof runs)[number]) => median(runs.map((r) => r[k]));
      rows.push(
        `| ${page.padEnd(13)} | ${String(m("score")).padStart(5)} | ${(m("lcp") / 1000).toFixed(2).padStart(6)} s | ${String(Math.round(m("tbt"))).padStart(6)} ms | ${m("cls").toFixed(3)} | ${(m("script") / 1000).toFixed(2).padStart(5)} s |`,
      );
    }
  } finally {
    chrome.kill();
    await target.stop();
  }
  console.log(`\nLighthouse mobile, median of ${RUNS} runs (goal: score >= 90, CLS < 0.1, TBT < 200 ms)`);
  console.log("| page          | score |    LCP   |    TBT    |  CLS  | script |");
  console.log("|---------------|-------|----------|-----------|-------|--------|");
  for (const row of rows) console.log(row);
  // Lighthouse slows the observed CPU work down 4x: on a machine busy with other work the figures
  // get worse (a lower benchmark index means a slower or busier machine at the time).
  console.log(`Lighthouse benchmark index of this machine (median): ${Math.round(median(benchmarkIndexes))}`);
}

await main();
