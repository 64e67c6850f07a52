/**
 * TARGET_DATABASE_URL=postgres://USER:PASSWORD@HOST:PORT/DATABASE npm run copy-to-postgres
 * (or the address as the argument, without a password: PGPASSWORD is read then)
 *
 * Moves a club from the embedded database (DATA_DIR) to a PostgreSQL server (issue 27 item 4,
 * docs/deploy.md): migrates the target, then copies every table into it in one transaction
 * (db/copy-database.ts). The server must be stopped (the DATA_DIR lock says so); the target must
 * have no accounts yet. Afterwards, set DATABASE_URL to the same address and start the server.
 */
import PgBoss from "pg-boss";
import { openDatabase, type Database } from "../src/server/db/client.ts";
import { copyDatabase, CopyRefusedError } from "../src/server/db/copy-database.ts";
import { DataDirLockedError } from "../src/server/db/lock.ts";
import { EnvError, loadEnv } from "../src/server/env.ts";
import { JOBS_SCHEMA } from "../src/server/jobs/queue.ts";

const usage =
  "usage: TARGET_DATABASE_URL=postgres://USER:PASSWORD@HOST:PORT/DATABASE npm run copy-to-postgres\n" +
  "   or: npm run copy-to-postgres -- postgres://USER@HOST:PORT/DATABASE (a password there shows in the process list)";

async function main(): Promise<number> {
  // From the environment by default: a password on the command line is visible to every user.
  const target = process.env.TARGET_DATABASE_URL ?? process.argv[2];
  if (!target || !/^postgres(ql)?:\/\//.test(target)) {
    console.error(usage);
    return 2;
  }
  const env = loadEnv();
  const started = Date.now();
  let source: Database | undefined;
  let destination: Database | undefined;
  try {
    source = await openDatabase({ dataDir: env.DATA_DIR, holder: "npm run copy-to-postgres" });
    destination = await openDatabase({ databaseUrl: target });
    console.log(`Copying ${env.DATA_DIR} into ${new URL(target).host}${new URL(target).pathname}...`);
    const copied = await copyDatabase(source, destination, PgBoss.getConstructionPlans(JOBS_SCHEMA));
    for (const { table, rows } of copied) if (rows > 0) console.log(`${String(rows).padStart(9)}  ${table}`);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server with DATABASE_URL set to this address.`);
    return 0;
  } finally {
    await destination?.close();
    await source?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof DataDirLockedError || err instanceof EnvError || err instanceof CopyRefusedError) console.error(err.message);
    else console.error(err instanceof Error ? `The copy failed and the target was left as it was: ${err.message}` : err);
    process.exit(1);
  },
);
