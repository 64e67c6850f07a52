import { Hono } from "hono";
import { validator } from "hono/validator";
import { uuidSchema } from "#shared/schemas/common.ts";
import { MESSAGES } from "#shared/errors.ts";
import {
  createShareLinkInput,
  mySubmissionsQuery,
  pieceDisplayTitle,
  pieceKindLabel,
  pieceQuery,
  updatePrivateInput,
  updateProfileInput,
  PORTFOLIO_MESSAGES,
  type PieceResponse,
  type ShareLookupResponse,
} from "#shared/schemas/portfolio.ts";
import { requireUser, type AppEnv } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { uuidParam } from "../../http/params.ts";
import { validate } from "../../http/validate.ts";
import { pieceImageCache } from "../../og/image-cache.ts";
import { renderPieceImage } from "../../og/piece-image.ts";
import { listMySubmissions } from "./my-pieces.query.ts";
import { deleteSubmission, loadPiece, readablePiece, updatePrivateVersion } from "./piece.service.ts";
import { pieceAuthorLabel, publicFace, toPieceView } from "./piece-view.ts";
import { updateProfile } from "./profile.service.ts";
import { createShareLink, lookupShareToken } from "./share-links.service.ts";
import { portfolioStats } from "./stats.service.ts";

/** Preview images each client may ask for per minute (drawing one costs real CPU; cached ones still read the database). */
export const OG_RATE_LIMIT_MAX = 60;
export const OG_RATE_LIMIT_WINDOW_MS = 60_000;
/** How long browsers (and, for public pieces, shared caches) may keep a preview image. */
export const OG_PUBLIC_MAX_AGE_S = 3600;
export const OG_SHARED_MAX_AGE_S = 300;
const ogRateLimit = rateLimit({ bucket: "og", windowMs: OG_RATE_LIMIT_WINDOW_MS, max: OG_RATE_LIMIT_MAX });

/** `/og/<id>.png`: the id checked as every `:id` path param is (not a UUID: 404, before any query). */
const pngOfPiece = validator("param", (value: Record<string, string>) => {
  const id = uuidSchema.safeParse(/^(.*)\.png$/i.exec(value.file ?? "")?.[1]);
  if (!id.success) throw notFound();
  return { id: id.data.toLowerCase() };
});

/** Routes of the portfolio module (mounted under /api). */
export const portfolioRoutes = new Hono<AppEnv>()
  /** The writer's own pieces: search and sort over all of them, keyset pages. */
  .get("/me/submissions", validate("query", mySubmissionsQuery), async (c) => {
    const user = requireUser(c, PORTFOLIO_MESSAGES.loginToSeePortfolio);
    const query = c.req.valid("query");
    c.header("Cache-Control", "private, no-store");
    return c.json(await listMySubmissions(c.get("deps").db, user.id, query));
  })
  .get("/me/portfolio-stats", async (c) => {
    const user = requireUser(c, PORTFOLIO_MESSAGES.loginToSeePortfolio);
    const { db, clock } = c.get("deps");
    c.header("Cache-Control", "private, no-store");
    return c.json(await portfolioStats(db, user.id, clock.now()));
  })
  /** Update profile (name, alias): spec §6. */
  .patch("/me/profile", validate("json", updateProfileInput), async (c) => {
    const user = requireUser(c, PORTFOLIO_MESSAGES.loginToUpdateProfile);
    const { db, clock } = c.get("deps");
    return c.json(await updateProfile(db, user.id, c.req.valid("json"), clock.now()));
  })
  /** fetchSubmissionById(id, share?): public to everyone; private to its owner or a valid share token. */
  .get("/submissions/:id", uuidParam(), validate("query", pieceQuery), async (c) => {
    const user = c.get("user");
    const { db, clock } = c.get("deps");
    const row = await readablePiece(db, user?.id ?? null, c.req.valid("param").id, c.req.valid("query").share, clock.now());
    if (!row) throw notFound();
    c.header("Cache-Control", "private, no-store");
    return c.json({ submission: toPieceView(row, user?.id ?? null) } satisfies PieceResponse);
  })
  /** The writer's private version; the community copy never changes. */
  .patch("/submissions/:id/private", uuidParam(PORTFOLIO_MESSAGES.editNotFound), validate("json", updatePrivateInput), async (c) => {
    const user = requireUser(c, MESSAGES.loginToEdit);
    const { db, clock } = c.get("deps");
    const { id } = c.req.valid("param");
    await updatePrivateVersion(db, user.id, id, c.req.valid("json"), clock.now());
    const row = await loadPiece(db, id);
    if (!row) throw notFound(PORTFOLIO_MESSAGES.editNotFound);
    return c.json({ submission: toPieceView(row, user.id) } satisfies PieceResponse);
  })
  .delete("/submissions/:id", uuidParam(PORTFOLIO_MESSAGES.deleteFailed), async (c) => {
    const user = requireUser(c, MESSAGES.loginToDelete);
    const { id } = c.req.valid("param");
    await deleteSubmission(c.get("deps"), user, id);
    pieceImageCache.forgetPiece(id);
    return c.json({ id, deleted: true as const });
  })
  /** createShareLink(submissionId, 24) */
  .post("/submissions/:id/share-links", uuidParam(), validate("json", createShareLinkInput), async (c) => {
    const user = requireUser(c, PORTFOLIO_MESSAGES.loginToShare);
    const { link, created } = await createShareLink(c.get("deps"), user, c.req.valid("param").id, c.req.valid("json").hours);
    return c.json(link, created ? 201 : 200);
  })
  /** getSubmissionByShareToken(token) */
  .get("/share/:token", async (c) => {
    const { db, clock } = c.get("deps");
    const submissionId = await lookupShareToken(db, c.req.param("token"), clock.now());
    c.header("Cache-Control", "private, no-store");
    return c.json({ submissionId } satisfies ShareLookupResponse);
  })
  /** GET /api/og/:id.png?share= — the preview image, only for pieces this request may read. */
  .get("/og/:file", ogRateLimit, pngOfPiece, validate("query", pieceQuery), async (c) => {
    const { db, clock, env } = c.get("deps");
    const user = c.get("user");
    const share = c.req.valid("query").share;
    const row = await readablePiece(db, user?.id ?? null, c.req.valid("param").id, share, clock.now());
    if (!row) throw notFound();
    const face = publicFace(row);
    const author = pieceAuthorLabel(row);
    const png = await pieceImageCache.getOrRender(`${row.id}:${row.updatedAt.toISOString()}:${author}:${env.SITE_NAME}`, () =>
      renderPieceImage({
        title: pieceDisplayTitle(face.title, row.prompt),
        authorLabel: author,
        wordCount: face.wordCount,
        kind: pieceKindLabel(row.prompt),
        siteName: env.SITE_NAME,
      }),
    );
    // A private piece's image is for whoever holds the link: never kept by shared caches.
    c.header("Cache-Control", row.isPrivate ? `private, max-age=${OG_SHARED_MAX_AGE_S}` : `public, max-age=${OG_PUBLIC_MAX_AGE_S}`);
    c.header("Content-Type", "image/png");
    return c.body(new Uint8Array(png), 200);
  });
