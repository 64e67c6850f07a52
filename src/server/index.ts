import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { seedFreshDatabase } from "./db/seed.ts";
import { DataDirLockedError, DataDirUnwritableError } from "./db/lock.ts";
import { createDeps } from "./deps.ts";
import { EnvError, loadEnv } from "./env.ts";

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let deps;
  try {
    deps = await createDeps(env);
  } catch (err) {
    // Known reasons not to start: one clear line, no stack trace.
    const code = (err as NodeJS.ErrnoException).code;
    const known = err instanceof DataDirLockedError || err instanceof DataDirUnwritableError ? err : code === "ENOSPC" ? new DataDirUnwritableError(env.DATA_DIR, code) : null;
    if (known) {
      console.error(known.message);
      process.exit(1);
    }
    throw err;
  }
  const serverTz = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  await seedFreshDatabase(deps.db, deps.clock.now(), serverTz);
  const granted = await deps.admins.grantConfiguredAtBoot(env.ADMIN_EMAILS);
  for (const email of granted) console.log(JSON.stringify({ level: "info", msg: "admin granted from ADMIN_EMAILS", email }));

  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    console.log(
      JSON.stringify({ level: "info", msg: `${env.SITE_NAME} is listening`, url: `http://${info.address === "::1" ? "localhost" : info.address}:${info.port}`, appUrl: env.APP_URL, database: deps.database.kind }),
    );
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ level: "info", msg: "shutting down", signal }));
    const force = setTimeout(() => {
      console.error(JSON.stringify({ level: "error", msg: "shutdown timed out; exiting" }));
      process.exit(1);
    }, 10_000);
    force.unref();
    // Stop accepting, end live streams, let in-flight requests finish, then close the database.
    server.close(async () => {
      await deps.stop().catch((err: unknown) => console.error(String(err)));
      console.log(JSON.stringify({ level: "info", msg: "stopped" }));
      process.exit(0);
    });
    deps.endLiveStreams();
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

void main();
