import { z } from "zod";
import { ADMIN_SEARCH_MAX_LENGTH, DAYS_PER_WEEK, MAX_PROMPT_AUTHOR_LENGTH, MAX_PROMPT_LENGTH } from "../constants.ts";
import { addDays, isIsoDate } from "../domain/dates.ts";
import type { DayOutcome } from "../domain/scheduler.ts";
import type { Signature } from "../domain/author.ts";

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

const isoDate = z.string({ error: ADMIN_MESSAGES.invalidDate }).refine(isIsoDate, ADMIN_MESSAGES.invalidDate);

const promptText = z
  .string({ error: ADMIN_MESSAGES.promptRequired })
  .trim()
  .min(1, ADMIN_MESSAGES.promptRequired)
  .max(MAX_PROMPT_LENGTH, ADMIN_MESSAGES.promptTooLong);

/** PUT /api/admin/prompts/today */
export const todayPromptInput = z.object({ text: promptText });
export type TodayPromptInput = z.input<typeof todayPromptInput>;

/** GET /api/admin/scheduler?week= (any date of the week; the admin's current week when absent). */
export const schedulerWeekQuery = z.object({ week: isoDate.optional() });

const schedulerDay = z.object({
  date: isoDate,
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
    weekStart: isoDate.refine((d) => !isIsoDate(d) || new Date(`${d}T00:00:00Z`).getUTCDay() === 0, ADMIN_MESSAGES.weekStartsSunday),
    days: z.array(schedulerDay, { error: ADMIN_MESSAGES.wholeWeek }).length(DAYS_PER_WEEK, ADMIN_MESSAGES.wholeWeek),
  })
  .refine((v) => v.days.every((d, i) => d.date === addDays(v.weekStart, i)), { message: ADMIN_MESSAGES.wholeWeek, path: ["days"] });
export type SchedulerSaveInput = z.input<typeof schedulerSaveInput>;

const cursor = z.string().max(200).optional();

/** GET /api/admin/prompts?cursor= */
export const adminPromptsQuery = z.object({ cursor: isoDate.optional() });

/** GET /api/admin/prompts/:id/submissions?cursor=, GET /api/admin/users/:id?cursor= */
export const pageQuery = z.object({ cursor });

/** GET /api/admin/users?q=&cursor= */
export const adminUsersQuery = z.object({
  q: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH, ADMIN_MESSAGES.searchTooLong).optional(),
  cursor,
});

export const idParam = z.object({ id: z.uuid(ADMIN_MESSAGES.pieceNotFound) });
export const promptIdParam = z.object({ id: z.uuid(ADMIN_MESSAGES.promptNotFound) });
export const userIdParam = z.object({ id: z.uuid(ADMIN_MESSAGES.userNotFound) });

/** PUT /api/admin/submissions/:id/featured: the value wanted (the client sends the opposite of what it shows). */
export const featuredInput = z.object({ isFeatured: z.boolean({ error: ADMIN_MESSAGES.featuredMustBeBoolean }) });

// ---- What the admin endpoints answer (dates are ISO strings on the wire) ----

export interface AdminPrompt {
  id: string;
  date: string | null;
  kind: "daily" | "freewrite";
  text: string;
  author: string | null;
}

export interface SchedulerDayState {
  date: string;
  prompt: (AdminPrompt & { submissionCount: number }) | null;
}

export interface SchedulerWeek {
  weekStart: string;
  /** The admin's own calendar date. */
  today: string;
  days: SchedulerDayState[];
}

export interface SchedulerSaveResult extends SchedulerWeek {
  outcomes: DayOutcome[];
}

export interface AdminPromptListItem extends AdminPrompt {
  /** Public pieces answering the prompt. */
  responseCount: number;
}

export interface AdminSubmission {
  id: string;
  title: string | null;
  content: string;
  authorLabel: string;
  submissionType: Signature;
  wordCount: number;
  isFeatured: boolean;
  featuredAt: string | null;
  createdAt: string;
}

export interface AdminUserListItem {
  id: string;
  name: string;
  alias: string | null;
  email: string;
  createdAt: string;
}

/** A writer's piece as an admin sees it: a private piece shows that it exists, never its words. */
export interface AdminUserSubmission {
  id: string;
  isPrivate: boolean;
  title: string | null;
  content: string | null;
  submissionType: Signature;
  wordCount: number;
  isFeatured: boolean;
  createdAt: string;
  prompt: { id: string; text: string; kind: "daily" | "freewrite"; date: string | null };
}

export interface PodiumPick {
  id: string;
  title: string | null;
  authorLabel: string;
  wordCount: number;
  featuredAt: string;
  createdAt: string;
  prompt: { id: string; text: string; kind: "daily" | "freewrite"; date: string | null };
}

export interface AdminPodiumPick extends PodiumPick {
  content: string;
}

export interface PublicPodiumPick extends PodiumPick {
  excerpt: string;
}
