import { eq, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "./client.ts";
import { admins } from "./schema/index.ts";
import { commentNotBlockedByViewer, pieceNotBlockedByViewer } from "./blocks-sql.ts";

/*
 * Who may read a piece (issue 25 item 1): the one place that says it, as SQL for queries and as
 * a predicate for the few places that already hold a row. Every feed, page, comment list, prompt
 * count, RSS feed, email, collection, notification and moderation read asks here; a new kind of
 * audience (a circle) changes this file and its tests, not the callers.
 *
 * A piece's audience today is everyone (is_private = false) or its writer alone. Moderators may
 * hide a public piece: it then leaves every list, and only its writer and admins can still open
 * it. A piece moved to the trash has no `submissions` row: nothing here can see it. A suspended
 * writer's pieces are read as anyone's (suspension hides nothing unless an admin hides it).
 *
 * Pieces per prompt are counted by PostgreSQL's triggers (migration 0019, prompt_piece_counts)
 * with the same two rules, publicPieceSql and shownPieceSql: a new audience changes them too.
 *
 * Circles (issue 29, docs/decisions/016-circles.md): a piece may also be shared with circles
 * (`piece_circles`). `is_private` keeps meaning "not in the community", so every community list,
 * count, RSS feed and the podium stay as they were; a circle's members may open, like and comment
 * on a piece shared with their circle, hidden ones excepted (those stay open to their writer and
 * admins), and a circle's own feed lists it (circleFeedPieceSql). A share link of a piece shared
 * only with circles opens for their members alone.
 *
 * The SQL is spelled the way the partial indexes are made (`is_private = false`,
 * submissions_public_*_idx), so the planner still reads them.
 */

/** Who is reading. An admin is a writer too: their own pieces are theirs. */
export type Viewer = { kind: "visitor" } | { kind: "writer"; id: string } | { kind: "admin"; id: string };

export const VISITOR: Viewer = { kind: "visitor" };

/** The viewer of a request: its signed-in user (with what the session read of admins), or a visitor. */
export function viewerOf(user: { id: string; isAdmin: boolean } | null | undefined): Viewer {
  if (!user) return VISITOR;
  return user.isAdmin ? { kind: "admin", id: user.id } : { kind: "writer", id: user.id };
}

/** The viewer for a user id alone (a page head, a job): asks the admins table. */
export async function viewerById(db: Queryable, userId: string | null): Promise<Viewer> {
  if (!userId) return VISITOR;
  const [row] = await db.select({ id: admins.userId }).from(admins).where(eq(admins.userId, userId)).limit(1);
  return row ? { kind: "admin", id: userId } : { kind: "writer", id: userId };
}

/**
 * A signed-in reader known by id alone, for a read that does not depend on an admin's role
 * (lists, likes, comments: an admin reads them as any writer does).
 */
export const readerById = (userId: string | null): Viewer => (userId ? { kind: "writer", id: userId } : VISITOR);

/** The viewer's user id, or null for a visitor. */
export const viewerIdOf = (viewer: Viewer): string | null => (viewer.kind === "visitor" ? null : viewer.id);

/**
 * How the piece is reached, which decides what a hidden piece and blocks do:
 * - `list`: in a list, a count, a feed, an email — public, not hidden, and not signed as a writer
 *   the viewer blocks;
 * - `open`: opened by its id (the piece, its comments) — public; a hidden one only by its writer
 *   and admins (a block does not stop an open: the blocker followed a link);
 * - `respond`: liked, commented on, reported, hidden with a writer's other pieces — public and
 *   not hidden, for everyone (its writer and admins too);
 * - `moderate`: an admin's reads (report targets, counts, blocks made from a piece) — public,
 *   hidden or not.
 */
export type PieceUse = "list" | "open" | "respond" | "moderate";

/** The piece's audience is everyone (hidden or not), for a `submissions` row `s` in scope. */
export function publicPieceSql(s: SQL): SQL {
  return sql`${s}.is_private = false`;
}

/** A public piece not hidden by moderators: what a visitor may read, and what counts are made of. */
export function shownPieceSql(s: SQL): SQL {
  return sql`${s}.is_private = false and ${s}.hidden_at is null`;
}

/** A `piece_circles` row `pc` the circle's moderators have not hidden: its circle reads the piece. */
export function shownInCircleSql(pc: SQL): SQL {
  return sql`${pc}.hidden_at is null`;
}

/**
 * The piece `s` is shared with a circle `userId` is in, and that circle's moderators have not
 * hidden it there (piece_circles_pkey, then circle_members_pkey: a few index reads per piece).
 */
export function inCircleOfSql(userId: string, s: SQL): SQL {
  return sql`exists (select 1 from piece_circles pc join circle_members cm on cm.circle_id = pc.circle_id and cm.user_id = ${userId}::uuid where pc.submission_id = ${s}.id and ${shownInCircleSql(sql`pc`)})`;
}

/** The piece `s` is shared with some circle (a site admin reads every circle, and so its pieces). */
export function inAnyCircleSql(s: SQL): SQL {
  return sql`exists (select 1 from piece_circles pc where pc.submission_id = ${s}.id)`;
}

/** What site admins moderate: every public piece, and every piece shared with a circle (issue 29 item 7). */
export function moderatablePieceSql(s: SQL): SQL {
  return sql`(${publicPieceSql(s)} or ${inAnyCircleSql(s)})`;
}

/** `viewer` may read the piece `s` (a `submissions` row in scope) reached as `use`. */
export function readablePieceSql(viewer: Viewer, s: SQL, use: PieceUse): SQL {
  switch (use) {
    case "moderate":
      return moderatablePieceSql(s);
    case "respond":
      return viewer.kind === "visitor" ? shownPieceSql(s) : sql`${s}.hidden_at is null and (${publicPieceSql(s)} or ${inCircleOfSql(viewer.id, s)})`;
    case "list":
      return viewer.kind === "visitor" ? shownPieceSql(s) : sql`${shownPieceSql(s)} and ${pieceNotBlockedByViewer(viewer.id, s)}`;
    case "open":
      if (viewer.kind === "visitor") return shownPieceSql(s);
      if (viewer.kind === "admin") return moderatablePieceSql(s);
      return sql`(${publicPieceSql(s)} or ${inCircleOfSql(viewer.id, s)}) and (${s}.hidden_at is null or ${s}.user_id = ${viewer.id}::uuid)`;
  }
}

/**
 * A piece `userId` may reach, hidden or not: public, or shared with a circle of theirs. Why a
 * comment was refused is asked of it ("comments are off" is said on a circle piece as on a
 * community one), and a block is made from it (blocks apply in circles too: issue 29 item 7).
 */
export function reachablePieceSql(userId: string, s: SQL): SQL {
  return sql`(${publicPieceSql(s)} or ${inCircleOfSql(userId, s)})`;
}

/**
 * A circle's feed (issue 29 item 4), read as the community's is: the piece `s` shared with the
 * circle (its `piece_circles` row `pc`) is listed unless the site's or the circle's moderators hid
 * it (its writer still opens it from their portfolio) or, for a member `viewerId`, the member
 * blocks its signature. With no viewer it is the page every member shares (the feed cache's,
 * whose per-member blocks are asked apart: feed-viewer.query.ts).
 * Membership itself is checked once, before the list is read (modules/circles/access.ts).
 */
export function circleFeedPieceSql(viewerId: string | null, s: SQL, pc: SQL): SQL {
  const shown = sql`${s}.hidden_at is null and ${shownInCircleSql(pc)}`;
  return viewerId ? sql`${shown} and ${pieceNotBlockedByViewer(viewerId, s)}` : shown;
}

/**
 * Write-ins (issue 30): who may see a write-in `w` (its time, title, who came and their counts,
 * never a text). The community's are anyone's; a circle's are its members' (site admins read
 * every circle). Joining and scheduling ask more (modules/write-ins/access.ts).
 */
export function readableWriteInSql(viewer: Viewer, w: SQL): SQL {
  if (viewer.kind === "admin") return sql`true`;
  if (viewer.kind === "visitor") return sql`${w}.circle_id is null`;
  return sql`(${w}.circle_id is null or exists (select 1 from circle_members cm where cm.circle_id = ${w}.circle_id and cm.user_id = ${viewer.id}::uuid))`;
}

/** What the predicates read of a piece. */
export interface PieceAudienceRow {
  userId: string;
  isPrivate: boolean;
  hiddenAt: Date | string | null;
}

/** How a piece page asks about circles: whether the piece is shared with any, and whether the viewer is in one of them. */
export interface PieceCircleAccess {
  inAnyCircle: () => Promise<boolean>;
  viewerInOne: () => Promise<boolean>;
}

/** Hidden pieces stay open to their writer and to admins. */
function seesHidden(viewer: Viewer, row: PieceAudienceRow): boolean {
  return viewer.kind === "admin" || (viewer.kind === "writer" && viewer.id === row.userId);
}

/**
 * readablePieceSql() for a row already read, for `open`, `respond` and `moderate` (a list is a
 * query: its blocks are read in SQL).
 */
export function canReadPiece(viewer: Viewer, row: PieceAudienceRow, use: Exclude<PieceUse, "list">): boolean {
  if (row.isPrivate) return false;
  if (use === "moderate") return true;
  if (row.hiddenAt === null) return true;
  return use === "open" && seesHidden(viewer, row);
}

/**
 * A piece's own page (the piece API, its image, its page head): the community's open rule, and
 * a private piece for its writer, for a member of a circle it is shared with, or with a valid
 * share link (`shared`) when it is shared with no circle (a circle piece's link opens for members
 * alone). A hidden piece stays closed to share links too.
 */
export async function canOpenPiecePage(viewer: Viewer, row: PieceAudienceRow, shared: () => Promise<boolean>, circles: PieceCircleAccess): Promise<boolean> {
  if (row.hiddenAt !== null && !seesHidden(viewer, row)) return false;
  if (!row.isPrivate) return true;
  if (viewer.kind !== "visitor" && viewer.id === row.userId) return true;
  // A site admin reads every circle (their powers over content reach circle pieces too).
  if (viewer.kind === "admin" && (await circles.inAnyCircle())) return true;
  if (viewer.kind !== "visitor" && (await circles.viewerInOne())) return true;
  if (await circles.inAnyCircle()) return false;
  return shared();
}

async function anyRow(db: Queryable, query: SQL): Promise<boolean> {
  const { rows } = (await db.execute(query)) as { rows: unknown[] };
  return rows.length > 0;
}

/** PieceCircleAccess for `pieceId` read from the database (each question at most once, and only when asked). */
export function pieceCircleAccess(db: Queryable, viewer: Viewer, pieceId: string): PieceCircleAccess {
  return {
    async inAnyCircle() {
      return anyRow(db, sql`select 1 from piece_circles where submission_id = ${pieceId}::uuid limit 1`);
    },
    async viewerInOne() {
      if (viewer.kind === "visitor") return false;
      return anyRow(db, sql`select 1 from submissions s where s.id = ${pieceId}::uuid and ${inCircleOfSql(viewer.id, sql`s`)}`);
    },
  };
}

/**
 * A comment `c` (a `submission_comments` or trashed comment row in scope) counts in its piece's
 * comment_count and is read by everyone: not hidden by moderators.
 */
export function shownCommentSql(c: SQL): SQL {
  return sql`${c}.hidden_at is null`;
}

/**
 * The comment `c` is in `viewer`'s list of a piece's comments: a hidden one only for its writer
 * and admins, and none signed as someone the viewer blocks.
 */
export function readableCommentSql(viewer: Viewer, c: SQL): SQL {
  if (viewer.kind === "visitor") return shownCommentSql(c);
  const shown = viewer.kind === "admin" ? sql`true` : sql`(${shownCommentSql(c)} or ${c}.user_id = ${viewer.id}::uuid)`;
  return sql`${shown} and ${commentNotBlockedByViewer(viewer.id, c)}`;
}
