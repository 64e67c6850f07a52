import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { seedFreshDatabase } from "./db/seed.ts";
import { DataDirLockedError, DataDirUnwritableError } from "./db/lock.ts";
import { Drain, SERVER_OPTIONS } from "./http/lifecycle.ts";
import { NODE_SERVER_OPTIONS, withFastPath } from "./http/node-server.ts";
import { feedFastPath } from "./modules/community/feed-fast-path.ts";
import { createDeps } from "./create-deps.ts";
import { EnvError, loadEnv } from "./env.ts";
import { logError } from "./log.ts";

/** The whole shutdown must fit well within a supervisor's usual 10 s grace period. */
const SHUTDOWN_LIMIT_MS = 8_000;
/** After the last answer, how long sockets get to finish sending it before they are closed. */
const SOCKET_GRACE_MS = 1_000;

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
  const drain = new Drain();
  const fast = feedFastPath(deps, { draining: () => drain.isDraining, take: (req, res) => drain.take(req, res) });
  const server = serve({ fetch: drain.wrap(app.fetch), port: env.PORT, hostname: env.HOST, serverOptions: SERVER_OPTIONS, createServer: withFastPath(fast), ...NODE_SERVER_OPTIONS }, (info) => {
    // One line a person reads first (the JSON line below is for log collectors).
    const local = ["127.0.0.1", "::1", "0.0.0.0", "::"].includes(info.address) ? "localhost" : info.address;
    console.log(`${env.SITE_NAME} is running at http://${local}:${info.port}`);
    console.log(
      JSON.stringify({ level: "info", msg: `${env.SITE_NAME} is listening`, url: `http://${info.address === "::1" ? "localhost" : info.address}:${info.port}`, appUrl: env.APP_URL, database: deps.database.kind }),
    );
  }) as Server;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ level: "info", msg: "shutting down", signal }));
    const force = setTimeout(() => {
      console.error(JSON.stringify({ level: "error", msg: "shutdown timed out; exiting" }));
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    // 1. Stop accepting connections, refuse new requests on kept-alive ones, end live streams.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const answered = drain.start();
    deps.endLiveStreams();
    server.closeIdleConnections();
    // 2. Answer everything already taken (each answer says Connection: close).
    await answered;
    // 3. Sockets left are idle (their last answer is sent) or about to be refused: close them.
    server.closeIdleConnections();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, SOCKET_GRACE_MS).unref())]);
    server.closeAllConnections();
    // 4. Only then the database.
    await deps.stop().catch((err: unknown) => logError("closing the database failed", err));
    console.log(JSON.stringify({ level: "info", msg: "stopped" }));
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

void main();
