import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Removes the data folder this run made under .tmp/ (a folder given in E2E_DATA_DIR is kept).
 * Playwright stops its web server only after this hook, so first stop the server that holds the
 * folder (its pid is in the folder's lock file) and wait for it to close the database.
 */
export default async function globalTeardown() {
  if (process.env.E2E_OWN_DATA_DIR !== "1") return;
  const dataDir = path.resolve(process.env.E2E_DATA_DIR!);
  const lock = path.join(dataDir, "db.lock");
  const pid = existsSync(lock) ? Number(readFileSync(lock, "utf8")) : 0;
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    process.kill(pid, "SIGTERM");
    for (let i = 0; i < 200 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  }
  rmSync(dataDir, { recursive: true, force: true });
  const parent = path.dirname(dataDir);
  if (path.basename(parent) === ".tmp" && readdirSync(parent).length === 0) rmdirSync(parent);
}
