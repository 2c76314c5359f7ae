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
              priority: 4,
            },
            {
              // Motion and viewport hooks (counters, meters, videos, carousels): the pages that
              // animate load them, the others do not.
              name: "motion",
              test: /[\\/]app[\\/]hooks[\\/](use-motion|use-in-view)\.ts/,
              minShareCount: 2,
              priority: 2.6,
            },
            {
              // The carousel state, hook and controls: the home pages and the project carousel.
              name: "carousel",
              test: /[\\/]app[\\/](lib[\\/]carousel\.ts|hooks[\\/]use-carousel\.ts|components[\\/]ui[\\/]carousel-controls\.tsx)/,
              minShareCount: 2,
              // Below "shared", which takes what these import from elsewhere (icons, cn) first.
              priority: 2.5,
            },
            {
              // Components and helpers used by two pages or more; page content stays with its page.
              // Every page loads this chunk, so code for one kind of page (pictures, the blog) has
              // its own chunk below (docs/decisions/006-blog.md).
              name: "shared",
              test: /[\\/](app[\\/](components[\\/](?!blog[\\/]|ui[\\/]picture\.|ui[\\/]carousel-controls\.)|lib[\\/](?!paginate\.|comment-form\.|blog-meta\.|carousel\.)|hooks[\\/](?!use-carousel\.|use-motion\.|use-in-view\.)|config[\\/])|node_modules[\\/]lucide-react[\\/])/,
              minShareCount: 2,
              priority: 3,
            },
            {
              // <Picture> with the media manifest, for the pages that look pictures up by name.
              name: "media",
              test: /[\\/]app[\\/](components[\\/]ui[\\/]picture\.tsx|content[\\/]media-manifest\.json)/,
              minShareCount: 2,
              priority: 2,
            },
            {
              // What the blog's list and post pages share.
              name: "blog",
              test: /[\\/]app[\\/](components[\\/]blog[\\/]|lib[\\/](paginate|comment-form|blog-meta)\.)/,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
