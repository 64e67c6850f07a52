/**
 * The server the end-to-end suite drives: a fresh embedded database in .tmp/e2e-data-PORT, port E2E_PORT (3100),
 * a short writing time (E2E_MIN_WRITING_SECONDS, default 3) and the test clock switched on.
 */
import { rmSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const port = process.env.E2E_PORT ?? "3100";
const dataDir = resolve(root, `.tmp/e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  PORT: port,
  HOST: "127.0.0.1",
  APP_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  MIN_WRITING_SECONDS: process.env.E2E_MIN_WRITING_SECONDS ?? "3",
  TEST_CLOCK: "true",
  // Passwords hashed at a test cost (src/server/test-password-hash.ts): the suite signs up hundreds of writers.
  TEST_CHEAP_PASSWORD_HASH: "true",
  NODE_ENV: "test",
  LOG_REQUESTS: "false",
  AUTH_RATE_LIMIT_SCALE: "50",
  ADMIN_EMAILS: "editor@e2e.test",
  SITE_NAME: "inkwell",
  CLIENT_DIST_DIR: resolve(root, `.tmp/dist-${port}`),
  SERVER_DIST_DIR: resolve(root, `.tmp/dist-${port}-server`),
});
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
await import("./start.mjs");
