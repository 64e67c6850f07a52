import { sql } from "drizzle-orm";
import { WRITE_IN_JOIN_OPENS_MS } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { USER_CHANNEL } from "../../realtime/user-signals.ts";

/*
 * "Starts in 10 minutes" (issue 30 item 1): on the minute tick, every write-in that starts within
 * the next WRITE_IN_JOIN_OPENS_MS (when joining opens) and was not told yet tells those who said
 * they are coming, in the bell (a circle's members only, unless they muted it). One statement
 * marks the write-ins told and writes the bells, so a write-in is told once on any number of
 * instances, and each writer's bell is signalled (pg_notify) in the same commit.
 */
export async function remindWriteIns(db: Db, now: Date): Promise<number> {
  const until = new Date(now.getTime() + WRITE_IN_JOIN_OPENS_MS);
  const { rows } = (await db.execute(sql`
    with due as (
      update write_ins w set reminded_at = ${now.toISOString()}::timestamptz
      where w.reminded_at is null and w.canceled_at is null
        and w.starts_at > ${now.toISOString()}::timestamptz and w.starts_at <= ${until.toISOString()}::timestamptz
      returning w.id, w.title, w.circle_id
    ),
    told as (
      insert into notifications (user_id, kind, circle_id, data, created_at, updated_at)
      select r.user_id, 'write_in_soon', due.circle_id,
        jsonb_build_object('kind', 'write_in_soon', 'writeInId', due.id::text, 'title', due.title),
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from due join write_in_rsvps r on r.write_in_id = due.id
      where due.circle_id is null
        or exists (select 1 from circle_members m where m.circle_id = due.circle_id and m.user_id = r.user_id and not m.muted)
      returning user_id
    ),
    signal as materialized (select pg_notify(${USER_CHANNEL}, told.user_id::text) from told)
    select (select count(*) from signal)::int as told`)) as { rows: { told: number }[] };
  return Number(rows[0]?.told ?? 0);
}
