import path from "node:path";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** Prints the ten spec files whose tests took longest in all (retries included), after the run. */
export default class SlowestSpecsReporter implements Reporter {
  private byFile = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(process.cwd(), test.location.file);
    this.byFile.set(file, (this.byFile.get(file) ?? 0) + result.duration);
  }

  onEnd() {
    const rows = [...this.byFile].sort((a, b) => b[1] - a[1]).slice(0, 10);
    console.log("\nSlowest spec files (sum of their tests' times):");
    for (const [file, ms] of rows) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
  }

  printsToStdio() {
    return false;
  }
}
