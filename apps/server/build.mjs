// Bundles the server (and the operator CLI) into dist/. The workspace's own packages are compiled
// in; everything from node_modules stays an ordinary import.
import { build } from "esbuild";

await build({
  entryPoints: { main: "src/main.ts", cli: "src/cli/main.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-node-modules",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@nc/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
