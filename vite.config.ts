import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { appModules, filesUnder, packageModules } from "./scripts/chunk-groups.ts";

// Each group's entries are paths that must exist: a stale one stops the build (scripts/chunk-groups.ts).
const appFiles = filesUnder(fileURLToPath(new URL("app", import.meta.url)));
const app = (members: string[], except?: string[]) => appModules(appFiles, members, except);
const nodeModules = fileURLToPath(new URL("node_modules", import.meta.url));

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
              test: packageModules(nodeModules, [
                "react",
                "react-dom",
                "react-router",
                "scheduler",
                "cookie",
              ]),
              priority: 4,
            },
            {
              // Motion and viewport hooks (counters, meters, videos, carousels): the pages that
              // animate load them, the others do not.
              name: "motion",
              test: app([
                "hooks/use-motion.ts",
                "hooks/use-in-view.ts",
                "components/ui/counter.",
                "lib/count-up.",
              ]),
              minShareCount: 2,
              priority: 2.6,
            },
            {
              // The carousel state, hook and controls: the home pages and the project carousel.
              name: "carousel",
              test: app([
                "lib/carousel.ts",
                "hooks/use-carousel.ts",
                "hooks/use-slide-track.ts",
                "components/ui/carousel-controls.tsx",
              ]),
              minShareCount: 2,
              // Below "shared", which takes what these import from elsewhere (icons, cn) first.
              priority: 2.5,
            },
            {
              // What nearly every page uses: the layout's parts, page header, buttons, icons,
              // site config and meta. Every page loads this chunk, so components that only some
              // pages use are not listed here: they go to the groups below or, unlisted, to the
              // chunks the bundler makes for the pages that share them
              // (docs/decisions/006-blog.md). Not the console's Markdown depth guard of its issue
              // form (decision 017), nor the posts' rules and file format with the Markdown parser
              // they check bodies with (the post editor's: decision 019).
              name: "shared",
              test: app(
                [
                  "config/",
                  ...["cn", "meta", "notify", "site-search"].map((f) => `lib/${f}.`),
                  "hooks/",
                  "components/layout/",
                  ...[
                    "page-header",
                    "button",
                    "icon",
                    "section-heading",
                    "picture-view",
                    "social-links",
                    "contact-details",
                    "newsletter-form",
                    "saved-on-phone",
                    "site-logo",
                    "overlay-dialog",
                    "modal-dialog",
                    "search-form",
                    "form-field",
                  ].map((f) => `components/ui/${f}.`),
                  ...["not-found", "error-message", "cta-band"].map((f) => `components/sections/${f}.`),
                ],
                [
                  "config/markdown-depth.",
                  "config/post-rules.",
                  "config/post-file.",
                  ...["use-carousel", "use-slide-track", "use-motion", "use-in-view"].map(
                    (f) => `hooks/${f}.`,
                  ),
                ],
              ),
              minShareCount: 2,
              priority: 3,
            },
            {
              // The contact form and its client: the home pages' contact blocks and Contact Us.
              name: "contact-form",
              test: app(["components/sections/contact-form.", "lib/contact-fields."]),
              minShareCount: 2,
              priority: 2.3,
            },
            {
              // The cards of services, projects and the team, with the team teaser, and the
              // testimonial card: the home pages, About and the service, project and team pages.
              // One chunk rather than two small ones: the home pages load both, and each chunk
              // has its own overhead. (The testimonial card is the console's preview's too: on its
              // own it would be one more request for every home page.)
              name: "cards",
              test: app([
                "components/services/service-card.",
                "components/projects/project-card.",
                "components/ui/tag-list.",
                "components/sections/team-card.",
                "components/sections/team-teaser.",
                "components/sections/testimonial-card.",
              ]),
              minShareCount: 2,
              priority: 2.4,
            },
            {
              // The about block and the achievement counters: About and the home pages. Named, so
              // that they stay one chunk now that the console's preview of a counter shares the
              // counters alone (the bundler would split them in two: one more request for those
              // pages; the console loads the about block's few hundred bytes too).
              name: "about-sections",
              test: app(["components/sections/about-block.", "components/sections/achievements."]),
              minShareCount: 2,
              priority: 2.2,
            },
            {
              // What the blog's list and post pages share (the home pages load it for their post
              // cards). Not the article's body with its videos (issue 49): the post page and the
              // console's preview take that in a chunk of their own, not every list and home page.
              name: "blog",
              test: app(
                ["components/blog/", "lib/paginate.", "lib/blog-meta."],
                [
                  "components/blog/post-body.",
                  "components/blog/article-video.",
                  "components/blog/video-poster.",
                ],
              ),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
