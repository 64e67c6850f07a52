import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { NEW_ACCOUNT_DAILY_COMMENTS, NEW_ACCOUNT_DAILY_PIECES } from "#shared/domain/new-account.ts";

/** The one place that reads process.env. Every setting is optional. */
const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** Defaults to http://localhost:PORT (see parseEnv), so links in emails follow the port. */
  APP_URL: z
    .url({ protocol: /^https?$/ })
    .transform((u) => u.replace(/\/+$/, ""))
    .optional(),
  SITE_NAME: z.string().trim().min(1).max(40).default("inkwell"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Where `npm run backup` and the nightly backup write (default DATA_DIR/backups). */
  BACKUP_DIR: z.string().min(1).optional(),
  /** The nightly backup job (7 daily and 4 weekly kept in BACKUP_DIR); false turns it off. */
  BACKUPS: boolish.default(true),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  MIN_WRITING_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
  TRUST_PROXY: boolish.default(false),
  /** Multiplies every per-client rate limit: sign-in/sign-up/reset, writing sessions, OG images, comments, likes (tests and load runs raise it). */
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().positive().max(100_000).default(1),
  /**
   * Per-account limits of a new, unconfirmed account (issue 13 item 7): public pieces and comments
   * a day. Their own settings, never scaled with the per-client ones (issue 24 item 5).
   */
  NEW_ACCOUNT_DAILY_PIECES: z.coerce.number().int().min(1).max(100_000).default(NEW_ACCOUNT_DAILY_PIECES),
  NEW_ACCOUNT_DAILY_COMMENTS: z.coerce.number().int().min(1).max(100_000).default(NEW_ACCOUNT_DAILY_COMMENTS),
  /** Test-only: lets the end-to-end suite move the server clock. Refused with NODE_ENV=production. */
  TEST_CLOCK: boolish.default(false),
  /** Test-only: passwords hashed at a 64th of the shipped cost (test-password-hash.ts). Refused unless NODE_ENV=test. */
  TEST_CHEAP_PASSWORD_HASH: boolish.default(false),
  LOG_REQUESTS: boolish.default(true),
  /** Where the built client is served from (the e2e suite builds one per port). */
  CLIENT_DIST_DIR: z.string().min(1).default("dist/client"),
  /** The server's page renderer; by default CLIENT_DIST_DIR-ssr/entry-server.js (http/ssr.ts). */
  SSR_ENTRY: z.string().min(1).optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Turns on GET /metrics (Prometheus text), readable only with `Authorization: Bearer <this>`; unset, /metrics does not exist. */
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, "APP_URL" | "BACKUP_DIR"> & {
  APP_URL: string;
  BACKUP_DIR: string;
  /** The origins a browser may write from (http/same-origin.ts, better-auth): see appOrigins. */
  APP_ORIGINS: string[];
};

/**
 * APP_URL's origin when it is set. Unset, the server is on this machine, and the loopback names
 * of its port are one site (issue 24 item 4): `npm start` prints localhost, and a newcomer who
 * opens 127.0.0.1 or [::1] instead must still be able to sign up.
 */
export function appOrigins(appUrl: string | undefined, port: number): string[] {
  if (appUrl) return [new URL(appUrl).origin];
  return ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${port}`);
}

/** Reads KEY=VALUE lines of a .env file; values already in the environment win. */
function readDotEnv(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const out: Record<string, string> = {};
  for (const raw of readFileSync(path, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq < 1) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    out[key] = value;
  }
  return out;
}

export class EnvError extends Error {}

/** Parses the configuration; a bad value throws one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) if (v !== undefined && v !== "") cleaned[k] = v;
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new EnvError(`Invalid configuration: ${name} ${issue.message} (got "${cleaned[name] ?? ""}")`);
  }
  if (result.data.TEST_CLOCK && result.data.NODE_ENV === "production") {
    throw new EnvError("Invalid configuration: TEST_CLOCK cannot be enabled with NODE_ENV=production");
  }
  // Only a test run, not only "not production": a development data folder made with it would lock its
  // writers out of an install that later runs without it.
  if (result.data.TEST_CHEAP_PASSWORD_HASH && result.data.NODE_ENV !== "test") {
    throw new EnvError("Invalid configuration: TEST_CHEAP_PASSWORD_HASH can be enabled only with NODE_ENV=test");
  }
  const APP_URL = result.data.APP_URL ?? `http://localhost:${result.data.PORT}`;
  const DATA_DIR = resolve(result.data.DATA_DIR);
  const BACKUP_DIR = resolve(result.data.BACKUP_DIR ?? `${DATA_DIR}/backups`);
  return { ...result.data, APP_URL, APP_ORIGINS: appOrigins(result.data.APP_URL, result.data.PORT), DATA_DIR, BACKUP_DIR };
}

export function loadEnv(): Env {
  return parseEnv({ ...readDotEnv(resolve(".env")), ...process.env });
}
