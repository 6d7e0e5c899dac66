import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest start first (measured in `.ci/run`; vitest orders a clean clone's
 * files by size, and a short file of long waits started last is the run's tail).
 */
const SLOWEST_FIRST = [
  "src/server/backup/backup.test.ts",
  "src/server/memory-budget.test.ts",
  "src/server/routes/auth-hardening.test.ts",
  "src/server/routes/payments.test.ts",
  "src/server/shutdown.test.ts",
  "src/server/scaling.test.ts",
  "src/server/routes/quotes.test.ts",
  "src/server/routes/invoices.test.ts",
  "src/server/routes/list-cursors.test.ts",
  "src/server/routes/auth.test.ts",
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Vitest keeps a worker of a shared module graph only while the next file in its queue is of the
    // same project: one isolated web file between two server files ended every server worker, and
    // the next server files loaded the server's graph again in new ones (decision 0126). So the
    // shared graph's files come first, together, and the isolated ones after them. (The web's files
    // stay isolated: with `isolate: false` they would share one jsdom, its storage and globals.)
    const project = (file: TestSpecification) => (file.project.config.isolate ? 1 : 0);
    const rank = (file: TestSpecification) => {
      const i = SLOWEST_FIRST.findIndex((slow) => file.moduleId.endsWith(slow));
      return i === -1 ? SLOWEST_FIRST.length : i;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => project(a.file) - project(b.file) || rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

/**
 * Test files that replace a module with `vi.mock`: they need a module graph of their own. The web's
 * files (jsdom, React) keep theirs too.
 */
const MOCKING = ["src/server/routes/invoice-settings-reads.test.ts"];

export default defineConfig({
  test: {
    globals: true,
    environment: "node",
    // Two projects (docs/decisions/0063). "node": the server, domain and contract tests share one
    // module graph per worker (`isolate: false`), so the server's imports (Fastify, better-auth,
    // drizzle, pdfkit...) are loaded once per worker rather than once per file: about 1.7 s of CPU
    // per file. The files put back their own fake timers, spies and stubbed variables.
    // "isolated": each file in a fresh worker, as before.
    projects: [
      {
        test: {
          name: "node",
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: ["src/web/**", ...MOCKING],
          isolate: false,
        },
      },
      { test: { name: "isolated", include: ["src/web/**/*.test.{ts,tsx}", ...MOCKING] } },
    ],
    globalSetup: ["src/server/testing/global-setup.ts"],
    // Each file's CPU, for the slowest-files reporter.
    setupFiles: ["src/server/testing/file-cpu.ts"],
    // A timeout catches a hang, it does not judge speed: CI's machine ran 2-3x slower than a quiet
    // one at stop 38 (decision 0084), so CI gives twice the time.
    testTimeout: process.env.CI ? 60_000 : 30_000,
    // expect.poll gives up after 1 s by default: too short beside the browser tests on 2 cores.
    expect: { poll: { timeout: 15_000 } },
    // A suite's set-up (a test app on a copied database) took over 60 s once when the machine ran
    // 3x slower than usual (a full run's CPU-seconds 1,135 against 378 on a quiet one).
    hookTimeout: process.env.CI ? 120_000 : 60_000,
    pool: "forks",
    // PGlite's WebAssembly runs on V8's baseline compiler only: a test file's queries are too few to
    // repay optimising PGlite's hot functions, which every worker did again. Five database-heavy files
    // took 14-22 % less CPU, 11-20 % less time and 24-40 % fewer page faults (decision 0120). The
    // servers the tests start run as `npm start` runs them.
    execArgv: ["--liftoff-only"],
    fileParallelism: true,
    // Three on 2 cores: the slowest files (backup 224 s wall for ~40 CPU-s) mostly wait on the disk
    // and on servers they start, and the other workers run other files meanwhile (decision 0069).
    maxWorkers: 3,
    sequence: { sequencer: SlowestFirst },
    reporters: ["default", "./src/server/testing/slowest-reporter.ts"],
  },
});
