/**
 * Runs in <head> before any module: zod reads this global setting when it loads and then never
 * probes `new Function`, which the pages' Content-Security-Policy forbids (docs/security.md). The
 * probe's error is caught, but the browser still reports a violation on every page. Only the
 * browser gets it: the server keeps zod's faster compiled parsers.
 */
export const NO_EVAL_SCRIPT =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
