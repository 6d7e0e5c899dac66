import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the ten test files that took longest, after the run (`npm test`, issue 29): where to look
 * first when the suite gets slow. A file's time is its import plus its tests and hooks.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules.map((m) => {
      const d = m.diagnostic();
      return { file: path.relative(process.cwd(), m.moduleId), ms: d.collectDuration + d.duration };
    });
    rows.sort((a, b) => b.ms - a.ms);
    console.log("\nSlowest test files (import + tests):");
    for (const { file, ms } of rows.slice(0, 10))
      console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
  }
}
