import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { TEST_FILE_TIMES } from "./test-config";

/**
 * Prints the ten test files that took longest, after the run (`npm test`, issue 29): where to look
 * first when the suite gets slow. A file's time is its import plus its tests and hooks; its CPU is
 * its worker's user + sys over the same span (`file-cpu.ts`; PostgreSQL's server and the processes
 * a test starts are not in it). Then the ten that used the most CPU: on 2 cores the run's length
 * follows the CPU, while a file that mostly waits only needs to start early.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules.map((m) => {
      const d = m.diagnostic();
      const cpuMs = (m.meta() as { cpuMs?: number }).cpuMs;
      return { file: path.relative(process.cwd(), m.moduleId), ms: d.collectDuration + d.duration, cpuMs };
    });
    const line = ({ file, ms, cpuMs }: (typeof rows)[number]) =>
      `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${cpuMs === undefined ? "" : (cpuMs / 1000).toFixed(1)}`.padEnd(
        22,
      ) + file;
    console.log("\nSlowest test files (import + tests: wall s, worker CPU-s):");
    for (const row of [...rows].sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(line(row));
    // Every file's figures, for a closer look (bench/cpu-of.sh says what the processes beside them used).
    if (TEST_FILE_TIMES) writeFileSync(TEST_FILE_TIMES, JSON.stringify(rows, null, 1));
    const measured = rows.filter((r) => r.cpuMs !== undefined);
    if (!measured.length) return;
    const total = measured.reduce((sum, r) => sum + r.cpuMs!, 0);
    console.log(`Most CPU (${(total / 1000).toFixed(1)} CPU-s in the workers' files in all):`);
    for (const row of [...measured].sort((a, b) => b.cpuMs! - a.cpuMs!).slice(0, 10)) console.log(line(row));
  }
}
