import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Projects so that only a run with server tests in it builds the test database template
 * (tests/setup/template-db.ts: migrated once per run, copied by each API test app).
 *
 * Files share their worker's modules (`isolate: false`): each file no longer imports the whole
 * app afresh, which took a third of the suite's time (the server tests 40 % faster, the client's
 * 55 %, for CI's 30 minutes). Every test app is still its own (its own database, clock and
 * caches: tests/setup/app.ts), and tests/setup/console.ts puts back what a file stubbed or faked
 * (timers, globals, environment, spies) when it ends. A file that mocks
 * a module (vi.mock) needs its own module graph: those are found (MOCKING) and run isolated, in
 * `server-mocks` (`--project 'server*'` runs both).
 */
const MOCKING = readdirSync("src/server", { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".test.ts") && readFileSync(join("src/server", f), "utf8").includes("vi.mock("))
  .map((f) => join("src/server", f));
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
          exclude: MOCKING,
          isolate: false,
          globalSetup: ["tests/setup/template-db.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "server-mocks",
          include: MOCKING,
          globalSetup: ["tests/setup/template-db.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/**/*.test.ts"],
          exclude: ["src/server/**", "tests/e2e/**", "node_modules/**"],
          isolate: false,
        },
      },
    ],
  },
});
