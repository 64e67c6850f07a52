import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { NotificationList } from "#shared/schemas/notifications.ts";
import type { PortfolioStats } from "#shared/schemas/portfolio.ts";
import type { ScheduledWriteIn } from "#shared/schemas/write-ins.ts";
import type { Deps } from "#server/deps.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { testAppOf, type TestApp } from "#tests/setup/app.ts";
import { instances } from "#tests/setup/instances.ts";
import { settleWriteIns } from "./settle.service.ts";

/*
 * Two app instances on one PostgreSQL database settle a writer's 9th and 10th write-ins at the
 * same moment, one write-in each: the one settling second must count the other's, or each sees
 * 8 earlier + 1 = 9 and Tenth Write-in is never given (what settle.service.ts's advisory lock is
 * for). PostgreSQL only (CI's second pass), as reminder-mail-instances.test.ts: the embedded
 * database is one process by design.
 *
 * "At the same moment" is made sure of, not left to timing: each of the two write-ins is also
 * someone's first, so each settling gives an award, which writes a bell; the test holds the
 * notifications table locked until both settlings wait (both on it, having read their counts;
 * or one on it and one on the settling's advisory lock), then lets go. Without the advisory lock
 * both would have read their counts before either committed.
 */

const MINUTE = 60_000;
const GRACE = 15_000;

describe("settling write-ins on two instances", () => {
  it.skipIf(!process.env.DATABASE_URL)("gives Tenth Write-in, once, when the 9th and 10th are settled by two instances at the same time", async () => {
    const { deps, apps, close } = await instances(process.env.DATABASE_URL!, 2, { TEST_CLOCK: "true" });
    try {
      const t = testAppOf(apps[0]!, deps[0]!, "", close);
      const clock = deps[0]!.testClock!;
      const admin = await createUser(t, { confirmed: true, admin: true, name: "Settle Admin" });
      const [ten, ninth, tenth] = [await writer(t, "Ten"), await writer(t, "Ninth"), await writer(t, "Tenth")];
      const first = Math.ceil((clock.now().getTime() + 60 * MINUTE) / MINUTE) * MINUTE;
      // Eight write-ins of 10 minutes, 20 minutes apart, then two at the same time (a community one
      // and one more): neither of the last two has ended while the writers write in them.
      const starts = [...Array.from({ length: 8 }, (_, i) => first + i * 20 * MINUTE), first + 200 * MINUTE, first + 200 * MINUTE];
      const ids = [];
      for (const startsAt of starts) ids.push(await scheduled(t, admin, startsAt));
      for (const [i, id] of ids.slice(0, 8).entries()) await writeIn(t, starts[i]!, [[ten, id]]);
      const [w9, w10] = [ids[8]!, ids[9]!];
      await writeIn(t, starts[8]!, [
        [ten, w9],
        [ten, w10],
        [ninth, w9],
        [tenth, w10],
      ]);
      clock.reset();

      // The first eight settled: First Write-in, nothing more.
      await settleWriteIns(deps[0]!.db, new Date(starts[7]! + 10 * MINUTE + GRACE + 1000));
      expect(await held(t, ten)).toEqual(["first_write_in"]);

      // The last two together, one per instance (a batch of one each).
      const at = new Date(starts[8]! + 10 * MINUTE + GRACE + 1000);
      const runs = await together(deps, () => Promise.all(deps.map((d) => settleWriteIns(d.db, at, 1))));
      expect(runs.map((r) => r.settled)).toEqual([1, 1]);
      expect(await held(t, ten)).toEqual(["tenth_write_in", "first_write_in"]);
      const bell = await t.json<NotificationList>("/api/notifications", { cookie: ten.cookie });
      expect(bell.body.items.filter((n) => n.kind === "achievement").map((n) => n.message.replace(/ \(\d+\)$/, ""))).toEqual([
        "You reached Tenth Write-in",
        "You reached First Write-in",
      ]);
      expect(await held(t, ninth)).toEqual(["first_write_in"]);
      expect(await held(t, tenth)).toEqual(["first_write_in"]);
      expect(runs.reduce((n, r) => n + r.awarded, 0)).toBe(3);
    } finally {
      await close();
    }
  }, 120_000);
});

/**
 * Runs `settle` with the notifications table closed to writes until as many sessions as there are
 * instances wait on it or on the settling's advisory lock, then opens it.
 */
async function together<T>(deps: Deps[], settle: () => Promise<T>): Promise<T> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const gate = deps[0]!.db.transaction(async (tx) => {
    await tx.execute(sql`lock table notifications in share mode`);
    locked();
    await opened;
  });
  try {
    await Promise.race([isLocked, gate]);
    const running = settle();
    running.catch(() => undefined);
    await vi.waitFor(
      async () => {
        const { rows } = (await deps[1]!.db.execute(sql`
          select count(*)::int as n from pg_locks l
          where not l.granted and l.database = (select oid from pg_database where datname = current_database())
            and (l.relation = 'notifications'::regclass
              or (l.locktype = 'advisory' and l.objsubid = 1 and l.objid = oid(hashtext('write-ins:settle')::bigint & 4294967295)))`)) as { rows: { n: number }[] };
        expect(rows[0]!.n).toBe(deps.length);
      },
      { timeout: 20_000, interval: 10 },
    );
    open();
    await gate;
    return await running;
  } finally {
    open();
  }
}

const writer = (t: TestApp, name: string) => createUser(t, { confirmed: true, name: `Settle Writer ${name}` });

/** A 10-minute community write-in starting at `startsAt`, scheduled through the route. */
async function scheduled(t: TestApp, admin: TestUser, startsAt: number): Promise<string> {
  const made = await t.json<ScheduledWriteIn>("/api/write-ins", { method: "POST", cookie: admin.cookie, json: { title: "Settle together", startsAt: new Date(startsAt).toISOString(), lengthMinutes: 10 } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.writeIn.id;
}

/** Each (writer, write-in) starting at `startsAt`: joined in the countdown, written in a minute in. */
async function writeIn(t: TestApp, startsAt: number, parts: [TestUser, string][]) {
  t.deps.testClock!.set(new Date(startsAt - MINUTE));
  for (const [who, id] of parts) expect((await t.json(`/api/write-ins/${id}/join`, { method: "POST", cookie: who.cookie, json: {} })).status).toBe(200);
  t.deps.testClock!.set(new Date(startsAt + MINUTE));
  for (const [who, id] of parts) expect((await t.json(`/api/write-ins/${id}/count`, { method: "POST", cookie: who.cookie, json: { words: 30 } })).status).toBe(200);
}

async function held(t: TestApp, who: TestUser): Promise<string[]> {
  const res = await t.json<PortfolioStats>("/api/me/portfolio-stats", { cookie: who.cookie });
  expect(res.status).toBe(200);
  return res.body.achievements.map((a) => a.achievementType);
}
