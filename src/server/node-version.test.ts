import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error: plain JavaScript, shared with scripts/start.mjs and the compiled entries
import { nodeVersionProblem } from "../../scripts/node-version.mjs";
import { PROJECT_ROOT } from "./paths";
import { BACKUP_BUNDLE, buildServerIfStale, SERVER_BUNDLE } from "./testing/processes";

const check = nodeVersionProblem as (version: string, execPath?: string) => string | undefined;

describe("the Node version check", () => {
  it("accepts what package.json's engines accept and names the Node found and the one needed otherwise", () => {
    const engines = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")).engines;
    expect(engines.node).toBe("^22.22.2 || >=24.15");
    for (const ok of ["22.22.2", "22.30.0", "24.15.0", "24.21.0", "26.1.0"])
      expect(check(ok), ok).toBeUndefined();
    for (const old of ["18.20.0", "20.20.2", "22.12.0", "22.22.1", "23.11.0", "24.14.1"]) {
      const line = check(old, "/usr/bin/node");
      expect(line, old).toContain(`this is Node.js ${old} (/usr/bin/node)`);
      expect(line, old).toContain("Node.js 24");
      expect(line, old).not.toContain("\n");
    }
  });

  // The machine's own Node (Debian's, 20 here) is what an operator gets when they run the files
  // directly instead of through npm.
  const systemNode = "/usr/bin/node";
  const version = spawnSync(systemNode, ["-p", "process.versions.node"]).stdout?.toString().trim();
  it.skipIf(!version || check(version) === undefined)(
    "on an unsupported Node the compiled server, the backup command and npm start stop with that one line",
    async () => {
      // The compiled entries as `npm test` builds them (built here when stale); the backup stops
      // before it writes anything.
      buildServerIfStale();
      const scratch = mkdtempSync(path.join(tmpdir(), "bahi-node-check-"));
      try {
        for (const args of [
          [SERVER_BUNDLE],
          [BACKUP_BUNDLE, "backup", path.join(scratch, "x.bahi-backup")],
          [path.join(PROJECT_ROOT, "scripts/start.mjs")],
        ]) {
          const run = spawnSync(systemNode, args, { cwd: PROJECT_ROOT, encoding: "utf8", timeout: 30_000 });
          expect(run.status, args[0]).toBe(1);
          expect(run.stderr.trim().split("\n"), args[0]).toEqual([check(version!, systemNode)]);
          expect(run.stdout, args[0]).toBe("");
        }
        expect(readdirSync(scratch)).toEqual([]);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
