import type { Context, TypedResponse } from "hono";
import type { z } from "zod";
import { pieceDetailResponse } from "#shared/schemas/community.ts";
import { VISITOR } from "../../db/audience.ts";
import type { AppEnv } from "../../http/context.ts";
import { checkContract, respond } from "../../http/respond.ts";
import { answerOf, visitorAnswerParts } from "./feed-first-page.ts";
import { pieceCacheOf } from "./piece-cache.ts";
import { getPiece } from "./piece.service.ts";

/*
 * GET /api/community/pieces/:id for a visitor, from the instance's PieceCache (piece-cache.ts)
 * once the piece is asked for a second time lately (the first read is answered as any read):
 * the answer the route gave before, made once per piece and sent as kept, with the feed's
 * validators (a weak ETag answered 304 on If-None-Match, `Cache-Control: private, no-cache`,
 * `Vary: Accept-Encoding, Cookie`: feed-first-page.ts). A piece the visitor may not read is the
 * route's 404, thrown by getPiece and never kept.
 */

type PieceResponse = Response & TypedResponse<z.output<typeof pieceDetailResponse>, 200, "json">;

export async function servePieceToVisitor(c: Context<AppEnv>, id: string): Promise<PieceResponse> {
  const deps = c.get("deps");
  const cache = pieceCacheOf(deps);
  const now = deps.clock.now().getTime();
  const read = async () => ({ piece: await getPiece(deps.db, id, VISITOR) });
  const hit = cache.peek(id, now);
  if (!hit && !cache.admits(id)) {
    // A piece not asked for lately: answered as any read, and kept only if it is asked for again.
    cache.misses++;
    return respond(c, pieceDetailResponse, await read());
  }
  // Checked once, when made, as respond() checks every answer.
  const cached = hit ?? (await cache.get(id, now, async () => checkContract(pieceDetailResponse, await read(), c.req.path)));
  return answerOf(c, visitorAnswerParts(cached, c.req.header("if-none-match"), c.req.header("accept-encoding"))) as PieceResponse;
}
