import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/config/pages.ts";

export default {
  ssr: true,
  // Every page whose content does not depend on the request is rendered to
  // build/client at build time; the server serves those files first (server/prerendered.ts, server/fast-path.ts).
  prerender: { paths: () => prerenderPaths(), concurrency: 2 },
} satisfies Config;
