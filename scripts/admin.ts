/**
 * npm run admin -- grant EMAIL | revoke EMAIL | list
 *
 * Works on PostgreSQL (DATABASE_URL) at any time, and on the embedded database only while the
 * server is stopped: it takes the same DATA_DIR lock, so it never becomes a second opener.
 */
import { openDatabase } from "../src/server/db/client.ts";
import { DataDirLockedError } from "../src/server/db/lock.ts";
import { EnvError, loadEnv } from "../src/server/env.ts";
import { AdminDirectory } from "../src/server/modules/users/admins.service.ts";

const usage = "usage: npm run admin -- grant EMAIL | revoke EMAIL | list";

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if (!command || !["grant", "revoke", "list"].includes(command) || (command !== "list" && !email)) {
    console.error(usage);
    return 2;
  }
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, holder: "npm run admin" });
  try {
    const admins = new AdminDirectory(database.db);
    if (command === "list") {
      const rows = await admins.list();
      if (rows.length === 0) console.log("No admins yet. Grant one with: npm run admin -- grant EMAIL");
      for (const r of rows) console.log(`${r.email}\t${r.name}\tsince ${r.since.toISOString().slice(0, 10)}`);
      return 0;
    }
    if (command === "grant") {
      const result = await admins.grantByEmail(email!);
      if (!result) {
        console.error(`No account with the email ${email}. The person must register first.`);
        return 1;
      }
      console.log(result.granted ? `${email} is now an admin.` : `${email} was already an admin.`);
      return 0;
    }
    const result = await admins.revokeByEmail(email!);
    if (!result) {
      console.error(`No account with the email ${email}.`);
      return 1;
    }
    console.log(result.revoked ? `${email} is no longer an admin.` : `${email} was not an admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof DataDirLockedError || err instanceof EnvError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
