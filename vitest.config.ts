import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globals: true,
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "node",
    globalSetup: ["src/server/testing/global-setup.ts"],
    testTimeout: 30_000,
    // expect.poll gives up after 1 s by default: too short beside the browser tests on 2 cores.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 60_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
    reporters: ["default", "./src/server/testing/slowest-reporter.ts"],
  },
});
