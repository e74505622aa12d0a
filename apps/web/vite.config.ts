import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { antdStaticStylesPlugin } from "./vite/antd-static-styles-plugin";
import { pageChunks } from "./vite/page-chunks";

const chunks = pageChunks();

export default defineConfig(({ command }) => ({
  plugins: [antdStaticStylesPlugin(), reactRouter(), chunks.plugin],
  // The server build bundles antd and its own packages: imported from node_modules, their
  // CommonJS entries load every component and every icon, file by file, on the first page a
  // server renders (docs/performance.md, "Server memory on the embedded database"). React, React
  // Router and the rest stay external, so the server and the build share one copy of each. Only in
  // the build: the development server's module runner cannot evaluate those CommonJS files itself
  // (antd/locale/*.js: "module is not defined"), and imports them from node_modules instead.
  ssr:
    command === "build"
      ? { noExternal: [/^antd(\/|$)/, /^@ant-design\//, /^@rc-component\//, /^rc-/, "@emotion/hash"] }
      : {},
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // A shared chunk may export more names than an entry (vite/page-chunks.ts).
          preserveEntrySignatures: "allow-extension",
          output: { codeSplitting: { groups: chunks.groups } },
        },
      },
    },
  },
}));
