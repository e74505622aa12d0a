type WebCrypto = typeof globalThis.crypto;

let fromNode: Promise<WebCrypto> | undefined;

/**
 * WebCrypto: the global one (browsers, Deno, Bun, Node.js 19+), else node:crypto's `webcrypto`,
 * which Node.js 18 does not put on the global object. Loaded by a specifier bundlers leave alone, so
 * a browser build never tries to include it.
 */
export function webCrypto(): Promise<WebCrypto> {
  const global = (globalThis as { crypto?: WebCrypto }).crypto;
  if (global?.subtle) return Promise.resolve(global);
  const specifier = "node:crypto";
  fromNode ??= import(/* @vite-ignore */ /* webpackIgnore: true */ specifier).then(
    (module: { webcrypto: WebCrypto }) => module.webcrypto,
  );
  return fromNode;
}
