import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Keep small assets as files: inlined data URIs would need CSP exceptions.
    assetsInlineLimit: 0,
  },
});
