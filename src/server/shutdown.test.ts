import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { submissions } from "#server/db/schema/index.ts";
import { freshPostgres } from "#tests/setup/app.ts";
import { callProcess as call, PROCESS_APP_URL, signUpOnProcess, startServerProcess, type ServerProcess } from "#tests/setup/server-process.ts";

/*
 * SIGTERM under load, on the engine this run uses (PGlite here, PostgreSQL in CI's second pass):
 * writers keep publishing on kept-alive connections while the server stops. Every piece the
 * server committed must have been acknowledged to its writer, every acknowledged piece must be
 * there after a restart, and the process must exit 0 well within its limit.
 */

const APP_URL = PROCESS_APP_URL;
const WRITERS = 8;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function signUp(server: ServerProcess, n: number): Promise<string> {
  return signUpOnProcess(server, `Writer ${n}`, `shutdown-${n}-${Date.now()}@example.com`);
}

/** One writer publishing piece after piece until the server stops answering; returns the acknowledged ids. */
async function publishUntilRefused(server: ServerProcess, cookie: string, promptId: string, signalled: () => boolean, onAck: () => void): Promise<string[]> {
  const acknowledged: string[] = [];
  for (;;) {
    try {
      const session = await call(server, "/api/writing-sessions", { json: {}, cookie });
      if (session.res.status !== 201) return acknowledged;
      const { res, body } = await call(server, "/api/submissions", {
        cookie,
        json: { content: "Ten minutes of honest words.", title: null, promptId, action: "publish", signature: "name", page: "write", writingSession: session.body!.token, idempotencyKey: crypto.randomUUID() },
      });
      if (res.status === 201) {
        acknowledged.push((body!.submission as { id: string }).id);
        onAck();
      }
      else if (res.status === 503 && signalled()) return acknowledged;
      else throw new Error(`publish answered ${res.status}: ${JSON.stringify(body)}`);
    } catch (err) {
      // The server closed the connection or refused a new one: it is going away.
      if (signalled()) return acknowledged;
      throw err;
    }
  }
}

describe("shutdown under load", () => {
  it("answers what it took, refuses the rest, closes the database and exits 0", async () => {
    let env: Record<string, string>;
    let open: () => ReturnType<typeof openDatabase>;
    const pgUrl = process.env.DATABASE_URL;
    if (pgUrl) {
      const fresh = await freshPostgres(pgUrl);
      await fresh.database.close();
      cleanups.push(fresh.drop);
      env = { DATABASE_URL: fresh.url };
      open = () => openDatabase({ databaseUrl: fresh.url });
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), "inkwell-shutdown-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir };
      open = () => openDatabase({ dataDir, holder: "shutdown test" });
    }
    const server = await startServerProcess({ ...env, APP_URL });
    cleanups.push(() => void server.child.kill("SIGKILL"));

    const cookies = await Promise.all(Array.from({ length: WRITERS }, (_, i) => signUp(server, i)));
    const today = await call(server, "/api/prompts/today");
    const promptId = (today.body!.prompt as { id: string }).id;

    let signalledAt = 0;
    const signalled = () => signalledAt > 0;
    // Stop the server in the middle of the load: once the writers have had 40 pieces acknowledged.
    let acked = 0;
    let loadBuilt: () => void = () => undefined;
    const built = new Promise<void>((resolve) => (loadBuilt = resolve));
    const onAck = () => {
      if (++acked === 40) loadBuilt();
    };
    const writers = cookies.map((cookie) => publishUntilRefused(server, cookie, promptId, signalled, onAck));
    await built;
    signalledAt = Date.now();
    server.child.kill("SIGTERM");
    const acknowledged = (await Promise.all(writers)).flat();
    const { code, at } = await server.exited;

    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(8_000);
    expect(server.output.some((l) => l.includes('"msg":"stopped"'))).toBe(true);

    const db = await open();
    try {
      const stored = await db.db.select({ id: submissions.id }).from(submissions);
      const storedIds = new Set(stored.map((r) => r.id));
      // Every acknowledged piece is there, and nothing was committed without an answer.
      expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
      expect(stored.length).toBe(acknowledged.length);
      expect((await db.db.select({ id: submissions.id }).from(submissions).where(inArray(submissions.id, acknowledged))).length).toBe(acknowledged.length);
    } finally {
      await db.close();
    }
  }, 120_000);
});
