// Gzipped JavaScript a first visit to a page downloads (default /auth), measured in Chromium.
// Run: npx vite build && npx tsx bench/bundle-size.ts [url]
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/chromium";

const url = process.argv[2] ?? "http://localhost:3000/auth";
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const page = await browser.newPage();
const scripts: { url: string; raw: number; gzip: number }[] = [];
page.on("response", async (response) => {
  if (response.request().resourceType() !== "script") return;
  const body = await response.body();
  scripts.push({
    url: new URL(response.url()).pathname,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
  });
});
await page.goto(url, { waitUntil: "networkidle" });
await browser.close();
const kb = (n: number) => (n / 1024).toFixed(1);
for (const s of scripts)
  console.log(`${kb(s.gzip).padStart(7)} KB gz  ${kb(s.raw).padStart(7)} KB  ${s.url}`);
const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
console.log(
  `total JavaScript for ${url}: ${kb(total)} KB gzipped in ${scripts.length} files (goal <= 150 KB)`,
);
