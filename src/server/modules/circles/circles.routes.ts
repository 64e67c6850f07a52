import { Hono } from "hono";
import { CIRCLE_INVITES_PER_HOUR, EMAIL_INVITES_PER_HOUR } from "#shared/constants.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import {
  circleListQuery,
  circleFeedQuery,
  circleInvites,
  circleMembersPage,
  circleResponse,
  createCircleInput,
  createdInvite,
  createInviteInput,
  deleteCircleInput,
  invitePreview,
  joinedCircle,
  memberChange,
  memberRoleInput,
  circleRequests,
  emailInvitesInput,
  emailInvitesSent,
  circleModerationResult,
  hiddenCirclePieces,
  muteInput,
  myCircles,
  circleProgress as circleProgressResponse,
  isCircleDate,
  circlePromptInput,
  circlePromptSaved,
  circlePromptWeek,
  todayCirclePrompts,
  progressQuery,
  transferOwnerInput,
  updateCircleInput,
} from "#shared/schemas/circles.ts";
import { validator } from "hono/validator";
import { z } from "zod";
import { isIsoDate, localDate } from "#shared/domain/dates.ts";
import { badRequest } from "../../http/errors.ts";
import { requireUser, signedIn, type AppEnv } from "../../http/context.ts";
import { uuidParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { respond } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import { notSuspended } from "../moderation/suspension.service.ts";
import { circleFeed } from "./circle-feed.service.ts";
import { createCircle, deleteCircle, myCircles as readMyCircles, openCircle, setMuted, updateCircle } from "./circles.service.ts";
import { createInvite, emailInvites, listInvites, previewInvite, revokeInvite } from "./invites.service.ts";
import { acceptInvite, decideRequest, listRequests } from "./joining.service.ts";
import { listMembers, removeMember, setMemberRole, transferOwnership } from "./members.service.ts";
import { circleProgress, progressCsv } from "./progress.service.ts";
import { hiddenPieces, hideComment, setPieceHidden } from "./circle-moderation.service.ts";
import { hideInput } from "#shared/schemas/moderation.ts";
import { deleteCirclePrompt, promptWeek, setCirclePrompt, todaysCirclePrompts } from "./circle-prompts.service.ts";

/*
 * Circles (issue 29): thin routes over the services. Who may do what is decided in access.ts;
 * a non-member hears 404 for anything of a circle, as for a slug that names nothing.
 */

const HOUR = 60 * 60_000;
/** Per writer, across instances (the counters live in the database). */
const createLimit = rateLimit({ bucket: "circle-create", windowMs: HOUR, max: 10, per: "account" });
const inviteLimit = rateLimit({ bucket: "circle-invites", windowMs: HOUR, max: CIRCLE_INVITES_PER_HOUR, per: "account" });
const emailInviteLimit = rateLimit({ bucket: "circle-email-invites", windowMs: HOUR, max: EMAIL_INVITES_PER_HOUR, per: "account" });
const joinLimit = rateLimit({ bucket: "circle-join", windowMs: HOUR, max: 30, per: "account" });
/** Per client: guessing invite codes is hopeless (144 random bits), and this keeps it so. */
const previewLimit = rateLimit({ bucket: "circle-invite-preview", windowMs: 60_000, max: 60 });

const memberId = uuidParam(CIRCLE_MESSAGES.memberNotFound, undefined, "userId");
const inviteId = uuidParam(CIRCLE_MESSAGES.inviteNotFound);
const pieceId = uuidParam(CIRCLE_MESSAGES.pieceNotInCircle);
const commentId = uuidParam(CIRCLE_MESSAGES.commentNotInCircle);
const removeQuery = z.object({ ban: z.enum(["0", "1"]).optional() });
/** A day in the path: not a real date names no prompt. */
const dateParam = validator("param", (value: Record<string, string>) => {
  if (!isIsoDate(value.date ?? "") || !isCircleDate(value.date ?? "")) throw badRequest(CIRCLE_MESSAGES.badDate, "invalid_date");
  return { date: value.date! };
});

export const circlesRoutes = new Hono<AppEnv>()
  .get("/circles", signedIn(), async (c) => {
    const user = requireUser(c);
    return respond(c, myCircles, await readMyCircles(c.get("deps").db, user.id));
  })
  /** The circle prompts of my today (issue 29 item 5): /write offers each beside the site's. */
  .get("/circles/prompts/today", signedIn(), async (c) => {
    const deps = c.get("deps");
    return respond(c, todayCirclePrompts, await todaysCirclePrompts(deps.db, requireUser(c).id, localDate(deps.clock.now(), c.get("timeZone"))));
  })
  .post("/circles", signedIn(CIRCLE_MESSAGES.loginToCreate), notSuspended, createLimit, validate("json", createCircleInput), async (c) => {
    const user = requireUser(c, CIRCLE_MESSAGES.loginToCreate);
    const deps = c.get("deps");
    return respond(c, circleResponse, { circle: await createCircle(deps.db, user, c.req.valid("json"), deps.clock.now()) }, 201);
  })
  .get("/circles/:slug", signedIn(), async (c) => {
    const deps = c.get("deps");
    return respond(c, circleResponse, { circle: await openCircle(deps.db, requireUser(c), c.req.param("slug"), deps.clock.now()) });
  })
  .patch("/circles/:slug", signedIn(), notSuspended, validate("json", updateCircleInput), async (c) => {
    return respond(c, circleResponse, { circle: await updateCircle(c.get("deps").db, requireUser(c), c.req.param("slug"), c.req.valid("json")) });
  })
  .delete("/circles/:slug", signedIn(), validate("json", deleteCircleInput), async (c) => {
    await deleteCircle(c.get("deps").db, requireUser(c), c.req.param("slug"), c.req.valid("json").confirmName);
    return respond(c, memberChange, { ok: true });
  })
  .put("/circles/:slug/mute", signedIn(), validate("json", muteInput), async (c) => {
    return respond(c, circleResponse, { circle: await setMuted(c.get("deps").db, requireUser(c), c.req.param("slug"), c.req.valid("json").muted) });
  })
  /** ?prompt=all|freewrite|ID &filter=all|featured|week &sort=recent|liked|longest|author &q= &cursor=, as the community's feed */
  .get("/circles/:slug/feed", signedIn(), validate("query", circleFeedQuery), async (c) => {
    return circleFeed(c, requireUser(c), c.req.param("slug"), c.req.valid("query"));
  })
  .get("/circles/:slug/members", signedIn(), validate("query", circleListQuery), async (c) => {
    return respond(c, circleMembersPage, await listMembers(c.get("deps").db, requireUser(c), c.req.param("slug"), c.req.valid("query").cursor));
  })
  .patch("/circles/:slug/members/:userId", signedIn(), memberId, validate("json", memberRoleInput), async (c) => {
    await setMemberRole(c.get("deps").db, requireUser(c), c.req.param("slug"), c.req.valid("param").id, c.req.valid("json").role);
    return respond(c, memberChange, { ok: true });
  })
  .delete("/circles/:slug/members/:userId", signedIn(), memberId, validate("query", removeQuery), async (c) => {
    await removeMember(c.get("deps").db, requireUser(c), c.req.param("slug"), c.req.valid("param").id, c.req.valid("query").ban === "1");
    return respond(c, memberChange, { ok: true });
  })
  .post("/circles/:slug/owner", signedIn(), validate("json", transferOwnerInput), async (c) => {
    await transferOwnership(c.get("deps").db, requireUser(c), c.req.param("slug"), c.req.valid("json").userId.toLowerCase());
    return respond(c, memberChange, { ok: true });
  })
  .get("/circles/:slug/progress", signedIn(), validate("query", progressQuery), async (c) => {
    const deps = c.get("deps");
    return respond(c, circleProgressResponse, await circleProgress(deps.db, requireUser(c), c.req.param("slug"), c.req.valid("query").week, deps.clock.now()));
  })
  /** The same week as a spreadsheet (issue 29 item 6). */
  .get("/circles/:slug/progress.csv", signedIn(), validate("query", progressQuery), async (c) => {
    const deps = c.get("deps");
    const progress = await circleProgress(deps.db, requireUser(c), c.req.param("slug"), c.req.valid("query").week, deps.clock.now());
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="circle-progress-${progress.weekStart}.csv"`);
    c.header("Cache-Control", "private, no-store");
    return c.body(progressCsv(progress));
  })
  .get("/circles/:slug/prompts", signedIn(), validate("query", progressQuery), async (c) => {
    const deps = c.get("deps");
    const today = localDate(deps.clock.now(), c.get("timeZone"));
    return respond(c, circlePromptWeek, await promptWeek(deps.db, requireUser(c), c.req.param("slug"), c.req.valid("query").week, today));
  })
  .put("/circles/:slug/prompts/:date", signedIn(), notSuspended, dateParam, validate("json", circlePromptInput), async (c) => {
    const { text, author } = c.req.valid("json");
    const deps = c.get("deps");
    const prompt = await setCirclePrompt(deps.db, requireUser(c), c.req.param("slug"), c.req.valid("param").date, text, author, deps.clock.now());
    return respond(c, circlePromptSaved, { prompt });
  })
  .delete("/circles/:slug/prompts/:date", signedIn(), dateParam, async (c) => {
    await deleteCirclePrompt(c.get("deps").db, requireUser(c), c.req.param("slug"), c.req.valid("param").date);
    return respond(c, memberChange, { ok: true });
  })
  /** Moderation inside the circle (issue 29 item 7). */
  .get("/circles/:slug/hidden", signedIn(), async (c) => {
    return respond(c, hiddenCirclePieces, await hiddenPieces(c.get("deps"), requireUser(c), c.req.param("slug")));
  })
  .post("/circles/:slug/pieces/:id/hide", signedIn(), notSuspended, pieceId, validate("json", hideInput), async (c) => {
    const outcome = await setPieceHidden(c.get("deps"), requireUser(c), c.req.param("slug"), c.req.valid("param").id, c.req.valid("json").reason);
    return respond(c, circleModerationResult, { outcome });
  })
  .delete("/circles/:slug/pieces/:id/hide", signedIn(), pieceId, async (c) => {
    const outcome = await setPieceHidden(c.get("deps"), requireUser(c), c.req.param("slug"), c.req.valid("param").id, null);
    return respond(c, circleModerationResult, { outcome });
  })
  .post("/circles/:slug/comments/:id/hide", signedIn(), notSuspended, commentId, validate("json", hideInput), async (c) => {
    const outcome = await hideComment(c.get("deps"), requireUser(c), c.req.param("slug"), c.req.valid("param").id, c.req.valid("json").reason);
    return respond(c, circleModerationResult, { outcome });
  })
  /** "Ask to join" (issue 29 item 2): the waiting requests, accepted (POST) or declined (DELETE) by moderators. */
  .get("/circles/:slug/requests", signedIn(), async (c) => {
    return respond(c, circleRequests, await listRequests(c.get("deps").db, requireUser(c), c.req.param("slug")));
  })
  .post("/circles/:slug/requests/:userId", signedIn(), notSuspended, memberId, async (c) => {
    const deps = c.get("deps");
    await decideRequest(deps.db, requireUser(c), c.req.param("slug"), c.req.valid("param").id, true, deps.clock.now());
    return respond(c, memberChange, { ok: true });
  })
  .delete("/circles/:slug/requests/:userId", signedIn(), memberId, async (c) => {
    const deps = c.get("deps");
    await decideRequest(deps.db, requireUser(c), c.req.param("slug"), c.req.valid("param").id, false, deps.clock.now());
    return respond(c, memberChange, { ok: true });
  })
  .get("/circles/:slug/invites", signedIn(), async (c) => {
    const deps = c.get("deps");
    return respond(c, circleInvites, await listInvites(deps.db, requireUser(c), c.req.param("slug"), deps.clock.now()));
  })
  .post("/circles/:slug/invites", signedIn(), notSuspended, inviteLimit, validate("json", createInviteInput), async (c) => {
    const deps = c.get("deps");
    const { days, maxUses } = c.req.valid("json");
    return respond(c, createdInvite, await createInvite(deps.db, requireUser(c), c.req.param("slug"), days, maxUses, deps.clock.now()), 201);
  })
  .post("/circles/:slug/invites/email", signedIn(), notSuspended, emailInviteLimit, validate("json", emailInvitesInput), async (c) => {
    const { emails, days } = c.req.valid("json");
    return respond(c, emailInvitesSent, await emailInvites(c.get("deps"), requireUser(c), c.req.param("slug"), emails, days), 201);
  })
  .delete("/circles/:slug/invites/:id", signedIn(), inviteId, async (c) => {
    const deps = c.get("deps");
    await revokeInvite(deps.db, requireUser(c), c.req.param("slug"), c.req.valid("param").id, deps.clock.now());
    return respond(c, memberChange, { ok: true });
  })
  .get("/invites/:code", previewLimit, async (c) => {
    const deps = c.get("deps");
    return respond(c, invitePreview, await previewInvite(deps.db, c.get("user")?.id ?? null, c.req.param("code"), deps.clock.now()));
  })
  .post("/invites/:code/accept", signedIn(CIRCLE_MESSAGES.loginToJoin), notSuspended, joinLimit, async (c) => {
    const deps = c.get("deps");
    const user = requireUser(c, CIRCLE_MESSAGES.loginToJoin);
    return respond(c, joinedCircle, await acceptInvite(deps.db, user, c.req.param("code"), deps.clock.now()));
  });
