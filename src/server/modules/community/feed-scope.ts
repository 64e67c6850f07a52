import { sql, type SQL } from "drizzle-orm";
import { circleFeedPieceSql, publicPieceSql, readablePieceSql, readerById } from "../../db/audience.ts";

/*
 * Whose pieces a feed view is made of (issue 29 item 4: a circle's feed has the community's
 * filters, sorts and search, read by the same SQL): the community's, every public piece, newest
 * first through submissions_public_created_idx; or one circle's, the pieces shared with it,
 * newest first through piece_circles_feed_idx (circle, created_at desc, piece). A piece's
 * `piece_circles.created_at` is its own `created_at` (written together when it is published), so
 * a cursor names the same place in either.
 */

export interface FeedScope {
  /** The FROM of a view's read: `submissions s`, and for a circle its `piece_circles pc` too. */
  from: SQL;
  /** Which of them `viewerId` (null: anyone, the cached page) sees listed. */
  audience: SQL;
  /** The view's order, as its index is made: newest first. */
  time: SQL;
  id: SQL;
  /** What a search's edge counts (feed.query.ts, newestOfView): the scope's pieces, hidden or blocked ones too. */
  edge: SQL;
  /** Where the edge reads them when the view has no filter of its own: an index alone (no piece row). */
  edgeFrom: SQL;
}

export function feedScope(circleId: string | null | undefined, viewerId: string | null): FeedScope {
  if (!circleId) {
    return {
      from: sql`submissions s`,
      audience: readablePieceSql(readerById(viewerId), sql`s`, "list"),
      time: sql`s.created_at`,
      id: sql`s.id`,
      edge: publicPieceSql(sql`s`),
      edgeFrom: sql`submissions s`,
    };
  }
  const inCircle = sql`pc.circle_id = ${circleId}::uuid`;
  return {
    from: sql`piece_circles pc join submissions s on s.id = pc.submission_id`,
    audience: sql`${inCircle} and ${circleFeedPieceSql(viewerId, sql`s`, sql`pc`)}`,
    time: sql`pc.created_at`,
    id: sql`pc.submission_id`,
    edge: inCircle,
    edgeFrom: sql`piece_circles pc`,
  };
}

/** `order by` a scope's key, spelled as its index is made (`desc nulls last`: plain `desc` would make the planner sort). */
export const newestFirst = (scope: FeedScope) => sql`order by ${scope.time} desc nulls last, ${scope.id} desc nulls last`;
