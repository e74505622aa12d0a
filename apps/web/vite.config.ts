import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { antdStaticStylesPlugin } from "./vite/antd-static-styles-plugin";
import { pageChunks } from "./vite/page-chunks";

const chunks = pageChunks();

export default defineConfig({
  plugins: [antdStaticStylesPlugin(), reactRouter(), chunks.plugin],
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
});
