import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "./paths";
import { closed, freePort, isAlive, serverEnv, watchOutput } from "./testing/processes";
import { seedPgliteDataDir } from "./testing/templates";

describe("npm start", () => {
  it("stops the server when npm is sent SIGTERM (as Docker, systemd or kill do), freeing the data folder", async () => {
    // A data folder with the database in place: this is about the signal, not the first start
    // (private-files.test.ts starts on an empty folder).
    const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-start-"));
    await seedPgliteDataDir(dataDir);
    const port = await freePort();
    // Its own process group, so that whatever is left over can be cleaned up after a failure.
    const npm = spawn("npm", ["start"], {
      cwd: PROJECT_ROOT,
      env: serverEnv({ PORT: String(port), DATA_DIR: dataDir }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const output = watchOutput(npm);
    try {
      await output.waitFor(/Bahi is ready at/);
      const lock = path.join(dataDir, "db.lock");
      const serverPid = Number(readFileSync(lock, "utf8"));
      expect(serverPid).not.toBe(npm.pid);

      npm.kill("SIGTERM");
      // The pipes close only when every process holding them is gone, the server included.
      await closed(npm);
      expect(isAlive(serverPid)).toBe(false);
      expect(existsSync(lock)).toBe(false);
      expect(output.text()).toContain('"msg":"stopped"');
    } finally {
      try {
        process.kill(-npm.pid!, "SIGKILL");
      } catch {
        // the group is gone already
      }
    }
  }, 240_000);
});
