import { sql } from "drizzle-orm";
import { z } from "zod";
import { summarizeYear, type DayTotal, type HourTotal } from "#shared/domain/writing-calendar.ts";
import type { WritingStats } from "#shared/schemas/writing-stats.ts";
import type { Db } from "../../db/client.ts";
import { pgErrorCode } from "../../db/errors.ts";
import { typedRows } from "../../db/typed-rows.ts";

/*
 * The writing calendar's numbers (issue 16 item 6) in one statement: the writer's pieces written
 * here in one local year (submissions_user_calendar_idx: a range of the writer's own entries,
 * read from the index alone), grouped by local day and by the hour of the writer's clock (their
 * stored zone), plus one row of the writer's own: the first year with writing, their current
 * year and longest streak. Imported pieces are not counted (the index leaves them out);
 * trashed pieces are no longer in `submissions`.
 */

const row = z.object({
  kind: z.enum(["day", "hour", "writer"]),
  /** day: the local date; hour: 0–23; writer: the first year with writing, or "". */
  key: z.string(),
  /** day: words; writer: the longest streak. */
  n1: z.coerce.number(),
  /** day, hour: pieces; writer: the current year. */
  n2: z.coerce.number(),
  /** day: pages (exact numeric as text). */
  pages: z.coerce.number(),
});

/** PostgreSQL's "invalid_parameter_value": among others, a time zone its own zone database does not know. */
const UNKNOWN_ZONE = "22023";

/**
 * The stats on the writer's clock. A zone the browser named but PostgreSQL's zone database lacks
 * (a zone newer than the server's tzdata) falls back to UTC rather than failing the page.
 */
export async function getWritingStats(db: Db, userId: string, now: Date, year: number | undefined): Promise<WritingStats | null> {
  try {
    return await statsOnClock(db, userId, now, year, null);
  } catch (err) {
    if (pgErrorCode(err) !== UNKNOWN_ZONE) throw err;
    return statsOnClock(db, userId, now, year, "UTC");
  }
}

async function statsOnClock(db: Db, userId: string, now: Date, year: number | undefined, zone: string | null): Promise<WritingStats | null> {
  const rows = await typedRows(
    db,
    sql`with me as (
        select coalesce(${zone}::text, time_zone) as time_zone, longest_streak,
          extract(year from ${now.toISOString()}::timestamptz at time zone coalesce(${zone}::text, time_zone))::int as this_year
        from users where id = ${userId}),
      span as (select make_date(coalesce(${year ?? null}::int, this_year), 1, 1) as first_day from me),
      mine as (
        select local_date, word_count, pages_written, created_at from submissions
        where user_id = ${userId} and imported_at is null
          and local_date >= (select first_day from span) and local_date < (select first_day + interval '1 year' from span)::date)
      select 'day' as kind, local_date::text as key, sum(word_count)::bigint as n1, count(*)::int as n2, sum(pages_written)::text as pages
        from mine group by local_date
      union all
      select 'hour', extract(hour from created_at at time zone (select time_zone from me))::int::text, 0, count(*)::int, '0'
        from mine group by 2
      union all
      select 'writer', coalesce((select extract(year from min(local_date))::int from submissions
          where user_id = ${userId} and imported_at is null)::text, ''), longest_streak, this_year, '0'
        from me`,
    row,
  );
  const writer = rows.find((r) => r.kind === "writer");
  if (!writer) return null;
  const days: DayTotal[] = [];
  const hours: HourTotal[] = [];
  for (const r of rows) {
    if (r.kind === "day") days.push({ date: r.key, words: r.n1, pieces: r.n2, pages: r.pages });
    else if (r.kind === "hour") hours.push({ hour: Number(r.key), pieces: r.n2 });
  }
  days.sort((a, b) => (a.date < b.date ? -1 : 1));
  return {
    year: year ?? writer.n2,
    firstYear: writer.key ? Number(writer.key) : null,
    currentYear: writer.n2,
    days: days.map(({ date, words, pieces }) => ({ date, words, pieces })),
    ...summarizeYear(days, hours),
    longestStreak: writer.n1,
  };
}
