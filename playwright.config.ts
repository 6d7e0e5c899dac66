import { cpSync, existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "./tests/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// A folder made for this run is removed after it (tests/e2e/global-teardown.ts); a given one is kept.
if (!process.env.E2E_DATA_DIR) process.env.E2E_OWN_DATA_DIR = "1";
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `.tmp/e2e-${process.pid}`;
process.env.E2E_DATA_DIR = E2E_DATA_DIR;
// `npm test` gives a migrated embedded database to start on (E2E_SEED_DIR/db, made before the
// lanes by src/server/testing/make-templates.ts): the server starts on a copy of it instead of
// running initdb and every migration first (decision 0069). Without it the first start makes it.
const seed = process.env.E2E_SEED_DIR;
if (seed && process.env.E2E_OWN_DATA_DIR === "1" && !existsSync(path.join(E2E_DATA_DIR, "db"))) {
  cpSync(path.join(seed, "db"), path.join(E2E_DATA_DIR, "db"), { recursive: true });
}

export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  // A timeout is there to catch a hang, not to judge speed: a test of 10 s alone took over 60 s on
  // CI's machine when it was slow (stop 38: every accessibility check twice past 60 s), so CI gives
  // 120 s.
  timeout: process.env.CI ? 120_000 : 60_000,
  // The same for a wait: stop 39's run on a machine 3x slower than usual missed the first page of
  // two specs by 10 s (both passed alone in 10 s), so CI waits 30 s for what a user would see.
  expect: { timeout: process.env.CI ? 30_000 : 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["./tests/e2e/slowest-reporter.ts"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs every test CPU whether it passes or not (decision 0100: 22-30% of a
    // spec's CPU-s). CI records the retry of a test that failed (retries: 1); a local run keeps a
    // failed test's trace (`--trace on` records every test).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      // E2E_BROWSER: another browser binary, to compare (bench/browser-lane-cpu.sh).
      executablePath: process.env.E2E_BROWSER ?? HEADLESS_SHELL_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // What `npm start` runs: the compiled server (scripts/test.mjs builds it first).
    command: "node dist/server/main.mjs",
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    // A loaded 2-core machine can take most of a minute to start the compiled server.
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: "warn",
      // The browser tests create many accounts from one address.
      AUTH_REQUESTS_PER_IP: "10000",
      NODE_ENV: "production",
      // Production mode without SMTP: the tests read the confirmation links from the outbox.
      MAIL_OUTBOX: "1",
      // No Razorpay keys here: the specs buy credits through the local test checkout, which
      // production keeps off unless it is turned on by name (decision 0043).
      PAYMENTS_TEST_MODE: "1",
    },
  },
});
