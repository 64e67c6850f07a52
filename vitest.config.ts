import { defineConfig } from "vitest/config";

/**
 * Two projects so that only a run with server tests in it builds the test database template
 * (tests/setup/template-db.ts: migrated once per run, copied by each API test app).
 */
export default defineConfig({
  test: {
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/setup/console.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts"],
          globalSetup: ["tests/setup/template-db.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/**/*.test.ts"],
          exclude: ["src/server/**", "tests/e2e/**", "node_modules/**"],
        },
      },
    ],
  },
});
