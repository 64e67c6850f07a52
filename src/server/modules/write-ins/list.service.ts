import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { WRITE_IN_MAX_MINUTES, WRITE_INS_PAGE_SIZE } from "#shared/constants.ts";
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
 * community's and those of the circles I am in. Keyset pages of `limit` (WRITE_INS_PAGE_SIZE unless
 * asked for fewer: the writing page's notice asks for the next few) on (starts_at, id): each source
 * (the community, a circle) read a page at most, from near now, through
 * write_ins_community_start_idx or write_ins_circle_start_idx, then merged.
 */

const listCursor = cursorCodec(z.object({ t: cursorTime, id: cursorId }), M.badCursor);

/**
 * The condition and order of one source's read (`w`: its write_ins rows): not canceled, upcoming
 * (not ended: its start at most WRITE_IN_MAX_MINUTES back, so the index range starts near now) or
 * past (started and ended), after the cursor; `limit` rows in the list's order.
 */
function readOf(source: SQL, upcoming: boolean, now: string, after: { t: string; id: string } | null, limit: number): SQL {
  const time = upcoming
    ? sql`w.starts_at > ${now}::timestamptz - ${WRITE_IN_MAX_MINUTES} * interval '1 minute' and w.ends_at > ${now}::timestamptz`
    : sql`w.starts_at <= ${now}::timestamptz and w.ends_at <= ${now}::timestamptz`;
  const cursor = after ? (upcoming ? sql`and (w.starts_at, w.id) > (${after.t}::timestamptz, ${after.id}::uuid)` : sql`and (w.starts_at, w.id) < (${after.t}::timestamptz, ${after.id}::uuid)`) : sql``;
  return sql`select w.id, w.starts_at from write_ins w where ${source} and w.canceled_at is null and ${time} ${cursor}
    order by ${upcoming ? sql`w.starts_at, w.id` : sql`w.starts_at desc, w.id desc`} limit ${limit}`;
}

export async function listWriteIns(db: Db, user: SessionUser | null, q: WriteInListQuery, now: Date): Promise<WriteInList> {
  const viewer = viewerOf(user);
  const me = viewerIdOf(viewer);
  const upcoming = q.when === "upcoming";
  const after = q.cursor ? listCursor.decode(q.cursor) : null;
  const nowIso = now.toISOString();
  const size = Math.min(q.limit, WRITE_INS_PAGE_SIZE);
  const limit = size + 1;
  const read = (source: SQL) => readOf(source, upcoming, nowIso, after, limit);
  let candidates: SQL;
  if (q.circle !== undefined) {
    // A circle is private: to a visitor it is no circle at all.
    if (!user) throw notFound(CIRCLE_MESSAGES.notFound);
    candidates = read(sql`w.circle_id = ${(await circleFor(db, q.circle, user, "read")).id}::uuid`);
  } else if (me) {
    // The community's and each of my circles' (at most MAX_CIRCLES_PER_WRITER), each a page at most
    // through its own index, then merged: never the whole history of any of them.
    candidates = sql`(${read(sql`w.circle_id is null`)})
      union all
      select x.id, x.starts_at from circle_members cm
      cross join lateral (${read(sql`w.circle_id = cm.circle_id`)}) x
      where cm.user_id = ${me}::uuid`;
  } else {
    candidates = read(sql`w.circle_id is null`);
  }
  const order = upcoming ? sql`w.starts_at, w.id` : sql`w.starts_at desc, w.id desc`;
  const rows = await typedRows(
    db,
    sql`${summarySelect(viewer)}
      and w.id in (select c.id from (${candidates}) c)
      order by ${order}
      limit ${limit}`,
    summaryRow,
  );
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    items: page.map((r) => summaryOf(r, viewer, now)),
    nextCursor: rows.length > size && last ? listCursor.encode({ t: last.starts_at.toISOString(), id: last.id }) : null,
  };
}
