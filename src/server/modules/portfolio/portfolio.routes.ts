import { Hono } from "hono";
import { MESSAGES } from "#shared/errors.ts";
import {
  createShareLinkInput,
  deleteResponse,
  mySubmissionsQuery,
  pieceQuery,
  pieceResponse,
  portfolioPage,
  portfolioStats,
  profileResponse,
  shareLinkResponse,
  shareLookupResponse,
  updatePrivateInput,
  updateProfileInput,
  PORTFOLIO_MESSAGES,
} from "#shared/schemas/portfolio.ts";
import { viewerOf } from "../../db/audience.ts";
import { requireUser, signedIn, type AppEnv } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { uuidParam } from "../../http/params.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { pieceImageCache } from "../../og/image-cache.ts";
import { listMySubmissions } from "./my-pieces.query.ts";
import { deleteSubmission, loadPiece, readablePiece, updatePrivateVersion } from "./piece.service.ts";
import { pieceControlsRoutes } from "./piece-controls.routes.ts";
import { pieceImageRoutes } from "./piece-image.routes.ts";
import { trashRoutes } from "./trash.routes.ts";
import { writingStatsRoutes } from "./writing-stats.routes.ts";
import { toPieceView } from "./piece-view.ts";
import { updateProfile } from "./profile.service.ts";
import { createShareLink, lookupShareToken } from "./share-links.service.ts";
import { getPortfolioStats } from "./stats.service.ts";
import { rateLimit } from "../../http/rate-limit.ts";

/** Per account (per address for visitors, who are then refused): plenty for a person, not for a script. */
const profileLimit = rateLimit({ bucket: "profile", windowMs: 60 * 60_000, max: 30, per: "account" });
const shareLinkLimit = rateLimit({ bucket: "share-links", windowMs: 60 * 60_000, max: 60, per: "account" });

/** Routes of the portfolio module (mounted under /api). */
export const portfolioRoutes = new Hono<AppEnv>()
  /** The writer's own pieces: search and sort over all of them, keyset pages. */
  .get("/me/submissions", signedIn(PORTFOLIO_MESSAGES.loginToSeePortfolio), validate("query", mySubmissionsQuery), async (c) => {
    const user = requireUser(c, PORTFOLIO_MESSAGES.loginToSeePortfolio);
    const query = c.req.valid("query");
    c.header("Cache-Control", "private, no-store");
    return respond(c, portfolioPage, await listMySubmissions(c.get("deps").db, user.id, query));
  })
  .get("/me/portfolio-stats", async (c) => {
    const user = requireUser(c, PORTFOLIO_MESSAGES.loginToSeePortfolio);
    const { db, clock } = c.get("deps");
    c.header("Cache-Control", "private, no-store");
    return respond(c, portfolioStats, await getPortfolioStats(db, user.id, clock.now()));
  })
  /** Update profile (name, alias): spec §6. */
  .patch("/me/profile", signedIn(PORTFOLIO_MESSAGES.loginToUpdateProfile), profileLimit, validate("json", updateProfileInput), async (c) => {
    const user = requireUser(c, PORTFOLIO_MESSAGES.loginToUpdateProfile);
    const { db, clock, sessions } = c.get("deps");
    const profile = await updateProfile(db, user.id, c.req.valid("json"), clock.now());
    // The session holds the name and alias.
    sessions.changed(user.id);
    return respond(c, profileResponse, profile);
  })
  /** fetchSubmissionById(id, share?): public to everyone; private to its owner or a valid share token. */
  .get("/submissions/:id", uuidParam(), validate("query", pieceQuery), async (c) => {
    const user = c.get("user");
    const { db, clock } = c.get("deps");
    const row = await readablePiece(db, viewerOf(user), c.req.valid("param").id, c.req.valid("query").share, clock.now());
    if (!row) throw notFound();
    c.header("Cache-Control", "private, no-store");
    return respond(c, pieceResponse, { submission: toPieceView(row, user?.id ?? null) });
  })
  /** The writer's private version; the community copy never changes. */
  .patch("/submissions/:id/private", signedIn(MESSAGES.loginToEdit), uuidParam(PORTFOLIO_MESSAGES.editNotFound), validate("json", updatePrivateInput), async (c) => {
    const user = requireUser(c, MESSAGES.loginToEdit);
    const { db, clock } = c.get("deps");
    const { id } = c.req.valid("param");
    await updatePrivateVersion(db, user.id, id, c.req.valid("json"), clock.now());
    const row = await loadPiece(db, id);
    if (!row) throw notFound(PORTFOLIO_MESSAGES.editNotFound);
    return respond(c, pieceResponse, { submission: toPieceView(row, user.id) });
  })
  .delete("/submissions/:id", signedIn(MESSAGES.loginToDelete), uuidParam(PORTFOLIO_MESSAGES.deleteFailed), async (c) => {
    const user = requireUser(c, MESSAGES.loginToDelete);
    const { id } = c.req.valid("param");
    await deleteSubmission(c.get("deps"), user, id);
    pieceImageCache.forgetPiece(id);
    return respond(c, deleteResponse, { id, deleted: true });
  })
  /** createShareLink(submissionId, 24) */
  .post("/submissions/:id/share-links", signedIn(PORTFOLIO_MESSAGES.loginToShare), shareLinkLimit, uuidParam(), validate("json", createShareLinkInput), async (c) => {
    const user = requireUser(c, PORTFOLIO_MESSAGES.loginToShare);
    const { link, created } = await createShareLink(c.get("deps"), user, c.req.valid("param").id, c.req.valid("json").hours);
    return respond(c, shareLinkResponse, link, created ? 201 : 200);
  })
  /** getSubmissionByShareToken(token) */
  .get("/share/:token", async (c) => {
    const { db, clock } = c.get("deps");
    const submissionId = await lookupShareToken(db, c.req.param("token"), clock.now());
    c.header("Cache-Control", "private, no-store");
    return respond(c, shareLookupResponse, { submissionId });
  })
  .route("/", pieceImageRoutes)
  .route("/", pieceControlsRoutes)
  .route("/", trashRoutes)
  .route("/", writingStatsRoutes);
