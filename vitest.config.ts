import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    pool: "forks",
    // The tests wait on PostgreSQL and password hashing more than on the CPU: two workers
    // even on two cores (measured: 45 s instead of 65 s), more on bigger machines.
    maxWorkers: Math.min(8, Math.max(2, availableParallelism())),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          // Each file boots its own app on its own database, but the server's modules are
          // loaded once per worker instead of once per file: a quarter less time (measured).
          isolate: false,
          include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
          // One embedded PostgreSQL for the run, with a migrated template database that each
          // test file clones (tests/setup/test-app.ts).
          globalSetup: ["tests/setup/global-setup.ts"],
        },
      },
      {
        // Components rendered in a simulated browser: no database, so they start in a second.
        extends: true,
        test: {
          name: "web",
          environment: "happy-dom",
          include: ["src/web/**/*.test.tsx"],
          setupFiles: ["src/web/test/setup.ts"],
        },
      },
    ],
  },
});
