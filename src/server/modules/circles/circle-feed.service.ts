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
 * and moderators). Read through piece_circles_feed_idx (circle, created_at desc, piece), a page
 * and one more row at a time after a keyset cursor, joined to each piece by its key: the work is
 * bounded by the page, however many pieces the circle or the site holds.
 */

const feedCursor = cursorCodec(z.object({ t: cursorTime, id: cursorId }), CIRCLE_MESSAGES.badCursor);

const circleCardRow = publicPieceRow.extend({ preview_source: z.string(), source_cut: z.boolean(), created_key: z.string() });

/** The SQL of one page (exported for the benchmark's plans). */
export function circleFeedQuery(circleId: string, viewerId: string, after: { t: string; id: string } | null, limit = CIRCLE_PAGE_SIZE + 1) {
  return sql`
    with page as (
      select pc.submission_id as id, pc.created_at
      from piece_circles pc
      join submissions s on s.id = pc.submission_id
      where pc.circle_id = ${circleId}::uuid
        and ${circleFeedPieceSql(viewerId, sql`s`, sql`pc`)}
        ${after ? sql`and (pc.created_at, pc.submission_id) < (${after.t}::timestamptz, ${after.id}::uuid)` : sql``}
      order by pc.created_at desc, pc.submission_id desc
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

export async function circleFeed(db: Db, user: SessionUser, slug: string, rawCursor: string | undefined): Promise<CircleFeedPage> {
  const circle = await circleFor(db, slug, user, "read");
  const after = rawCursor ? feedCursor.decode(rawCursor) : null;
  const rows = await typedRows(db, circleFeedQuery(circle.id, user.id, after), circleCardRow);
  const page = rows.slice(0, CIRCLE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({ ...pieceFields(r), ...previewOf(r.preview_source, r.source_cut) })),
    nextCursor: rows.length > CIRCLE_PAGE_SIZE && last ? feedCursor.encode({ t: last.created_key, id: last.id }) : null,
  };
}
