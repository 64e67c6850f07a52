import type { Context, TypedResponse } from "hono";
import type { z } from "zod";
import { COMMUNITY_MESSAGES, pieceDetailResponse, type CommunityPieceDetail } from "#shared/schemas/community.ts";
import { viewerOf, type Viewer } from "../../db/audience.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv, SessionUser } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { checkContract, respond } from "../../http/respond.ts";
import { answerOf, ownAnswerParts, visitorAnswerParts, type AnswerParts } from "./feed-first-page.ts";
import { pieceCacheOf, type CachedPiece } from "./piece-cache.ts";
import { pieceMarks, readPiece } from "./piece.service.ts";

/*
 * GET /api/community/pieces/:id for a signed-in reader (issue 28 item 3), from the instance's
 * PieceCache when it keeps the piece: the visitor's answer with the reader's own two marks
 * (likedByMe, isMine), read by one small query by primary key. That is exact: a piece a visitor
 * may open, every reader may open (db/audience.ts, "open": a writer reads what is public and not
 * hidden, an admin more; blocks do not close an open piece), and a piece's fields are the same for
 * every viewer but those two marks (piece.query.ts). The same query reads the piece's like and
 * comment counts, so what a reader is shown as theirs is always counted. With no marks of theirs
 * and the same counts they get the visitor's bytes; else the same answer with those set, gzipped
 * for them.
 *
 * A reader's read of a piece not kept is the read it always was, as this reader, which also says
 * whether a visitor may open it (`visitorsSee`); when one may and the door admits it (asked for
 * twice lately, PieceCache.admits), that same read fills the cache with the visitor's answer (the
 * reader's row with their marks cleared), under the cache's rules for a read an event overtook.
 * The fast path (feed-fast-path.ts) answers a kept piece the same way, through readerPieceParts.
 */

type PieceResponse = Response & TypedResponse<z.output<typeof pieceDetailResponse>, 200, "json">;

/** A reader's answer from a kept piece; null when it is gone since (the app's read says 404). */
export async function readerPieceParts(db: Db, cached: CachedPiece, readerId: string, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): Promise<AnswerParts | null> {
  const marks = await pieceMarks(db, cached.id, readerId);
  if (!marks) return null;
  const { liked, mine, likeCount, commentCount } = marks;
  const kept = cached.body.piece;
  // The counts come with the marks: a like of theirs made on another instance, whose event is still on its way here, is counted where it is marked.
  if (!liked && !mine && kept.likeCount === likeCount && kept.commentCount === commentCount) return visitorAnswerParts(cached, ifNoneMatch, acceptEncoding);
  // The visitor's checked answer with these set: the same keys in the same order as the app's.
  return ownAnswerParts(JSON.stringify({ piece: { ...kept, likeCount, commentCount, likedByMe: liked, isMine: mine } }), ifNoneMatch, acceptEncoding);
}

/**
 * A miss the door admits: this reader's read fills the cache when a visitor may open the piece.
 * Gives this reader's piece when their read ran, or their answer from a fill already under way;
 * nothing when another's fill failed (it says nothing of what this reader may open).
 */
async function fill(c: Context<AppEnv>, id: string, viewer: Viewer, readerId: string): Promise<{ own: CommunityPieceDetail } | { answer: AnswerParts } | null> {
  const deps = c.get("deps");
  let own: CommunityPieceDetail | undefined;
  let ranOurs = false;
  try {
    const cached = await pieceCacheOf(deps).get(id, deps.clock.now().getTime(), async () => {
      ranOurs = true;
      const read = await readPiece(deps.db, id, viewer);
      own = read.piece;
      // To a visitor (one waiting on this fill too) it is what it is: not there.
      if (!read.visitorsSee) throw notFound(COMMUNITY_MESSAGES.pieceNotFound);
      // Checked once, when made, as respond() checks every answer.
      return checkContract(pieceDetailResponse, { piece: { ...read.piece, likedByMe: false, isMine: false } }, c.req.path);
    });
    if (own) return { own };
    const answer = await readerPieceParts(deps.db, cached, readerId, c.req.header("if-none-match"), c.req.header("accept-encoding"));
    return answer ? { answer } : null;
  } catch (err) {
    if (own) return { own };
    // Our own read failed: its answer (a 404, a 503).
    if (ranOurs) throw err;
    return null;
  }
}

export async function servePieceToReader(c: Context<AppEnv>, id: string, user: SessionUser): Promise<PieceResponse> {
  const deps = c.get("deps");
  const cache = pieceCacheOf(deps);
  const viewer = viewerOf(user);
  const hit = cache.peek(id, deps.clock.now().getTime());
  if (hit) {
    const answer = await readerPieceParts(deps.db, hit, user.id, c.req.header("if-none-match"), c.req.header("accept-encoding"));
    // Else gone since (counted as the hit it was): read as any read.
    if (answer) return answerOf(c, answer) as PieceResponse;
  } else if (cache.admits(id)) {
    const filled = await fill(c, id, viewer, user.id);
    if (filled && "answer" in filled) return answerOf(c, filled.answer) as PieceResponse;
    if (filled) return respond(c, pieceDetailResponse, { piece: filled.own });
  } else cache.misses++;
  return respond(c, pieceDetailResponse, { piece: (await readPiece(deps.db, id, viewer)).piece });
}
