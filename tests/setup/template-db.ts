import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import PgBoss from "pg-boss";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase, PGLITE_EXTENSIONS } from "#server/db/client.ts";
import { JOBS_SCHEMA } from "#server/jobs/queue.ts";

/**
 * Vitest global setup of the server tests: the database is created and migrated ONCE per run, and
 * each test app starts from a copy (tests/setup/app.ts). Creating a PGlite database (initdb) is the
 * slow part of a test app's boot, several seconds; loading a migrated copy takes a fraction of that.
 * - in memory (default): a migrated PGlite's data directory, dumped to a tarball in a temp folder;
 *   its path is provided as `pgliteTemplate`.
 * - with DATABASE_URL: a migrated database on that server, provided as `postgresTemplate`; each
 *   test app gets `CREATE DATABASE ... TEMPLATE` it.
 * The job queue's schema is in it too. Nothing date-dependent is in the template: each app still
 * seeds itself with its own clock.
 */
declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate?: string;
    postgresTemplate?: string;
  }
}

/** One statement on the PostgreSQL server at `url` (CREATE/DROP DATABASE), on its own connection. */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** `url` with its database name replaced. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The job queue's own tables (pg-boss creates them on its first start; the template has them already). */
const jobsSchema = () => PgBoss.getConstructionPlans(JOBS_SCHEMA);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `inkwell_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    // Migrated through the app's own open step; closed before use, as a template must have no connections.
    const database = await openDatabase({ databaseUrl: databaseUrl(url, name) });
    await database.sql(jobsSchema());
    await database.close();
    project.provide("postgresTemplate", name);
    return () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle(client), { migrationsFolder });
  await client.exec(jobsSchema());
  const dir = mkdtempSync(join(tmpdir(), "inkwell-template-"));
  const file = join(dir, "pgdata.tar");
  writeFileSync(file, new Uint8Array(await (await client.dumpDataDir("none")).arrayBuffer()));
  await client.close();
  project.provide("pgliteTemplate", file);
  return async () => rmSync(dir, { recursive: true, force: true });
}
