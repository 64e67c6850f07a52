import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { Drain } from "../../http/lifecycle.ts";

/*
 * GET /api/ready (issue 27 item 3): whether this instance can serve now, for a load balancer to
 * drain it before a deploy; /api/health stays the liveness check (the process answers).
 */

let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(() => t?.close());

const DATABASE_DOWN = { ready: false, failed: "database", message: "The database is unavailable; please try again in a moment." };
const SHUTTING_DOWN = { ready: false, failed: "shutting_down", message: "The server is restarting; please try again in a moment." };

describe("GET /api/ready", () => {
  it("is ready when the database answers, its migrations are done and the server is not stopping", async () => {
    expect(await t.json("/api/ready")).toEqual({ status: 200, body: { ready: true } });
  });

  it("is not ready, naming the database, when the database refuses", async () => {
    const ping = vi.spyOn(t.deps.database, "ping").mockRejectedValueOnce(new Error("connection refused"));
    try {
      expect(await t.json("/api/ready")).toEqual({ status: 503, body: DATABASE_DOWN });
    } finally {
      ping.mockRestore();
    }
    expect((await t.json("/api/ready")).status).toBe(200);
  });

  it("is not ready when the database does not answer at all, within a few seconds rather than the pool's time-out", async () => {
    const ping = vi.spyOn(t.deps.database, "ping").mockReturnValueOnce(new Promise(() => undefined));
    try {
      const started = Date.now();
      expect(await t.json("/api/ready")).toEqual({ status: 503, body: DATABASE_DOWN });
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      ping.mockRestore();
    }
  });

  it("is not ready, naming the migrations, when the database is behind this version's migrations", async () => {
    const newest = "(select max(created_at) from drizzle.__drizzle_migrations)";
    await t.deps.database.sql(`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`, []);
    try {
      expect(await t.json("/api/ready")).toEqual({ status: 503, body: { ready: false, failed: "migrations", message: "The database is not at this version's migrations yet." } });
    } finally {
      await t.deps.database.sql(`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`, []);
    }
    expect((await t.json("/api/ready")).status).toBe(200);
  });
});

describe("GET /api/ready during shutdown", () => {
  it("turns 503 once shutdown begins, while /api/health still says the process is alive", async () => {
    const stopping = await createTestApp();
    try {
      // What SIGTERM does first (index.ts): the drain refuses new requests, live streams end.
      const drain = new Drain();
      const fetch = drain.wrap(stopping.app.fetch);
      const ask = async (path: string) => {
        const res = await fetch(new Request(`http://localhost${path}`));
        return { status: res.status, body: (await res.json()) as unknown };
      };
      expect(await ask("/api/ready")).toEqual({ status: 200, body: { ready: true } });
      stopping.deps.endLiveStreams();
      // A request already inside the app when shutdown began.
      expect(await stopping.json("/api/ready")).toEqual({ status: 503, body: SHUTTING_DOWN });
      expect((await stopping.json("/api/health")).status).toBe(200);
      // One that arrives after: the drain answers it without the app, in the same words.
      await drain.start();
      expect(await ask("/api/ready")).toEqual({ status: 503, body: SHUTTING_DOWN });
    } finally {
      await stopping.close();
    }
  });
});
