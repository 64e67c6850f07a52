import { sql } from "drizzle-orm";
import { z } from "zod";
import { ACHIEVEMENT_WRITE_INS, WRITE_IN_ACHIEVEMENT_TYPES, type WriteInAchievementType } from "#shared/domain/achievements.ts";
import { localDate } from "#shared/domain/dates.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { DELETED_WRITER_ID } from "../../db/deleted-writer.ts";
import { timestampColumn, typedRows } from "../../db/typed-rows.ts";
import { USER_CHANNEL } from "../../realtime/user-signals.ts";
import { countsClosedSql, tookPartSql } from "./taken-part.service.ts";

/*
 * The end of a write-in, settled (issue 30 item 3): on the minute tick, the write-ins whose counts
 * have closed (the end and its WRITE_IN_COUNT_GRACE_MS: the results are final) are marked settled,
 * and each writer who took part in one (taken-part.service.ts) gets the write-in achievements their
 * count of settled write-ins now reaches: First Write-in, Tenth Write-in. The year on it is the
 * start, in the writer's time zone, of the write-in that reached it (their 1st, their 10th, in
 * start order), as a page achievement's is the piece's local date.
 *
 * One settling at a time across instances (a transaction-level advisory lock): the counts read
 * are then those every earlier settling committed, so two write-ins ending together cannot both
 * count a writer's ninth. The unique (user_id, achievement_type) index keeps "never twice" too.
 * The awards, their bells and the signals to the writers' open pages commit with the settling.
 */

/** Write-ins settled per transaction: each has at most WRITE_IN_MAX_PARTICIPANTS participants. */
export const SETTLE_BATCH = 10;
/** Batches per tick at most: a backlog (after downtime) is worked off over the following ticks. */
export const SETTLE_ROUNDS = 20;

const SETTLE_LOCK = sql`hashtext('write-ins:settle')`;
/** The most write-ins an achievement needs: counting a writer's earlier ones stops there. */
const COUNT_CAP = Math.max(...Object.values(ACHIEVEMENT_WRITE_INS));

const dueRow = z.object({
  settled: z.coerce.number(),
  user_id: z.string().nullable(),
  time_zone: z.string().nullable(),
  type: z.enum(WRITE_IN_ACHIEVEMENT_TYPES).nullable(),
  reached_start: timestampColumn.nullable(),
});

interface Award {
  user_id: string;
  type: WriteInAchievementType;
  year: number;
}

/** The write-in achievements as rows of (type, write-ins needed), for SQL. */
const thresholdsSql = sql.join(
  WRITE_IN_ACHIEVEMENT_TYPES.map((type) => sql`(${type}::text, ${ACHIEVEMENT_WRITE_INS[type]}::int)`),
  sql`, `,
);

/**
 * Marks up to `limit` closed write-ins settled and answers how many, with each (writer, write-in
 * achievement) a writer who wrote in one now reaches and does not hold: their settled write-ins
 * before this batch (at most COUNT_CAP) and this batch's in start order reach it, and the start of
 * the one that reached it (the needed-th) gives its year: a backlog settled together (after
 * downtime) dates First Write-in by the first write-in, not the batch's last.
 */
async function settleBatch(tx: Queryable, now: Date, limit: number) {
  const rows = await typedRows(
    tx,
    sql`
      with due as (
        select w.id from write_ins w
        where w.settled_at is null and w.canceled_at is null and ${countsClosedSql(sql`w`, now)}
        order by w.ends_at limit ${limit}
        for update skip locked
      ),
      settled as (
        update write_ins w set settled_at = ${now.toISOString()}::timestamptz from due where w.id = due.id
        returning w.id, w.starts_at
      ),
      wrote as (
        select p.user_id, array_agg(s.starts_at order by s.starts_at, s.id) as starts
        from settled s join write_in_participants p on p.write_in_id = s.id
        where ${tookPartSql(sql`p`)} and p.user_id <> ${DELETED_WRITER_ID}::uuid
        group by p.user_id
      ),
      tally as (
        -- This statement's snapshot: "settled" here is every earlier settling, not this one's.
        select wrote.user_id, wrote.starts, (
            select count(*)::int from (
              select 1 from write_in_participants p join write_ins w on w.id = p.write_in_id
              where p.user_id = wrote.user_id and ${tookPartSql(sql`p`)} and w.settled_at is not null
              limit ${COUNT_CAP}) earlier) as earlier
        from wrote
      ),
      reaching as (
        select tally.user_id, u.time_zone, k.type, tally.starts[greatest(k.needs - tally.earlier, 1)] as reached_start
        from tally join users u on u.id = tally.user_id
        join (values ${thresholdsSql}) k(type, needs) on k.needs <= tally.earlier + cardinality(tally.starts)
        where not exists (select 1 from user_achievements a where a.user_id = tally.user_id and a.achievement_type = k.type)
      )
      select (select count(*) from settled)::int as settled, r.user_id, r.time_zone, r.type, r.reached_start
      from (select 1) one left join reaching r on true`,
    dueRow,
  );
  const settled = rows[0]?.settled ?? 0;
  const awards = rows.flatMap((r): Award[] =>
    r.user_id && r.time_zone && r.type && r.reached_start ? [{ user_id: r.user_id, type: r.type, year: Number(localDate(r.reached_start, r.time_zone).slice(0, 4)) }] : [],
  );
  return { settled, awards };
}

/**
 * Awards each (writer, achievement, year) not held yet, with its bell ("You reached First
 * Write-in (2026)") and a signal to the writer's open pages, in one statement. Answers how many.
 */
async function award(tx: Queryable, awards: Award[], now: Date): Promise<number> {
  if (awards.length === 0) return 0;
  const at = now.toISOString();
  const { rows } = (await tx.execute(sql`
    with won as (
      insert into user_achievements (user_id, achievement_type, year, achieved_at)
      select x.user_id, x.type, x.year, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(awards)}::jsonb) as x(user_id uuid, type text, year int)
      on conflict (user_id, achievement_type) do nothing
      returning user_id, achievement_type, year
    ),
    told as (
      insert into notifications (user_id, kind, data, created_at, updated_at)
      select won.user_id, 'achievement', jsonb_build_object('kind', 'achievement', 'achievement', won.achievement_type, 'year', won.year),
        ${at}::timestamptz, ${at}::timestamptz
      from won
      returning user_id
    ),
    signal as materialized (select pg_notify(${USER_CHANNEL}, t.user_id::text) from (select distinct user_id from told) t)
    select (select count(*) from won)::int as won, (select count(*) from signal)::int as signalled`)) as { rows: { won: number | string }[] };
  return Number(rows[0]?.won ?? 0);
}

/**
 * The minute tick's settling: batches of closed write-ins (`batch` each, SETTLE_BATCH unless a
 * test says) until none is left (or SETTLE_ROUNDS). Answers how many write-ins were settled and
 * how many achievements awarded.
 */
export async function settleWriteIns(db: Db, now: Date, batch = SETTLE_BATCH): Promise<{ settled: number; awarded: number }> {
  let settled = 0;
  let awarded = 0;
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SETTLE_LOCK})`);
      const found = await settleBatch(tx, now, batch);
      return { settled: found.settled, awarded: await award(tx, found.awards, now) };
    });
    settled += done.settled;
    awarded += done.awarded;
    if (done.settled < batch) break;
  }
  return { settled, awarded };
}
