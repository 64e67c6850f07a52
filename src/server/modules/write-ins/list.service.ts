import { sql } from "drizzle-orm";
import { z } from "zod";
import { WRITE_INS_PAGE_SIZE } from "#shared/constants.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { WRITE_IN_MESSAGES as M } from "#shared/domain/write-ins.ts";
import type { WriteInList, WriteInListQuery } from "#shared/schemas/write-ins.ts";
import { viewerIdOf, viewerOf } from "../../db/audience.ts";
import type { Db } from "../../db/client.ts";
import { cursorId } from "../../db/keyset.ts";
import { typedRows } from "../../db/typed-rows.ts";
import { cursorCodec, cursorTime } from "../../http/cursor.ts";
import { notFound } from "../../http/errors.ts";
import type { SessionUser } from "../../http/session-user.ts";
import { circleFor } from "../circles/access.ts";
import { summaryOf, summaryRow, summarySelect } from "./summary.ts";

/*
 * Lists of write-ins (issue 30 item 1): upcoming (soonest first: not ended) or past (latest
 * first), canceled ones left out of both, of one circle (its members and site admins), or without a circle the
 * community's and those of the circles I am in. Keyset pages of WRITE_INS_PAGE_SIZE on
 * (starts_at, id), read through write_ins_circle_start_idx and write_ins_community_start_idx.
 */

const listCursor = cursorCodec(z.object({ t: cursorTime, id: cursorId }), M.badCursor);

export async function listWriteIns(db: Db, user: SessionUser | null, q: WriteInListQuery, now: Date): Promise<WriteInList> {
  const viewer = viewerOf(user);
  const me = viewerIdOf(viewer);
  let whose = me
    ? sql`(w.circle_id is null or w.circle_id in (select cm.circle_id from circle_members cm where cm.user_id = ${me}::uuid))`
    : sql`w.circle_id is null`;
  if (q.circle !== undefined) {
    // A circle is private: to a visitor it is no circle at all.
    if (!user) throw notFound(CIRCLE_MESSAGES.notFound);
    whose = sql`w.circle_id = ${(await circleFor(db, q.circle, user, "read")).id}::uuid`;
  }
  const upcoming = q.when === "upcoming";
  const after = q.cursor ? listCursor.decode(q.cursor) : null;
  const nowIso = now.toISOString();
  const rows = await typedRows(
    db,
    sql`${summarySelect(viewer)}
      and ${whose}
      and w.canceled_at is null
      and ${upcoming ? sql`w.ends_at > ${nowIso}::timestamptz` : sql`w.ends_at <= ${nowIso}::timestamptz`}
      ${after ? (upcoming ? sql`and (w.starts_at, w.id) > (${after.t}::timestamptz, ${after.id}::uuid)` : sql`and (w.starts_at, w.id) < (${after.t}::timestamptz, ${after.id}::uuid)`) : sql``}
      order by ${upcoming ? sql`w.starts_at, w.id` : sql`w.starts_at desc, w.id desc`}
      limit ${WRITE_INS_PAGE_SIZE + 1}`,
    summaryRow,
  );
  const page = rows.slice(0, WRITE_INS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => summaryOf(r, viewer, now)),
    nextCursor: rows.length > WRITE_INS_PAGE_SIZE && last ? listCursor.encode({ t: last.starts_at.toISOString(), id: last.id }) : null,
  };
}
