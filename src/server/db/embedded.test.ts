import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openDatabase, type Database } from "./client.ts";
import { typedRows } from "./typed-rows.ts";

/*
 * The embedded database on disk (what the app runs by default) lives in its own thread
 * (decision 009): a slow query must not stop the thread that answers HTTP.
 */

let dir: string;
let database: Database;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "inkwell-embedded-"));
  database = await openDatabase({ dataDir: dir, holder: "embedded.test" });
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database on disk", () => {
  it("runs with the memory settings chosen for a small server (docs/decisions/014-memory.md)", async () => {
    const { rows } = (await database.db.execute(
      sql`select name, setting, unit from pg_settings where name in ('shared_buffers', 'temp_buffers', 'work_mem') order by name`,
    )) as unknown as { rows: { name: string; setting: string; unit: string }[] };
    // 8 kB pages: 16 MB of shared buffers (PostgreSQL's 128 MB default was most of the thread's memory).
    expect(rows).toEqual([
      { name: "shared_buffers", setting: "2048", unit: "8kB" },
      { name: "temp_buffers", setting: "1024", unit: "8kB" },
      { name: "work_mem", setting: "4096", unit: "kB" },
    ]);
  });

  it("keeps the request thread free while a query runs", async () => {
    const slow = database.db.execute(sql`select pg_sleep(1)`).then(() => "query");
    const timer = new Promise<string>((resolve) => setTimeout(() => resolve("request thread"), 50));
    expect(await Promise.race([slow, timer])).toBe("request thread");
    await slow;
  });

  it("delivers a NOTIFY sent in a transaction on commit, and not after a rollback", async () => {
    const got: string[] = [];
    const unlisten = await database.listen("embedded_test", (p) => got.push(p));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('embedded_test', 'kept')`);
    });
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('embedded_test', 'undone')`);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await database.ping();
    expect(got).toEqual(["kept"]);
    await unlisten();
  });

  it("returns a result larger than one socket write whole (a seeded database's ids, a long export)", async () => {
    const { rows } = (await database.db.execute(
      sql`select g, md5(g::text) || repeat('x', 200) as v from generate_series(1, 20000) g`,
    )) as unknown as { rows: { g: number; v: string }[] };
    expect(rows).toHaveLength(20_000);
    expect(rows.every((r, i) => r.g === i + 1 && r.v.length === 232)).toBe(true);
  });

  it("runs transactions one at a time: concurrent increments all count", async () => {
    await database.db.execute(sql`create table if not exists counter (n int not null)`);
    await database.db.execute(sql`insert into counter values (0)`);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select n from counter`)) as unknown as { rows: { n: number }[] };
          await tx.execute(sql`update counter set n = ${rows[0]!.n + 1}`);
        }),
      ),
    );
    const { rows } = (await database.db.execute(sql`select n from counter`)) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(20);
  });

  it("plans a hot read once as a named statement, and runs it again on a connection made after one was lost", async () => {
    const row = z.object({ n: z.number(), word: z.string() });
    const read = (n: number) => typedRows(database.db, sql`select ${n}::int as n, 'harbour' as word`, row, { prepared: true });
    expect(await read(1)).toEqual([{ n: 1, word: "harbour" }]);
    const prepared = async () =>
      ((await database.db.execute(sql`select count(*)::int as n from pg_prepared_statements where name like 'inkwell_%'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await prepared()).toBe(1);
    expect(await read(2)).toEqual([{ n: 2, word: "harbour" }]);
    expect(await prepared()).toBe(1);
    // The one connection is lost; PGlite's session, and the statement in it, stay.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    client.release(new Error("connection lost"));
    expect(await read(3)).toEqual([{ n: 3, word: "harbour" }]);
  });

  it("keeps committed rows across a restart, and releases the lock on close", async () => {
    await database.db.execute(sql`create table if not exists kept (v text)`);
    await database.db.execute(sql`insert into kept values ('written before close')`);
    await database.close();
    expect(existsSync(join(dir, ".lock"))).toBe(false);
    database = await openDatabase({ dataDir: dir, holder: "embedded.test again" });
    const { rows } = (await database.db.execute(sql`select v from kept`)) as unknown as { rows: { v: string }[] };
    expect(rows).toEqual([{ v: "written before close" }]);
  }, 60_000);
});
