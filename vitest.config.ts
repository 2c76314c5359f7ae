import { configDefaults, defineConfig } from "vitest/config";

/** Tests that measure a library's own limits: marked's stack overflow depth moves once other
 *  files have warmed marked up in the same worker (optimised frames are smaller). */
const OWN_MODULES = ["app/config/markdown-depth.test.ts"];

/** One PostgreSQL cluster for a run, with a migrated template database (server/db/testing). */
const POSTGRES = ["server/db/testing/global-setup.ts"];

/** Tests of the built app in their own process (tests/pages/site.ts, server/app.test.ts): they
 *  render pages with React's production build, as the server does (server/production-env.ts).
 *  React picks its build once per process, and the component tests need the development one
 *  (`act`), so these run in workers of their own. */
const BUILT_APP = ["tests/pages/**/*.test.ts", "tests/spec/**/*.test.ts", "server/app.test.ts"];

// Unit, component and API tests, and the tests of the built server (scripts/test.sh builds
// first); the React Router plugin is not needed here.
export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    // Hooks start servers, PostgreSQL databases and picture conversions: 4-6 s alone, and past
    // Vitest's default 10 s when the picture tests convert beside them on two cores (the
    // export-import suite's beforeAll failed a CI run so).
    hookTimeout: 60_000,
    // Three workers on two cores: most of these tests wait on child processes, sockets and
    // PostgreSQL. (A percentage is capped at the number of cores: "150%" meant two.) 89 → 79 s
    // for the unit project alone on the 2-core Xeon (decision 018).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...OWN_MODULES, ...BUILT_APP],
          globalSetup: POSTGRES,
          // Test files of a worker share its modules: 62 s against 71 s for this project on two
          // cores (decision 018). Every file still gets fresh databases and its own servers.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "built-app",
          include: BUILT_APP,
          env: { NODE_ENV: "production" },
          globalSetup: POSTGRES,
          isolate: false,
        },
      },
      // Files that need modules nobody else has run: see OWN_MODULES.
      { extends: true, test: { name: "isolated", include: OWN_MODULES } },
      // Hostile requests and a flood: alone, as they measure /healthz latency under load.
      { extends: true, test: { name: "hostile", include: ["tests/hostile/**/*.test.ts"] } },
    ],
  },
});
