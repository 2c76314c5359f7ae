// Unused files, exports and dependencies (`npm run knip`, part of `npm run check`). Knip's
// plugins find most entry points themselves: package.json scripts (server/main.ts …), React
// Router's routes (app/routes.ts), the Vite, Vitest and Playwright configs and their tests.
// Listed here: what starts by hand or by path.
import type { KnipConfig } from "knip";

export default {
  entry: [
    // Build steps, media generators, benchmarks and operator commands (package.json scripts).
    "scripts/**/*.{ts,mjs}",
    // Started as a child process by its test (server/contact/crash.test.ts).
    "server/contact/testing/fixture-server.ts",
    // Each one adds its tables to the database's type (declaration merging into server/db/schema.ts):
    // that needs no import, so some are imported by nothing.
    "server/*/tables.ts",
    // Found by file, in order, by server/db/migrate.ts (Kysely's FileMigrationProvider).
    "server/db/migrations/[0-9]*.ts",
    // The service worker, bundled by scripts/postbuild.ts.
    "app/service-worker/sw.ts",
  ],
  project: ["app/**/*.{ts,tsx,css}", "server/**/*.ts", "scripts/**/*.{ts,mjs}", "tests/**/*.ts"],
  // An export the module itself uses is part of its interface, not dead code.
  ignoreExportsUsedInFile: true,
  // Debian's package manager, run by the scripts that install Chromium and nginx; the system's own
  // tools the full-disk test uses (tests/pages/outage.test.ts: a small tmpfs, filled up).
  ignoreBinaries: ["apt-get", "mount", "umount", "dd"],
  // Imported by a name TypeScript does not follow (scripts/postbuild.ts says why).
  ignoreDependencies: ["@serwist/build"],
} satisfies KnipConfig;
