import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

export class DataDirLockedError extends Error {}

/** Whether a process with this id runs (EPERM: it does, as another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite takes no lock on its folder and two processes on one folder corrupt it, so the product
 * takes one itself. A lock left by a dead process is taken over. Returns the release function.
 */
export function acquireDataDirLock(dir: string): () => void {
  const path = join(dir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(path, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processAlive(owner)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another process (pid ${owner}). Stop it first, or use ` +
            "another DATA_DIR. To run several server processes, use a PostgreSQL server (DATABASE_URL).",
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}
