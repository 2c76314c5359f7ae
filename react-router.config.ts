import type { Config } from "@react-router/dev/config";
import { checkContent } from "./app/config/check-content.ts";
import { prerenderPaths } from "./app/config/pages.ts";

// Invalid content (a field that does not parse, a link to no page) stops the build and the dev
// server here, naming the file and the field.
checkContent();

export default {
  ssr: true,
  // Every page whose content does not depend on the request is rendered to
  // build/client at build time; the server serves those files first (server/prerendered.ts, server/fast-path.ts).
  prerender: { paths: () => prerenderPaths(), concurrency: 2 },
  // Lazy route discovery, React Router's default with SSR, stated so that it is a decision: a
  // page's HTML carries only its own routes, and the routes of the links it shows are fetched
  // from the server (`/__manifest?paths=…`) when the page has loaded. No public page loads
  // the full manifest, so the console's routes cost the public pages nothing
  // (tests/e2e/route-discovery.spec.ts; decisions 015 and 016, corrected).
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
