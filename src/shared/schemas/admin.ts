import { z } from "zod";
import { PROMPT_KINDS } from "../domain/prompt-choice.ts";
import { ADMIN_SEARCH_MAX_LENGTH, DAYS_PER_WEEK, MAX_PROMPT_AUTHOR_LENGTH, MAX_PROMPT_LENGTH } from "../constants.ts";
import { addDays, isIsoDate } from "../domain/dates.ts";
import type { DayOutcome } from "../domain/scheduler.ts";
import { SIGNATURES } from "../domain/author.ts";
import { isoDate, isoTime } from "./common.ts";

/** The admin screens' own messages (spec §5, §8 where it has words; ours where it is silent). */
export const ADMIN_MESSAGES = {
  promptRequired: "Please enter a prompt text",
  promptTooLong: `Prompts can be at most ${MAX_PROMPT_LENGTH} characters`,
  authorTooLong: `Author attribution can be at most ${MAX_PROMPT_AUTHOR_LENGTH} characters`,
  invalidDate: "Please choose a valid date (YYYY-MM-DD)",
  weekStartsSunday: "Weeks start on Sunday",
  wholeWeek: "Send the seven days of the week, Sunday to Saturday",
  invalidCursor: "That page link is no longer valid. Please reload the list.",
  featureOnlyPublic: "Only public pieces can be Editor's Picks",
  pieceNotFound: "That piece no longer exists",
  promptNotFound: "That prompt no longer exists",
  userNotFound: "That writer no longer exists",
  featuredMustBeBoolean: "Say whether the piece is an Editor's Pick (true or false)",
  searchTooLong: `Search terms can be at most ${ADMIN_SEARCH_MAX_LENGTH} characters`,
  daySaveFailed: "Could not save this day. Please try again.",
  dayTaken: "Another admin saved this day at the same time. Reload the week and try again.",
  changedSinceLoad: "Changed by someone else since you loaded this week. Reload Prompts to see it.",
  expectedRequired: "Send what each day held when the week was loaded (expected: {text, author} or null)",
  /** A prompt with pieces can be edited, never deleted: the pieces belong to their writers. */
  promptHasPieces: (n: number) =>
    `This prompt already has ${n} ${n === 1 ? "piece" : "pieces"} written for it, so it can't be deleted. Edit its text instead.`,
} as const;

/** The calendar the scheduler works in: a week at either end stays within years PostgreSQL and JavaScript both write as YYYY. */
export const SCHEDULER_YEARS = { first: 1900, last: 2999 } as const;

/** A date the admin sends (YYYY-MM-DD, a real day, within SCHEDULER_YEARS). */
const dateInput = z
  .string({ error: ADMIN_MESSAGES.invalidDate })
  .refine((v) => isIsoDate(v) && Number(v.slice(0, 4)) >= SCHEDULER_YEARS.first && Number(v.slice(0, 4)) <= SCHEDULER_YEARS.last, ADMIN_MESSAGES.invalidDate);

const promptText = z
  .string({ error: ADMIN_MESSAGES.promptRequired })
  .trim()
  .min(1, ADMIN_MESSAGES.promptRequired)
  .max(MAX_PROMPT_LENGTH, ADMIN_MESSAGES.promptTooLong);

/** PUT /api/admin/prompts/today */
export const todayPromptInput = z.object({ text: promptText });

/** GET /api/admin/scheduler?week= (any date of the week; the admin's current week when absent). */
export const schedulerWeekQuery = z.object({ week: dateInput.optional() });

const schedulerDay = z.object({
  date: dateInput,
  text: z.string().max(MAX_PROMPT_LENGTH, ADMIN_MESSAGES.promptTooLong).default(""),
  author: z.string().trim().max(MAX_PROMPT_AUTHOR_LENGTH, ADMIN_MESSAGES.authorTooLong).nullish(),
  /**
   * The day as the admin loaded it (null: it was empty). A day whose text and author still equal
   * it was not edited and is left as it is now; an edited day that changed meanwhile is refused.
   */
  expected: z
    .object(
      {
        text: z.string({ error: ADMIN_MESSAGES.expectedRequired }).max(MAX_PROMPT_LENGTH, ADMIN_MESSAGES.promptTooLong),
        author: z.string({ error: ADMIN_MESSAGES.expectedRequired }).max(MAX_PROMPT_AUTHOR_LENGTH, ADMIN_MESSAGES.authorTooLong).nullish(),
      },
      { error: ADMIN_MESSAGES.expectedRequired },
    )
    .nullable(),
});

/**
 * PUT /api/admin/scheduler: the whole week, Sunday to Saturday, in one request, each day with what
 * the admin typed and what it held when they loaded it.
 */
export const schedulerSaveInput = z
  .object({
    weekStart: dateInput.refine((d) => !isIsoDate(d) || new Date(`${d}T00:00:00Z`).getUTCDay() === 0, ADMIN_MESSAGES.weekStartsSunday),
    days: z.array(schedulerDay, { error: ADMIN_MESSAGES.wholeWeek }).length(DAYS_PER_WEEK, ADMIN_MESSAGES.wholeWeek),
  })
  .refine((v) => v.days.every((d, i) => d.date === addDays(v.weekStart, i)), { message: ADMIN_MESSAGES.wholeWeek, path: ["days"] });
export type SchedulerSaveInput = z.input<typeof schedulerSaveInput>;

/**
 * A page cursor as the server wrote it: opaque here; the service decodes it through its codec,
 * so any cursor the server did not write (too long, not base64url, wrong fields) is the same
 * 422 `invalid_cursor` with ADMIN_MESSAGES.invalidCursor.
 */
const cursor = z.string().optional();

/** GET /api/admin/prompts?cursor=, GET /api/admin/prompts/:id/submissions?cursor=, GET /api/admin/users/:id?cursor= */
export const pageQuery = z.object({ cursor });

/** GET /api/admin/users?q=&cursor= */
export const adminUsersQuery = z.object({
  q: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH, ADMIN_MESSAGES.searchTooLong).optional(),
  cursor,
});

/** PUT /api/admin/submissions/:id/featured: the value wanted (the client sends the opposite of what it shows). */
export const featuredInput = z.object({ isFeatured: z.boolean({ error: ADMIN_MESSAGES.featuredMustBeBoolean }) });

// ---- What the admin endpoints answer (instants are ISO strings on the wire, dates YYYY-MM-DD) ----

const promptKind = z.enum(PROMPT_KINDS);
const signature = z.enum(SIGNATURES);
/** Where a list goes on: the next page's cursor (opaque), or null on the last page. */
const nextCursor = z.string().nullable();

export const adminPrompt = z.object({
  id: z.string(),
  date: isoDate.nullable(),
  kind: promptKind,
  text: z.string(),
  author: z.string().nullable(),
});
export type AdminPrompt = z.infer<typeof adminPrompt>;

/** GET /api/admin/prompts/today: the admin's own calendar date and its prompt, if any. */
export const todayPromptResponse = z.object({ date: isoDate, prompt: adminPrompt.nullable() });
export type TodayPromptResponse = z.infer<typeof todayPromptResponse>;

/** PUT /api/admin/prompts/today */
export const todayPromptSaved = z.object({ date: isoDate, created: z.boolean(), prompt: adminPrompt });
export type TodayPromptSaved = z.infer<typeof todayPromptSaved>;

export const schedulerDayState = z.object({
  date: isoDate,
  prompt: adminPrompt.extend({ submissionCount: z.number().int() }).nullable(),
});

/** GET /api/admin/scheduler */
export const schedulerWeek = z.object({
  weekStart: isoDate,
  /** The admin's own calendar date. */
  today: isoDate,
  days: z.array(schedulerDayState),
});
export type SchedulerWeek = z.infer<typeof schedulerWeek>;

const dayOutcome = z.object({
  date: isoDate,
  status: z.enum(["saved", "updated", "deleted", "empty", "unchanged", "error"]),
  message: z.string().optional(),
}) satisfies z.ZodType<DayOutcome>;

/** PUT /api/admin/scheduler: the week as it now is, and what became of each day. */
export const schedulerSaveResult = schedulerWeek.extend({ outcomes: z.array(dayOutcome) });
export type SchedulerSaveResult = z.infer<typeof schedulerSaveResult>;

/**
 * GET /api/admin/scheduler/gaps: the server's date (UTC) and which of the next two dates, already
 * "tomorrow" in some writer's time zone, have no prompt yet (shared/domain/scheduler.ts).
 */
export const schedulerGaps = z.object({ serverToday: isoDate, missing: z.array(isoDate) });
export type SchedulerGaps = z.infer<typeof schedulerGaps>;

export const adminPromptListItem = adminPrompt.extend({
  /** Public pieces answering the prompt. */
  responseCount: z.number().int(),
});
export type AdminPromptListItem = z.infer<typeof adminPromptListItem>;

/** GET /api/admin/prompts: daily prompts newest date first; the freewrite prompt on the first page only. */
export const adminPromptsPage = z.object({
  today: isoDate,
  freewrite: adminPromptListItem.nullable(),
  prompts: z.array(adminPromptListItem),
  nextCursor,
});
export type AdminPromptsPage = z.infer<typeof adminPromptsPage>;

/** What an admin sees of any piece, whatever the list. */
const adminPiece = z.object({
  id: z.string(),
  submissionType: signature,
  wordCount: z.number().int(),
  isFeatured: z.boolean(),
  createdAt: isoTime,
});

/** A list of pieces, page by page, with how many there are in all. */
const piecesPage = <T extends z.ZodType>(piece: T) => ({ total: z.number().int(), submissions: z.array(piece), nextCursor });

/** A public piece answering a prompt, signed as its writer chose. */
export const adminSubmission = adminPiece.extend({
  title: z.string().nullable(),
  content: z.string(),
  authorLabel: z.string(),
  featuredAt: isoTime.nullable(),
});
export type AdminSubmission = z.infer<typeof adminSubmission>;

/** GET /api/admin/prompts/:id/submissions */
export const promptSubmissionsPage = z.object({ prompt: adminPrompt, ...piecesPage(adminSubmission) });
export type PromptSubmissionsPage = z.infer<typeof promptSubmissionsPage>;

/** PUT /api/admin/submissions/:id/featured */
export const featuredResponse = z.object({
  submission: z.object({ id: z.string(), isFeatured: z.boolean(), featuredAt: isoTime.nullable() }),
});
export type FeaturedResponse = z.infer<typeof featuredResponse>;

export const adminUserListItem = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string().nullable(),
  email: z.string(),
  createdAt: isoTime,
});

/** GET /api/admin/users */
export const adminUsersPage = z.object({ users: z.array(adminUserListItem), nextCursor });
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

const promptRef = z.object({ id: z.string(), text: z.string(), kind: promptKind, date: isoDate.nullable() });

/** A writer's piece as an admin sees it: a private piece shows that it exists, never its words. */
export const adminUserSubmission = adminPiece.extend({
  isPrivate: z.boolean(),
  /** null for a private piece. */
  title: z.string().nullable(),
  /** null for a private piece. */
  content: z.string().nullable(),
  prompt: promptRef,
});
export type AdminUserSubmission = z.infer<typeof adminUserSubmission>;

/** GET /api/admin/users/:id */
export const adminUserDetail = z.object({
  user: adminUserListItem.extend({ location: z.string().nullable(), age: z.number().int().nullable() }),
  ...piecesPage(adminUserSubmission),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const podiumPick = z.object({
  id: z.string(),
  title: z.string().nullable(),
  authorLabel: z.string(),
  wordCount: z.number().int(),
  featuredAt: isoTime,
  createdAt: isoTime,
  prompt: promptRef,
});
export type PodiumPick = z.infer<typeof podiumPick>;

export const adminPodiumPick = podiumPick.extend({ content: z.string() });
export type AdminPodiumPick = z.infer<typeof adminPodiumPick>;

/** GET /api/admin/podium: every current pick in full, and how many there are. */
export const adminPodium = z.object({ total: z.number().int(), picks: z.array(adminPodiumPick) });
export type AdminPodium = z.infer<typeof adminPodium>;

export const publicPodiumPick = podiumPick.extend({ excerpt: z.string() });
export type PublicPodiumPick = z.infer<typeof publicPodiumPick>;

/** GET /api/podium: what a visitor sees — an excerpt, never the whole piece nor who an alias hides. */
export const publicPodium = z.object({ picks: z.array(publicPodiumPick) });
export type PublicPodium = z.infer<typeof publicPodium>;
