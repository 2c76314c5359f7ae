import { configDefaults, defineConfig } from "vitest/config";

/**
 * The tests that start or read the production build. scripts/test.sh runs them after `npm run
 * build`; every other test runs before it, beside the static checks. A test that needs the build
 * but is missing here fails on CI (TEST_REQUIRE_BUILD=1 and no build yet in a fresh clone).
 */
const NEEDS_BUILD = [
  "server/app.test.ts",
  "server/framework-output.test.ts",
  "server/multi-instance.test.ts",
  "server/newsletter/crash.test.ts",
  "tests/pages/**/*.test.ts",
];
/** Hostile requests and a flood: alone, as they measure /healthz latency under load. */
const HOSTILE = ["tests/hostile/**/*.test.ts"];
/** One PostgreSQL cluster for a run, with a migrated template database (server/db/testing). */
const POSTGRES = ["server/db/testing/global-setup.ts"];

// Unit, component and API tests; the React Router plugin is not needed here.
export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    // A worker per core. Vitest's default for a run leaves one core idle (one worker on two
    // cores), while most of these tests wait on child processes, sockets and PostgreSQL:
    // 208 s → 143 s on two cores.
    maxWorkers: "100%",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...NEEDS_BUILD],
          globalSetup: POSTGRES,
        },
      },
      { extends: true, test: { name: "built", include: NEEDS_BUILD, globalSetup: POSTGRES } },
      { extends: true, test: { name: "hostile", include: HOSTILE } },
    ],
  },
});
