// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the client build,
// so the server sends built scripts and styles compressed at the strongest settings without
// compressing them again on every request (apps/server/src/features/web/web-handler.ts,
// docs/performance.md "Page weight").
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const CLIENT_DIR = new URL("../build/client/", import.meta.url).pathname;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map|wasm)$/;
// Smaller files gain a few bytes at most; they go out as they are.
const MIN_BYTES = 1024;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const path of files(CLIENT_DIR)) {
  if ((await stat(path)).size < MIN_BYTES) continue;
  const data = await readFile(path);
  const [brotli, gzipped] = await Promise.all([
    br(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is left out; the server then sends the file itself.
  if (brotli.length < data.length) await writeFile(`${path}.br`, brotli);
  if (gzipped.length < data.length) await writeFile(`${path}.gz`, gzipped);
  count += 1;
  before += data.length;
  after += Math.min(brotli.length, data.length);
}
console.log(
  `precompressed ${count} files: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB as brotli`,
);
