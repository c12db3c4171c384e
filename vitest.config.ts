import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
    // One embedded PostgreSQL for the run, with a migrated template database that each
    // test file clones (tests/setup/test-app.ts).
    globalSetup: ["tests/setup/global-setup.ts"],
    pool: "forks",
    // The tests wait on PostgreSQL and password hashing more than on the CPU: two workers
    // even on two cores (measured: 45 s instead of 65 s), more on bigger machines.
    maxWorkers: Math.min(8, Math.max(2, availableParallelism())),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
