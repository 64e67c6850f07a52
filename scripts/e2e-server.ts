/**
 * The server the end-to-end suite drives: a fresh embedded database in .tmp/e2e-data, port 3100,
 * a short writing time (E2E_MIN_WRITING_SECONDS, default 3) and the test clock switched on.
 */
import { rmSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const dataDir = resolve(root, ".tmp/e2e-data");
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  PORT: "3100",
  HOST: "127.0.0.1",
  APP_URL: "http://localhost:3100",
  DATA_DIR: dataDir,
  MIN_WRITING_SECONDS: process.env.E2E_MIN_WRITING_SECONDS ?? "3",
  TEST_CLOCK: "true",
  NODE_ENV: "test",
  LOG_REQUESTS: "false",
  AUTH_RATE_LIMIT_SCALE: "50",
  ADMIN_EMAILS: "editor@e2e.test",
  SITE_NAME: "inkwell",
});
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
await import("./start.ts");
