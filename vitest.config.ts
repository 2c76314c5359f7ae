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
  },
});
