import { z } from "zod";
import { CIRCLE_INVITE_DEFAULT_DAYS, CIRCLE_INVITE_MAX_DAYS, CIRCLE_INVITE_MAX_USES, MAX_CIRCLE_DESCRIPTION_LENGTH, MAX_CIRCLE_NAME_LENGTH, MAX_EMAIL_INVITES, MAX_PROMPT_AUTHOR_LENGTH, MAX_PROMPT_LENGTH } from "../constants.ts";
import { CIRCLE_ACCENTS, CIRCLE_MESSAGES, CIRCLE_ROLES } from "../domain/circles.ts";
import { isoTime, uuidSchema } from "./common.ts";
import { communityFeedPage, feedQuery, type FeedQuery } from "./community.ts";

/*
 * Circles (issue 29, docs/decisions/016-circles.md): private groups with members, invite links,
 * and pieces shared with them. One contract per response; the server answers exactly these.
 */

export const circleName = z
  .string({ error: CIRCLE_MESSAGES.nameRequired })
  .trim()
  .min(1, CIRCLE_MESSAGES.nameRequired)
  .max(MAX_CIRCLE_NAME_LENGTH, CIRCLE_MESSAGES.nameTooLong);

export const circleDescription = z
  .string()
  .trim()
  .max(MAX_CIRCLE_DESCRIPTION_LENGTH, CIRCLE_MESSAGES.descriptionTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

export const circleAccent = z.enum(CIRCLE_ACCENTS, { error: CIRCLE_MESSAGES.badAccent });

/** POST /api/circles */
export const createCircleInput = z.object({
  name: circleName,
  description: circleDescription,
  accent: circleAccent.default("ink"),
});
export type CreateCircleInput = z.input<typeof createCircleInput>;

/** PATCH /api/circles/:slug (owner and moderators): any of the three. */
export const updateCircleInput = z.object({
  name: circleName.optional(),
  description: circleDescription.optional(),
  accent: circleAccent.optional(),
  /** "Ask to join": an invite then makes a request a moderator accepts (issue 29 item 2). */
  requiresApproval: z.boolean().optional(),
});

/** DELETE /api/circles/:slug: the owner types the name, as a guard against a slip. */
export const deleteCircleInput = z.object({ confirmName: z.string().max(200) });

/** A circle as its members see it. */
export const circleSummary = z.object({
  id: uuidSchema,
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  accent: circleAccent,
  memberCount: z.number().int(),
  /** The viewer's role (null for a site admin reading a circle they are not in). */
  myRole: z.enum(CIRCLE_ROLES).nullable(),
  /** The viewer muted the circle: none of its notifications reach them (issue 29 item 8). */
  muted: z.boolean(),
  /** Joining through an invite waits for a moderator's approval. */
  requiresApproval: z.boolean(),
  createdAt: isoTime,
});
export type CircleSummary = z.infer<typeof circleSummary>;

/** A row of "my circles": the circle, and how many pieces were shared with it since I last opened it (capped). */
export const myCircle = circleSummary.extend({ newPieces: z.number().int(), newPiecesCapped: z.boolean() });
export type MyCircle = z.infer<typeof myCircle>;

/** GET /api/circles */
export const myCircles = z.object({ circles: z.array(myCircle), max: z.number().int() });
export type MyCircles = z.infer<typeof myCircles>;

/** POST /api/circles (201), GET/PATCH /api/circles/:slug */
export const circleResponse = z.object({ circle: circleSummary });
export type CircleResponse = z.infer<typeof circleResponse>;

/**
 * A member as the circle sees them: the registered name (a circle is a group of people who know
 * each other; what a member signs a piece with stays per piece, so Anonymous pieces stay anonymous).
 */
export const circleMember = z.object({
  userId: uuidSchema,
  name: z.string(),
  role: z.enum(CIRCLE_ROLES),
  joinedAt: isoTime,
  isMe: z.boolean(),
});
export type CircleMember = z.infer<typeof circleMember>;

/** GET /api/circles/:slug/members?cursor= */
export const circleMembersPage = z.object({ items: z.array(circleMember), nextCursor: z.string().nullable() });
export type CircleMembersPage = z.infer<typeof circleMembersPage>;

/** PATCH /api/circles/:slug/members/:userId (owner): make or unmake a moderator. */
export const memberRoleInput = z.object({ role: z.enum(["moderator", "member"], { error: "Choose moderator or member" }) });

/** POST /api/circles/:slug/owner (owner): hand the circle over to a member. */
export const transferOwnerInput = z.object({ userId: uuidSchema });

/** GET /api/circles/:slug/feed?cursor= : the pieces shared with the circle, newest first (cards as the community's). */
/** A list's cursor (members). */
export const circleListQuery = z.object({ cursor: z.string().max(400, CIRCLE_MESSAGES.badCursor).optional() });
/** GET /api/circles/:slug/feed: the community feed's views, sorts and search, of the circle's pieces. */
export const circleFeedQuery = feedQuery;
export type CircleFeedQuery = FeedQuery;
/** The community feed's page (with the reader's marks when served from the shared cache). */
export const circleFeedPage = communityFeedPage;
export type CircleFeedPage = z.infer<typeof circleFeedPage>;

/** POST /api/circles/:slug/invites (moderators) */
export const createInviteInput = z.object({
  days: z
    .number({ error: CIRCLE_MESSAGES.badInviteDays })
    .int(CIRCLE_MESSAGES.badInviteDays)
    .min(1, CIRCLE_MESSAGES.badInviteDays)
    .max(CIRCLE_INVITE_MAX_DAYS, CIRCLE_MESSAGES.badInviteDays)
    .default(CIRCLE_INVITE_DEFAULT_DAYS),
  maxUses: z
    .number({ error: CIRCLE_MESSAGES.badInviteUses })
    .int(CIRCLE_MESSAGES.badInviteUses)
    .min(1, CIRCLE_MESSAGES.badInviteUses)
    .max(CIRCLE_INVITE_MAX_USES, CIRCLE_MESSAGES.badInviteUses)
    .nullish()
    .transform((v) => v ?? null),
});
export type CreateInviteInput = z.input<typeof createInviteInput>;

/** An invite link as its circle's moderators see it. The code itself is shown once, when made. */
export const circleInvite = z.object({
  id: uuidSchema,
  createdBy: z.string(),
  createdAt: isoTime,
  expiresAt: isoTime,
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  revokedAt: isoTime.nullable(),
  /** live | expired | revoked | used_up */
  state: z.enum(["live", "expired", "revoked", "used_up"]),
});
export type CircleInvite = z.infer<typeof circleInvite>;

/** POST /api/circles/:slug/invites (201): the new invite and its code (shown this once). */
export const createdInvite = z.object({ invite: circleInvite, code: z.string() });
export type CreatedInvite = z.infer<typeof createdInvite>;

/** GET /api/circles/:slug/invites (moderators): the newest invites first. */
export const circleInvites = z.object({ items: z.array(circleInvite) });
export type CircleInvites = z.infer<typeof circleInvites>;

/**
 * GET /api/invites/:code (anyone holding the link): all a non-member learns of a circle — its
 * name, description, accent and size, and whether the viewer is already in it.
 */
export const invitePreview = z.object({
  circle: z.object({ name: z.string(), description: z.string().nullable(), accent: circleAccent, memberCount: z.number().int(), requiresApproval: z.boolean() }),
  expiresAt: isoTime,
  /** The viewer is already a member: the page links to the circle (by its slug) instead. */
  memberSlug: z.string().nullable(),
});
export type InvitePreview = z.infer<typeof invitePreview>;

/** POST /api/invites/:code/accept: the circle joined, or (a circle that approves joins) `pending` with no circle yet. */
export const joinedCircle = z.object({ circle: circleSummary.nullable(), pending: z.boolean() });
export type JoinedCircle = z.infer<typeof joinedCircle>;

/** DELETE /api/circles/:slug/members/:userId, POST .../owner, PATCH .../members/:userId */
export const memberChange = z.object({ ok: z.literal(true) });

/** The circles a piece is shared with, as its writer sees them (publish choice and the piece's audience). */
export const pieceCircle = z.object({ id: uuidSchema, slug: z.string(), name: z.string() });
export type PieceCircle = z.infer<typeof pieceCircle>;

/** A day a circle's prompts and progress may name: years 1900 to 2999 (the scheduler's), so no week runs off the calendar PostgreSQL keeps. */
export function isCircleDate(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && year >= 1900 && year <= 2999;
}

/** GET /api/circles/:slug/progress?week=YYYY-MM-DD (moderators): any day of the week (weeks start on Sunday); default this week. */
export const progressQuery = z.object({ week: z.iso.date({ error: CIRCLE_MESSAGES.badWeek }).refine(isCircleDate, CIRCLE_MESSAGES.badWeek).optional() });

/** One member's week: counts only (issue 29 item 6). */
export const memberProgress = z.object({
  userId: uuidSchema,
  name: z.string(),
  role: z.enum(CIRCLE_ROLES),
  /** Days of the week with at least one piece written here (any audience). */
  daysWritten: z.number().int(),
  /** Pieces written that week and shared with this circle. */
  piecesShared: z.number().int(),
  /** Words of every piece written that week (any audience): a count, never a text. */
  words: z.number().int(),
  currentStreak: z.number().int(),
});
export type MemberProgress = z.infer<typeof memberProgress>;

export const circleProgress = z.object({
  /** The Sunday that starts the week, and the Saturday that ends it. */
  weekStart: z.iso.date(),
  weekEnd: z.iso.date(),
  members: z.array(memberProgress),
});
export type CircleProgress = z.infer<typeof circleProgress>;

/** A circle's prompt of a day, as members read it. */
export const circlePromptOutput = z.object({ id: uuidSchema, date: z.iso.date(), text: z.string(), author: z.string().nullable() });
export type CirclePrompt = z.infer<typeof circlePromptOutput>;

/** GET /api/circles/:slug/prompts?week= (members): the week's seven days, each with the circle's prompt or null (the site's prompt then). */
export const circlePromptWeek = z.object({
  weekStart: z.iso.date(),
  days: z.array(z.object({ date: z.iso.date(), prompt: circlePromptOutput.nullable() })),
});
export type CirclePromptWeek = z.infer<typeof circlePromptWeek>;

/** PUT /api/circles/:slug/prompts/:date (moderators) */
export const circlePromptInput = z.object({
  text: z.string({ error: CIRCLE_MESSAGES.promptRequired }).trim().min(1, CIRCLE_MESSAGES.promptRequired).max(MAX_PROMPT_LENGTH, `Prompts can be at most ${MAX_PROMPT_LENGTH} characters`),
  author: z
    .string()
    .trim()
    .max(MAX_PROMPT_AUTHOR_LENGTH, `Author attribution can be at most ${MAX_PROMPT_AUTHOR_LENGTH} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export const circlePromptSaved = z.object({ prompt: circlePromptOutput });

/** GET /api/circles/prompts/today: the circles I am in with their own prompt on my today (the /write page offers each). */
export const todayCirclePrompts = z.object({
  items: z.array(z.object({ circle: z.object({ id: uuidSchema, slug: z.string(), name: z.string() }), prompt: circlePromptOutput })),
});
export type TodayCirclePrompts = z.infer<typeof todayCirclePrompts>;

/** PUT /api/circles/:slug/mute (a member, for themselves) */
export const muteInput = z.object({ muted: z.boolean({ error: "Say whether to mute the circle" }) });

/** A piece hidden from the circle by its moderators (GET /api/circles/:slug/hidden): enough to find it and show it again. */
export const hiddenCirclePiece = z.object({ id: uuidSchema, name: z.string(), reason: z.string().nullable(), hiddenAt: isoTime });
export const hiddenCirclePieces = z.object({ items: z.array(hiddenCirclePiece) });
export type HiddenCirclePieces = z.infer<typeof hiddenCirclePieces>;

/** POST/DELETE /api/circles/:slug/pieces/:id/hide and POST .../comments/:id/hide (moderators). */
export const circleModerationResult = z.object({ outcome: z.enum(["hidden", "restored"]) });

/** POST /api/circles/:slug/invites/email (moderators): one link for these addresses, each sent its own email. */
export const emailInvitesInput = z.object({
  emails: z
    .array(z.email({ error: "One of these is not an email address" }).max(254), { error: "List the addresses to invite" })
    .min(1, "List the addresses to invite")
    .max(MAX_EMAIL_INVITES, `Invite at most ${MAX_EMAIL_INVITES} addresses at a time`),
  days: createInviteInput.shape.days,
});
export const emailInvitesSent = z.object({ invite: circleInvite, sent: z.number().int() });

/** GET /api/circles/:slug/requests (moderators): writers asking to join, oldest first. */
export const circleRequests = z.object({ items: z.array(z.object({ userId: uuidSchema, name: z.string(), requestedAt: isoTime })) });
export type CircleRequests = z.infer<typeof circleRequests>;
