import { sql } from "drizzle-orm";
import { WRITE_IN_MESSAGES } from "#shared/domain/write-ins.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { z } from "zod";
import { readableWriteInSql, type Viewer } from "../../db/audience.ts";
import type { Queryable } from "../../db/client.ts";
import { timestampColumn, typedRows } from "../../db/typed-rows.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { canManage, summaryRow, summarySelect, type SummaryRow } from "./summary.ts";

/*
 * Who may do what with a write-in (issue 30; the matrix is in docs/decisions/017-write-ins.md):
 * - read (its time, who came, the counts): the community's, anyone; a circle's, its members and
 *   site admins (db/audience.ts readableWriteInSql). To anyone else it does not exist (404).
 * - join, say they are coming: a signed-in writer who may read it; in a circle, a member (a site
 *   admin who is not one hears 403, as in circles: they act only as a member would).
 * - manage (schedule, cancel): the circle's owner and moderators; the community's, site admins.
 */

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The write-in as `viewer` may read it, or 404 (`lock`: its row locked, for a change counted under it). */
export async function writeInFor(q: Queryable, id: string, viewer: Viewer, lock = false): Promise<SummaryRow> {
  if (!ID_SHAPE.test(id)) throw notFound(WRITE_IN_MESSAGES.notFound, "write_in_not_found");
  const [row] = await typedRows(q, sql`${summarySelect(viewer)} and w.id = ${id}::uuid ${lock ? sql`for update of w` : sql``}`, summaryRow);
  if (!row) throw notFound(WRITE_IN_MESSAGES.notFound, "write_in_not_found");
  return row;
}

const timesRow = z.object({ id: z.string(), circle_id: z.string().nullable(), starts_at: timestampColumn, ends_at: timestampColumn, canceled_at: timestampColumn.nullable() });
export type WriteInTimesRow = z.output<typeof timesRow>;

/**
 * The write-in's times as `viewer` may read it, or 404: for the hot paths (a count every 5 s, a
 * panel every 2 s from each writer), one read by primary key without the summary's counts.
 */
export async function writeInTimesFor(q: Queryable, id: string, viewer: Viewer): Promise<WriteInTimesRow> {
  if (!ID_SHAPE.test(id)) throw notFound(WRITE_IN_MESSAGES.notFound, "write_in_not_found");
  const [row] = await typedRows(
    q,
    sql`select w.id, w.circle_id, w.starts_at, w.ends_at, w.canceled_at from write_ins w where w.id = ${id}::uuid and ${readableWriteInSql(viewer, sql`w`)}`,
    timesRow,
  );
  if (!row) throw notFound(WRITE_IN_MESSAGES.notFound, "write_in_not_found");
  return row;
}

export function requireJoiner(row: SummaryRow): void {
  if (row.circle_id && row.my_role === null) throw forbidden(WRITE_IN_MESSAGES.notMember, "not_circle_member");
}

export function requireManager(row: SummaryRow, viewer: Viewer): void {
  if (canManage(row, viewer)) return;
  throw row.circle_id ? forbidden(CIRCLE_MESSAGES.notModerator, "not_circle_moderator") : forbidden(WRITE_IN_MESSAGES.notAdmin, "not_admin");
}
