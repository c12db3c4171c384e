import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
    // One embedded PostgreSQL for the run, with a migrated template database that each
    // test file clones (tests/setup/test-app.ts).
    globalSetup: ["tests/setup/global-setup.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
