/**
 * V8's heap settings the server runs with (`npm start` puts them first in NODE_OPTIONS, so an
 * operator's own NODE_OPTIONS, read after them, wins).
 *
 * Left to itself V8 lets the heap grow to two or three times what is alive before it collects: a
 * 1M-row upload on the embedded database peaked at ~600 MB of which ~200 MB was garbage waiting
 * for a collection, with ~80 MB alive. A 256 MB old generation makes it collect earlier (peak
 * ~370–400 MB at the same speed within noise), and a 4 MB semi-space keeps the young generation at
 * a few MB instead of up to 48 MB, which an idle server holds too. Everything the server reads or
 * writes in bulk is streamed (docs/architecture.md), so what is alive stays far below the cap.
 * Measured in docs/performance.md, "V8's heap settings".
 */
export const SERVER_NODE_OPTIONS = "--max-old-space-size=256 --max-semi-space-size=4";

/** NODE_OPTIONS for a server process: ours first, the caller's after (the last setting wins). */
export function serverNodeOptions(callers: string | undefined): string {
  return callers ? `${SERVER_NODE_OPTIONS} ${callers}` : SERVER_NODE_OPTIONS;
}

/**
 * V8 flags the server runs with that NODE_OPTIONS refuses, so `npm start` passes them on node's
 * command line. `--liftoff-only`: the embedded database (PGlite) is WebAssembly; by default V8
 * compiles each function it calls with its quick baseline compiler (Liftoff), then the hot ones
 * again optimised (TurboFan), and keeps both. The baseline code alone, of only the functions
 * called, is the smallest: an idle server holds ~40 MB less than with optimised code only
 * (`--no-liftoff`) and ~60–70 MB less than both. Its queries cost the database up to a fifth more
 * CPU in a tight loop of small statements, and a 1M-row upload runs at the same speed within
 * noise (the engine and the file, not the database, bound it). Measured in docs/performance.md,
 * "Server memory on the embedded database".
 */
export const SERVER_V8_FLAGS: readonly string[] = ["--liftoff-only"];
