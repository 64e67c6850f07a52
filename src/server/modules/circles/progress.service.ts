import { sql } from "drizzle-orm";
import { z } from "zod";
import { MAX_CIRCLE_MEMBERS } from "#shared/constants.ts";
import { addDays, localDate, weekStart } from "#shared/domain/dates.ts";
import { currentStreakAsOf } from "#shared/domain/streaks.ts";
import { CIRCLE_ROLES } from "#shared/domain/circles.ts";
import type { CircleProgress } from "#shared/schemas/circles.ts";
import type { Db } from "../../db/client.ts";
import { typedRows } from "../../db/typed-rows.ts";
import type { SessionUser } from "../../http/context.ts";
import { circleFor } from "./access.ts";

/*
 * Progress for the teacher (issue 29 item 6): per member, for one week, the days they wrote, the
 * pieces they shared with the circle, their words and their current streak. Counts only: no title
 * or text is read. Members are told on joining that moderators see exactly this
 * (CIRCLE_MESSAGES.progressNotice). Each member's counts come from their own week of pieces
 * (submissions_user_calendar_idx: user, local_date, words), so the work is bounded by the circle's
 * members (at most MAX_CIRCLE_MEMBERS) times one week, whatever the site holds.
 */

const progressRow = z.object({
  user_id: z.string(),
  name: z.string(),
  role: z.enum(CIRCLE_ROLES),
  days_written: z.number(),
  pieces_shared: z.number(),
  words: z.number(),
  current_streak: z.number(),
  last_write_date: z.string().nullable(),
  grace_day_used: z.string().nullable(),
  time_zone: z.string(),
});

/**
 * The pieces progress counts: those signed with the writer's name (private saves are). A piece
 * signed Anonymous or with an alias is left out of every count, or a moderator comparing the week
 * before and after it appeared would learn who wrote it (review of issue 29).
 */
const COUNTED = sql.raw(`s.submission_type = 'name'`);

export function progressQuery(circleId: string, first: string, last: string) {
  return sql`
    select m.user_id, u.name, m.role, u.current_streak, u.last_write_date::text, u.grace_day_used::text, u.time_zone,
      coalesce(w.days, 0)::int as days_written, coalesce(w.words, 0)::int as words,
      (select count(*)::int from submissions s join piece_circles pc on pc.submission_id = s.id and pc.circle_id = m.circle_id
        where s.user_id = m.user_id and s.local_date between ${first}::date and ${last}::date and s.imported_at is null and ${COUNTED}) as pieces_shared
    from circle_members m
    join users u on u.id = m.user_id
    left join lateral (
      select count(distinct s.local_date) as days, sum(s.word_count) as words
      from submissions s
      where s.user_id = m.user_id and s.local_date between ${first}::date and ${last}::date and s.imported_at is null and ${COUNTED}
    ) w on true
    where m.circle_id = ${circleId}::uuid
    order by lower(u.name), m.user_id
    limit ${MAX_CIRCLE_MEMBERS}`;
}

export async function circleProgress(db: Db, user: SessionUser, slug: string, week: string | undefined, now: Date): Promise<CircleProgress> {
  const circle = await circleFor(db, slug, user, "moderate");
  const today = localDate(now, user.timeZone);
  const first = weekStart(week ?? today);
  const last = addDays(first, 6);
  const rows = await typedRows(db, progressQuery(circle.id, first, last), progressRow);
  return {
    weekStart: first,
    weekEnd: last,
    members: rows.map((r) => ({
      userId: r.user_id,
      name: r.name,
      role: r.role,
      daysWritten: r.days_written,
      piecesShared: r.pieces_shared,
      words: r.words,
      // As the writer's own page shows it today (a streak not kept up reads 0).
      currentStreak: currentStreakAsOf(r.current_streak, r.last_write_date, localDate(now, r.time_zone), r.grace_day_used),
    })),
  };
}

/** A spreadsheet cell: quoted, and a leading = + - @ made inert (a name is the writer's own text). */
function cell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The same week as CSV, a row per member. */
export function progressCsv(p: CircleProgress): string {
  const head = ["Member", "Role", "Week starting", "Days written", "Pieces shared with the circle", "Words", "Current streak"];
  const lines = [head.map(cell).join(",")];
  for (const m of p.members) lines.push([m.name, m.role, p.weekStart, m.daysWritten, m.piecesShared, m.words, m.currentStreak].map(cell).join(","));
  return lines.join("\r\n") + "\r\n";
}
