import { Hono, type MiddlewareHandler } from "hono";
import { MESSAGES } from "#shared/errors.ts";
import { localDate } from "#shared/domain/dates.ts";
import { isUuid } from "#shared/domain/ids.ts";
import { COMMUNITY_MESSAGES, commentInput, feedQuery } from "#shared/schemas/community.ts";
import { requireUser, type AppContext, type AppEnv } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { validate } from "../../http/validate.ts";
import { addComment, deleteComment, listComments } from "./comments.service.ts";
import { eventsRoutes } from "./events.routes.ts";
import { getFeedPage } from "./feed.service.ts";
import { setLike } from "./likes.service.ts";
import { getPiece } from "./piece.service.ts";
import { getPromptHistory } from "./prompt-history.service.ts";

/** A path id that is not a UUID names nothing: 404, like any missing piece. */
function idParam(c: AppContext, message: string = COMMUNITY_MESSAGES.pieceNotFound): string {
  const id = c.req.param("id") ?? "";
  if (!isUuid(id)) throw notFound(message);
  return id.toLowerCase();
}

/** Signed-in only, checked before the body is validated (a visitor always hears 401). */
const signedIn =
  (message: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    requireUser(c, message);
    await next();
  };

/** Per client: enough for any reader, not for a script. */
const commentLimit = rateLimit({ bucket: "comments", windowMs: 60_000, max: 20 });
const likeLimit = rateLimit({ bucket: "likes", windowMs: 60_000, max: 120 });

/** Routes of the community module (mounted under /api). */
export const communityRoutes = new Hono<AppEnv>()
  .route("/", eventsRoutes)
  /** One page of a view of the feed: ?prompt=all|freewrite|ID &filter=all|featured|week &sort=recent|liked|longest|author &q= &cursor= */
  .get("/community/feed", validate("query", feedQuery), async (c) => {
    const q = c.req.valid("query");
    const { db, clock } = c.get("deps");
    const page = await getFeedPage(db, { ...q, viewerId: c.get("user")?.id ?? null, now: clock.now() });
    return c.json(page);
  })
  /** The prompt filter's options: prompt history with public response counts (spec §7). */
  .get("/community/prompts", async (c) => {
    const deps = c.get("deps");
    return c.json(await getPromptHistory(deps, localDate(deps.clock.now(), c.get("timeZone"))));
  })
  .get("/community/pieces/:id", async (c) => {
    const piece = await getPiece(c.get("deps").db, idParam(c), c.get("user")?.id ?? null);
    return c.json({ piece });
  })
  .put("/community/pieces/:id/like", likeLimit, async (c) => {
    const user = requireUser(c, MESSAGES.loginToLike);
    return c.json(await setLike(c.get("deps"), idParam(c), user.id, true));
  })
  .delete("/community/pieces/:id/like", likeLimit, async (c) => {
    const user = requireUser(c, MESSAGES.loginToLike);
    return c.json(await setLike(c.get("deps"), idParam(c), user.id, false));
  })
  .get("/community/pieces/:id/comments", async (c) => {
    return c.json(await listComments(c.get("deps").db, idParam(c), c.get("user")));
  })
  .post("/community/pieces/:id/comments", signedIn(COMMUNITY_MESSAGES.loginToComment), commentLimit, validate("json", commentInput), async (c) => {
    const user = requireUser(c, COMMUNITY_MESSAGES.loginToComment);
    const { content } = c.req.valid("json");
    return c.json(await addComment(c.get("deps"), idParam(c), user, content), 201);
  })
  .delete("/community/comments/:id", async (c) => {
    const user = requireUser(c, COMMUNITY_MESSAGES.loginToDeleteComment);
    return c.json(await deleteComment(c.get("deps"), idParam(c, COMMUNITY_MESSAGES.commentNotFound), user));
  });
