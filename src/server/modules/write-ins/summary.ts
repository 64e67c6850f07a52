import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { CIRCLE_ACCENTS, CIRCLE_ROLES } from "#shared/domain/circles.ts";
import { lateJoinUntil, WRITE_IN_PROMPT_MODES, WRITE_IN_REPEATS, writeInState } from "#shared/domain/write-ins.ts";
import type { WriteInSummary } from "#shared/schemas/write-ins.ts";
import { readableWriteInSql, type Viewer, viewerIdOf } from "../../db/audience.ts";
import { timestampColumn } from "../../db/typed-rows.ts";

/*
 * A write-in as its contract sends it: one query shape for a list and for one write-in, with its
 * own prompt's words (prompt_mode "own": its prompts row by primary key), its counts (RSVPs,
 * participants: read by their primary keys' prefix) and the viewer's own marks.
 */

export const summaryRow = z.object({
  id: z.string(),
  series_id: z.string(),
  title: z.string(),
  starts_at: timestampColumn,
  ends_at: timestampColumn,
  repeat: z.enum(WRITE_IN_REPEATS),
  prompt_mode: z.enum(WRITE_IN_PROMPT_MODES),
  /** The write-in's own prompt (prompt_mode "own"), its id and words. */
  prompt_id: z.string().nullable(),
  prompt_text: z.string().nullable(),
  canceled_at: timestampColumn.nullable(),
  circle_id: z.string().nullable(),
  circle_slug: z.string().nullable(),
  circle_name: z.string().nullable(),
  circle_accent: z.enum(CIRCLE_ACCENTS).nullable(),
  my_role: z.enum(CIRCLE_ROLES).nullable(),
  coming: z.number(),
  joined: z.number(),
  my_rsvp: z.boolean(),
  joined_by_me: z.boolean(),
});
export type SummaryRow = z.output<typeof summaryRow>;

/** The select of summary rows for `viewer`, from write_ins `w` (the caller adds where, order and limit). */
export function summarySelect(viewer: Viewer): SQL {
  const me = viewerIdOf(viewer);
  const mine = (table: string) =>
    me ? sql`exists (select 1 from ${sql.raw(table)} x where x.write_in_id = w.id and x.user_id = ${me}::uuid)` : sql`false`;
  return sql`
    select w.id, w.series_id, w.title, w.starts_at, w.ends_at, w.repeat, w.prompt_mode, w.prompt_id, op.text as prompt_text, w.canceled_at, w.circle_id,
      c.slug as circle_slug, c.name as circle_name, c.accent as circle_accent,
      ${me ? sql`(select cm.role from circle_members cm where cm.circle_id = w.circle_id and cm.user_id = ${me}::uuid)` : sql`null::text`} as my_role,
      (select count(*)::int from write_in_rsvps r where r.write_in_id = w.id) as coming,
      (select count(*)::int from write_in_participants p where p.write_in_id = w.id) as joined,
      ${mine("write_in_rsvps")} as my_rsvp,
      ${mine("write_in_participants")} as joined_by_me
    from write_ins w
    left join circles c on c.id = w.circle_id
    left join prompts op on op.id = w.prompt_id
    where ${readableWriteInSql(viewer, sql`w`)}`;
}

/** Who may schedule, change and cancel it: the circle's owner and moderators, or (the community's) site admins. */
export const canManage = (r: Pick<SummaryRow, "circle_id" | "my_role">, viewer: Viewer) =>
  r.circle_id ? r.my_role === "owner" || r.my_role === "moderator" : viewer.kind === "admin";

export function summaryOf(r: SummaryRow, viewer: Viewer, now: Date): WriteInSummary {
  const times = { startsAt: r.starts_at.getTime(), endsAt: r.ends_at.getTime(), canceled: r.canceled_at !== null };
  return {
    id: r.id,
    seriesId: r.series_id,
    title: r.title,
    circle: r.circle_id && r.circle_slug && r.circle_name && r.circle_accent ? { id: r.circle_id, slug: r.circle_slug, name: r.circle_name, accent: r.circle_accent } : null,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    lengthMinutes: Math.round((times.endsAt - times.startsAt) / 60_000),
    repeat: r.repeat,
    promptMode: r.prompt_mode,
    promptText: r.prompt_mode === "own" ? r.prompt_text : null,
    state: writeInState(times, now.getTime()),
    lateJoinUntil: new Date(lateJoinUntil(times)).toISOString(),
    coming: r.coming,
    joined: r.joined,
    myRsvp: r.my_rsvp,
    joinedByMe: r.joined_by_me,
    canManage: canManage(r, viewer),
  };
}
