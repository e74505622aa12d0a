import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { antdStaticStylesPlugin } from "./vite/antd-static-styles-plugin";

export default defineConfig({
  plugins: [antdStaticStylesPlugin(), reactRouter()],
});
