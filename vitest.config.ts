import { defineConfig } from "vitest/config";

// Unit and component tests only; the React Router plugin is not needed here.
export default defineConfig({
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/hostile/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    // A worker per core. Vitest's default for a run leaves one core idle (one worker on two
    // cores), while most of these tests wait on child processes, sockets and PostgreSQL:
    // 208 s → 143 s on two cores.
    maxWorkers: "100%",
  },
});
