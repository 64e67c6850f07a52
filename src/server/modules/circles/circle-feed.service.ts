import { sql } from "drizzle-orm";
import { z } from "zod";
import { CIRCLE_PAGE_SIZE } from "#shared/constants.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleFeedPage } from "#shared/schemas/circles.ts";
import { circleFeedPieceSql } from "../../db/audience.ts";
import type { Db } from "../../db/client.ts";
import { cursorId, keyTimeSql } from "../../db/keyset.ts";
import { typedRows } from "../../db/typed-rows.ts";
import { cursorCodec, cursorTime } from "../../http/cursor.ts";
import type { SessionUser } from "../../http/context.ts";
import { PREVIEW_SOURCE_CHARS, previewOf } from "../community/feed.service.ts";
import { pieceColumns, pieceFields, publicPieceRow } from "../community/piece.service.ts";
import { circleFor } from "./access.ts";

/*
 * A circle's feed (issue 29 item 4): the pieces shared with it, newest first, as the community's
 * cards (the same columns, the same author labels: an Anonymous piece stays anonymous to members
 * and moderators). Read through piece_circles_feed_idx (circle, created_at desc, piece): at most
 * CIRCLE_FEED_WINDOW entries after a keyset cursor, each joined to its piece by key, so the work is
 * bounded by the window, however many pieces the circle or the site holds.
 */

const feedCursor = cursorCodec(z.object({ t: cursorTime, id: cursorId }), CIRCLE_MESSAGES.badCursor);

const circleCardRow = publicPieceRow.extend({ preview_source: z.string(), source_cut: z.boolean(), created_key: z.string() });

/**
 * How many of the circle's newest pieces after the cursor one page looks at. The page is the
 * first CIRCLE_PAGE_SIZE + 1 of them its reader may see; when moderators hid or the reader blocks
 * so many that fewer remain, the page is short and the next cursor starts after the window, so
 * the read stays bounded (at 1,000,000 pieces the planner otherwise chose to read and sort the
 * whole circle: 28,000 rows and 40 ms for one page of a 1,000-member circle).
 */
export const CIRCLE_FEED_WINDOW = 200;

/**
 * The window: the circle's newest CIRCLE_FEED_WINDOW entries after the cursor, read from
 * piece_circles_feed_idx in its order (spelled as the index is made, `desc nulls last`: plain
 * `desc` is nulls first, which the index cannot give, and the planner then sorted the circle).
 */
function windowSql(circleId: string, after: { t: string; id: string } | null) {
  return sql`
      select pc.submission_id as id, pc.created_at, pc.hidden_at
      from piece_circles pc
      where pc.circle_id = ${circleId}::uuid
        ${after ? sql`and (pc.created_at, pc.submission_id) < (${after.t}::timestamptz, ${after.id}::uuid)` : sql``}
      order by pc.created_at desc nulls last, pc.submission_id desc nulls last
      limit ${CIRCLE_FEED_WINDOW}`;
}

const windowEndRow = z.object({ t: z.string(), id: z.string(), n: z.number() });

/** The window's last entry when the window is full (null when it held fewer: nothing lies beyond it). */
async function fullWindowEnd(db: Db, circleId: string, after: { t: string; id: string } | null) {
  const [end] = await typedRows(
    db,
    sql`select ${keyTimeSql(sql`w.created_at`)} as t, w.id::text as id, (count(*) over ())::int as n
      from (${windowSql(circleId, after)}) w order by w.created_at, w.id limit 1`,
    windowEndRow,
  );
  return end && end.n >= CIRCLE_FEED_WINDOW ? { t: end.t, id: end.id } : null;
}

/** The SQL of one page (exported for the benchmark's plans: scripts/bench/circles.ts). */
export function circleFeedQuery(circleId: string, viewerId: string, after: { t: string; id: string } | null, limit = CIRCLE_PAGE_SIZE + 1) {
  return sql`
    with win as materialized (${windowSql(circleId, after)}),
    page as (
      select w.id, w.created_at
      from win w
      join submissions s on s.id = w.id
      where ${circleFeedPieceSql(viewerId, sql`s`, sql`w`)}
      order by w.created_at desc, w.id desc
      limit ${limit}
    )
    select ${pieceColumns(viewerId)},
      left(s.content, ${PREVIEW_SOURCE_CHARS}) as preview_source,
      length(s.content) > ${PREVIEW_SOURCE_CHARS} as source_cut,
      ${keyTimeSql(sql`r.created_at`)} as created_key
    from page r
    join submissions s on s.id = r.id
    join prompts p on p.id = s.prompt_id
    join users u on u.id = s.user_id
    order by r.created_at desc, r.id desc`;
}

/** Where the next page starts: after the page's last card, or, for a short page out of a full window, after the window. */
async function nextAfter(db: Db, circleId: string, after: { t: string; id: string } | null, rows: z.output<typeof circleCardRow>[]) {
  if (rows.length > CIRCLE_PAGE_SIZE) {
    const last = rows[CIRCLE_PAGE_SIZE - 1]!;
    return { t: last.created_key, id: last.id };
  }
  return fullWindowEnd(db, circleId, after);
}

export async function circleFeed(db: Db, user: SessionUser, slug: string, rawCursor: string | undefined): Promise<CircleFeedPage> {
  const circle = await circleFor(db, slug, user, "read");
  const after = rawCursor ? feedCursor.decode(rawCursor) : null;
  const rows = await typedRows(db, circleFeedQuery(circle.id, user.id, after), circleCardRow);
  const next = await nextAfter(db, circle.id, after, rows);
  return {
    items: rows.slice(0, CIRCLE_PAGE_SIZE).map((r) => ({ ...pieceFields(r), ...previewOf(r.preview_source, r.source_cut) })),
    nextCursor: next ? feedCursor.encode(next) : null,
  };
}
