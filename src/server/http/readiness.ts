import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReadyFailure, ReadyResponse } from "#shared/schemas/health.ts";
import { migrationsFolder, type Database } from "../db/client.ts";
import { withDeadline } from "../deadline.ts";
import { SERVICE_MESSAGES } from "./errors.ts";

/*
 * Readiness (issue 27 item 3), for a load balancer: /api/health says the process answers (the
 * liveness check, unchanged); /api/ready says this instance can serve now: it is not shutting
 * down, the database answers a trivial query quickly, and the database has every migration this
 * version ships (a database restored from an older backup, or a replica behind, has not).
 */

/** The database must answer within this, or the instance is not ready (the pool's own time-out is 5–15 s). */
export const READY_DB_MS = 2_000;

export const READY_MESSAGES: Record<ReadyFailure, string> = {
  shutting_down: "The server is restarting; please try again in a moment.",
  database: SERVICE_MESSAGES.databaseUnavailable,
  migrations: "The database is not at this version's migrations yet.",
};

export const notReady = (failed: ReadyFailure): ReadyResponse => ({ ready: false, failed, message: READY_MESSAGES[failed] });

/** When this version's newest migration was made (drizzle records it as the row's created_at). */
let newestMigration: number | undefined;
function newestMigrationMillis(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
    newestMigration = Math.max(...journal.entries.map((e) => e.when));
  }
  return newestMigration;
}

async function migrated(database: Database): Promise<boolean> {
  const { rows } = await database.sql("select max(created_at)::text as newest from drizzle.__drizzle_migrations", []);
  const newest = (rows[0] as { newest: string | null } | undefined)?.newest;
  return newest !== null && newest !== undefined && Number(newest) >= newestMigrationMillis();
}

/** The first check this instance fails, or null when it can serve. */
export async function readiness(database: Database, shutdown: AbortSignal): Promise<ReadyFailure | null> {
  if (shutdown.aborted) return "shutting_down";
  try {
    await withDeadline(database.ping(), READY_DB_MS);
  } catch {
    return "database";
  }
  try {
    return (await withDeadline(migrated(database), READY_DB_MS)) ? null : "migrations";
  } catch (err) {
    // No migrations table at all: nothing was migrated. Anything else: the database.
    return (err as { code?: string }).code === "42P01" ? "migrations" : "database";
  }
}
