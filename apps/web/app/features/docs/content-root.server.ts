import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_LOCALE } from "@nc/contracts/locales";

/**
 * The repository's content/ folder, found by walking up from this module: the module sits at
 * different depths in the source (development, tests) and in the server build (build/server/).
 */
export function findContentRoot(from = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const candidate = join(dir, "content");
    if (existsSync(join(candidate, DEFAULT_LOCALE))) return candidate;
    if (dirname(dir) === dir) throw new Error(`no content/${DEFAULT_LOCALE} folder above ${from}`);
  }
}
