import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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
 * a module (vi.mock) needs its own module graph: those are found (MOCKING,
 * CLIENT_MOCKING) and run isolated, in `server-mocks` and `unit-mocks` (`--project 'server*'`
 * runs both server projects). The server projects start with @hono/node-server's Request and
 * Response in place of the global ones, as the running server does (tests/setup/node-server-globals.ts),
 * whichever file a worker ran first.
 */
const ROOT = fileURLToPath(new URL(".", import.meta.url));
/** Test files under `dir` (relative to the project) that mock a module. */
const mocking = (dir: string) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(ROOT, dir, f), "utf8")))
    .map((f) => join(dir, f));
const MOCKING = mocking("src/server");
const CLIENT_MOCKING = [...mocking("src/client"), ...mocking("src/shared"), ...mocking("tests")];
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
          setupFiles: ["tests/setup/node-server-globals.ts"],
          globalSetup: ["tests/setup/template-db.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "server-mocks",
          include: MOCKING,
          setupFiles: ["tests/setup/node-server-globals.ts"],
          globalSetup: ["tests/setup/template-db.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/**/*.test.ts"],
          exclude: ["src/server/**", "tests/e2e/**", "node_modules/**", ...CLIENT_MOCKING],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "unit-mocks", include: CLIENT_MOCKING },
      },
    ],
  },
});
