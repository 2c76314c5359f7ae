import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Keep small assets as files: inlined data URIs would need CSP exceptions.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Few, cacheable chunks: the framework in one, code shared by several pages in
        // another. Over HTTP/1.1 a dozen tiny chunks queue behind each other on a phone.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            {
              // Components and helpers used by two pages or more; page content stays with its page.
              name: "shared",
              test: /[\\/](app[\\/](components|lib|hooks|config)|node_modules[\\/]lucide-react)[\\/]/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
