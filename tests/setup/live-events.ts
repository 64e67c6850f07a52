import { sql } from "drizzle-orm";
import type { TestApp } from "./app.ts";

/**
 * Waits until this instance has been delivered every live event recorded so far. On PostgreSQL a
 * NOTIFY trails its commit: an event landing later (an earlier test's, or one recorded before a
 * cache first subscribed, which so held nothing) would drop a cache mid-check.
 */
export async function liveEventsDelivered(t: TestApp): Promise<void> {
  const res = (await t.deps.db.execute(sql`select coalesce(max(id), 0) as id from events`)) as unknown as { rows: { id: number | string }[] };
  await t.deps.realtime.whenDelivered(Number(res.rows[0]!.id));
}
