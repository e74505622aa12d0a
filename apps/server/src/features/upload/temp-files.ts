import { randomUUID } from "node:crypto";
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { processAlive } from "../../db/data-dir-lock";

/**
 * Temp files of uploads (a spooled workbook, its spilled string table) carry the process id in
 * their name, so a process starting up can tell the files of a process that died mid-upload (a
 * crash, a kill) from those of a live one sharing the folder, and remove only the former.
 */
const PREFIX = "nc-upload-";

export function uploadTempPath(dir: string, suffix: string): string {
  return join(dir, `${PREFIX}${process.pid}-${randomUUID()}-${suffix}`);
}

/** Removes upload temp files left by processes that are gone; answers how many. */
export async function removeOrphanUploads(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(/^nc-upload-(\d+)-/.exec(name)?.[1]);
    // Files named before the pid was part of the name have none: their writer is long gone.
    if (pid === process.pid || (Number.isInteger(pid) && processAlive(pid))) continue;
    await rm(join(dir, name), { force: true, recursive: true });
    removed += 1;
  }
  return removed;
}
