import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";

export class DataDirLockedError extends Error {}

/** Two processes on one PGlite folder corrupt it: the second one must refuse to start. */
export function takeLock(file: string): () => void {
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, "utf8"));
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new DataDirLockedError(
        `The data folder is in use by another Bahi process (pid ${pid}). Stop it first, or set DATA_DIR to another folder.`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, "utf8") === String(process.pid)) rmSync(file);
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
