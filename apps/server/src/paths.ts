import { fileURLToPath } from "node:url";

/**
 * apps/server on disk, both from src/ (tsx, tests) and from dist/ (the bundle): this file and the
 * bundle both sit one level below it.
 */
export const SERVER_ROOT = fileURLToPath(new URL("..", import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL("../drizzle", import.meta.url));
export const WEB_ROOT = fileURLToPath(new URL("../../web", import.meta.url));
