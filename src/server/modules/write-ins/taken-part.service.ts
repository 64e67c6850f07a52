import { sql, type SQL } from "drizzle-orm";
import { WRITE_IN_COUNT_GRACE_MS, WRITE_IN_JOIN_OPENS_MS, WRITE_IN_MAX_MINUTES } from "#shared/constants.ts";
import { localDate, localDayStart } from "#shared/domain/dates.ts";
import type { Queryable } from "../../db/client.ts";

/*
 * A writer's own write-ins (issue 30 item 3). A writer "took part" in a write-in when they joined
 * it and the server kept a count above 0 for them (the results' "writers"): joining and writing
 * nothing, or a canceled write-in, does not count. The achievements (settle.service.ts) and the
 * profile's "N write-ins this year" both read this one rule.
 */

/** The participant row `p` (write_in_participants) wrote in its write-in. */
export const tookPartSql = (p: SQL): SQL => sql`${p}.words > 0`;

/**
 * The write-in `w` (write_ins) has its counts closed at `now`: its end and WRITE_IN_COUNT_GRACE_MS
 * have passed (a count is taken until that instant, included), so its results are final. Settling
 * and the profile's count both wait for it.
 */
export const countsClosedSql = (w: SQL, now: Date): SQL => sql`${w}.ends_at < ${new Date(now.getTime() - WRITE_IN_COUNT_GRACE_MS).toISOString()}::timestamptz`;

/**
 * How many write-ins the writer took part in that started in the year `now` is in, in their
 * `timeZone`, and whose counts have closed (not canceled). Read through write_in_participants_user_idx
 * (user_id, joined_at): a first join happens from WRITE_IN_JOIN_OPENS_MS before the start until
 * half-time, so the year's write-ins are among the joins from just before the year's first
 * instant to an hour past its last.
 */
export async function writeInsThisYear(q: Queryable, userId: string, timeZone: string, now: Date): Promise<number> {
  const year = Number(localDate(now, timeZone).slice(0, 4));
  const from = localDayStart(`${year}-01-01`, timeZone);
  const to = localDayStart(`${year + 1}-01-01`, timeZone);
  const joinedFrom = new Date(from.getTime() - WRITE_IN_JOIN_OPENS_MS);
  const joinedTo = new Date(to.getTime() + WRITE_IN_MAX_MINUTES * 60_000);
  const { rows } = (await q.execute(sql`
    select count(*)::int as n
    from write_in_participants p join write_ins w on w.id = p.write_in_id
    where p.user_id = ${userId}::uuid
      and p.joined_at >= ${joinedFrom.toISOString()}::timestamptz and p.joined_at < ${joinedTo.toISOString()}::timestamptz
      and ${tookPartSql(sql`p`)}
      and w.starts_at >= ${from.toISOString()}::timestamptz and w.starts_at < ${to.toISOString()}::timestamptz
      and ${countsClosedSql(sql`w`, now)} and w.canceled_at is null`)) as { rows: { n: number | string }[] };
  return Number(rows[0]?.n ?? 0);
}
