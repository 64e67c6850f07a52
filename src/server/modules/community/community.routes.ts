import { Hono } from "hono";
import { MESSAGES } from "#shared/errors.ts";
import { localDate } from "#shared/domain/dates.ts";
import {
  addedComment,
  COMMUNITY_MESSAGES,
  commentInput,
  commentList,
  communityFeedPage,
  deletedComment,
  feedQuery,
  likeResult,
  promptHistory,
} from "#shared/schemas/community.ts";
import { requireUser, signedIn, type AppEnv } from "../../http/context.ts";
import { uuidParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { notSuspended } from "../moderation/suspension.service.ts";
import { addComment, deleteComment, listComments } from "./comments.service.ts";
import { getFeedPage } from "./feed.service.ts";
import { feedCacheOf, serveCachedPage } from "./feed-first-page.ts";
import { setLike } from "./likes.service.ts";
import { servePieceToReader } from "./piece-reader.ts";
import { servePieceToVisitor } from "./piece-visitor.ts";
import { getPromptHistory } from "./prompt-history.service.ts";

/** A piece's id in the path: not a UUID names nothing, 404 like any missing piece. */
const pieceId = uuidParam(COMMUNITY_MESSAGES.pieceNotFound);

/** Per client: enough for any reader, not for a script. */
const commentLimit = rateLimit({ bucket: "comments", windowMs: 60_000, max: 20 });
const likeLimit = rateLimit({ bucket: "likes", windowMs: 60_000, max: 120 });

/** Routes of the community module (mounted under /api). */
export const communityRoutes = new Hono<AppEnv>()
  /** One page of a view of the feed: ?prompt=all|freewrite|ID &filter=all|featured|week &sort=recent|liked|longest|author &q= &cursor= */
  .get("/community/feed", validate("query", feedQuery), async (c) => {
    const q = c.req.valid("query");
    const deps = c.get("deps");
    const viewerId = c.get("user")?.id ?? null;
    // A common view's first page, and the later pages its cached pages lead to, come from the instance's cache (feed-first-page.ts).
    const cursor = q.cursor ?? null;
    if (!q.q && feedCacheOf(deps).cacheable(q, cursor)) return serveCachedPage(c, q, cursor, viewerId);
    const page = await getFeedPage(deps.db, { ...q, viewerId, now: deps.clock.now() });
    return respond(c, communityFeedPage, page);
  })
  /** The prompt filter's options: prompt history with public response counts (spec §7). */
  .get("/community/prompts", async (c) => {
    const deps = c.get("deps");
    return respond(c, promptHistory, await getPromptHistory(deps, localDate(deps.clock.now(), c.get("timeZone"))));
  })
  .get("/community/pieces/:id", pieceId, async (c) => {
    const user = c.get("user");
    // From the instance's cache when it keeps the piece: a visitor's answer (piece-visitor.ts), or it with a reader's own marks (piece-reader.ts).
    return user ? servePieceToReader(c, c.req.valid("param").id, user) : servePieceToVisitor(c, c.req.valid("param").id);
  })
  .put("/community/pieces/:id/like", likeLimit, signedIn(MESSAGES.loginToLike), notSuspended, pieceId, async (c) => {
    const user = requireUser(c, MESSAGES.loginToLike);
    return respond(c, likeResult, await setLike(c.get("deps"), c.req.valid("param").id, user.id, true));
  })
  .delete("/community/pieces/:id/like", likeLimit, signedIn(MESSAGES.loginToLike), pieceId, async (c) => {
    const user = requireUser(c, MESSAGES.loginToLike);
    return respond(c, likeResult, await setLike(c.get("deps"), c.req.valid("param").id, user.id, false));
  })
  .get("/community/pieces/:id/comments", pieceId, async (c) => {
    return respond(c, commentList, await listComments(c.get("deps").db, c.req.valid("param").id, c.get("user")));
  })
  .post(
    "/community/pieces/:id/comments",
    signedIn(COMMUNITY_MESSAGES.loginToComment),
    notSuspended,
    commentLimit,
    validate("json", commentInput),
    pieceId,
    async (c) => {
      const user = requireUser(c, COMMUNITY_MESSAGES.loginToComment);
      const { content } = c.req.valid("json");
      return respond(c, addedComment, await addComment(c.get("deps"), c.req.valid("param").id, user, content, c.get("timeZone")), 201);
    },
  )
  .delete(
    "/community/comments/:id",
    signedIn(COMMUNITY_MESSAGES.loginToDeleteComment),
    uuidParam(COMMUNITY_MESSAGES.commentNotFound),
    async (c) => {
      const user = requireUser(c, COMMUNITY_MESSAGES.loginToDeleteComment);
      return respond(c, deletedComment, await deleteComment(c.get("deps"), c.req.valid("param").id, user));
    },
  );
