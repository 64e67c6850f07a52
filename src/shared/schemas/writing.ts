import { z } from "zod";
import { MAX_CIRCLES_PER_WRITER, MAX_CONTENT_LENGTH, MAX_TITLE_LENGTH } from "../constants.ts";
import { CIRCLE_MESSAGES } from "../domain/circles.ts";
import { ACHIEVEMENT_TYPES } from "../domain/achievements.ts";
import { SIGNATURES } from "../domain/author.ts";
import { PROMPT_SOURCES, PROMPT_KINDS } from "../domain/prompt-choice.ts";
import { isoTime } from "./common.ts";
import { contentWarningInput } from "./piece-controls.ts";

/**
 * A prompt as the writing pages show it. `id` is null only for the emergency prompt the page
 * shows when the server cannot be reached at all (spec §9); the server only answers stored prompts.
 */
export const promptOutput = z.object({
  id: z.string().nullable(),
  text: z.string(),
  date: z.string().nullable(),
  author: z.string().nullable(),
  kind: z.enum(PROMPT_KINDS),
});
export type Prompt = z.infer<typeof promptOutput>;

/** A stored prompt: one a piece can answer. */
export const storedPromptOutput = promptOutput.extend({ id: z.string() });

/** How the prompt was chosen (shared/domain/prompt-choice.ts): today, the nearest earlier, or the nearest later. */
export const promptSource = z.enum(PROMPT_SOURCES);

/** GET /api/prompts/today: always a stored prompt (an empty database gets the emergency prompt stored). */
export const todayPromptResponse = z.object({ prompt: storedPromptOutput, source: promptSource });
export type TodayPromptResponse = z.infer<typeof todayPromptResponse>;

/** GET /api/prompts/freewrite */
export const freewritePromptResponse = z.object({ prompt: promptOutput });

/** POST /api/writing-sessions */
export const writingSessionResponse = z.object({
  token: z.string(),
  /** When the server started the session. */
  startedAt: isoTime,
  minSeconds: z.number(),
  /** Admins are exempt from the wait. */
  exempt: z.boolean(),
});
export type WritingSessionResponse = z.infer<typeof writingSessionResponse>;

/**
 * POST /api/submissions. Content and title are checked by the service (their messages depend
 * on the action); the signature is any string so the server can refuse it in the spec's words.
 */
export const submissionInput = z.object({
  content: z
    .string({ error: "Please write something before saving" })
    .trim()
    .max(MAX_CONTENT_LENGTH, `Your piece is too long to keep in one go (at most ${MAX_CONTENT_LENGTH.toLocaleString("en-US")} characters).`),
  title: z
    .string()
    .trim()
    .max(MAX_TITLE_LENGTH, `A title can be at most ${MAX_TITLE_LENGTH} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  promptId: z.string({ error: "No prompt available" }).nullish(),
  action: z.enum(["save", "publish"], { error: "Choose to save or publish" }),
  signature: z.string().max(40).nullish(),
  page: z.enum(["write", "freewrite"]).default("write"),
  writingSession: z.string({ error: "This writing session is not valid. Reload the page to start a new one; your text is kept." }).max(1000),
  idempotencyKey: z.uuid({ error: "Every save needs a request key. Reload the page and try again; your text is kept." }),
  /** A content warning shown before the text (issue 13 item 6); blank or absent: none. */
  contentWarning: contentWarningInput,
  /**
   * Where a publish goes (issue 29 item 3): the community (as before; the default), circles the
   * writer is in, or both. A save ignores both: it stays private.
   */
  community: z.boolean({ error: CIRCLE_MESSAGES.shareSomewhere }).default(true),
  circles: z
    .array(z.guid({ error: CIRCLE_MESSAGES.notInCircle }), { error: CIRCLE_MESSAGES.notInCircle })
    .max(MAX_CIRCLES_PER_WRITER, CIRCLE_MESSAGES.notInCircle)
    .default([]),
});
export type SubmissionInput = z.input<typeof submissionInput>;
/** The body as the server sees it once validated (trimmed title, default page). */
export type ValidSubmission = z.output<typeof submissionInput>;

export const achievementOutput = z.object({ achievementType: z.enum(ACHIEVEMENT_TYPES), year: z.number() });
export type AwardedAchievement = z.infer<typeof achievementOutput>;

export const submissionOutput = z.object({
  id: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  wordCount: z.number(),
  pagesWritten: z.number(),
  isPrivate: z.boolean(),
  submissionType: z.enum(SIGNATURES),
  createdAt: isoTime,
  promptId: z.string(),
});
export type SubmissionOutput = z.infer<typeof submissionOutput>;

/** POST /api/submissions: 201 when created, 200 when the idempotency key was seen. */
export const submissionResponse = z.object({
  submission: submissionOutput,
  streak: z.object({ currentStreak: z.number(), longestStreak: z.number() }),
  /** Achievements this piece newly earned. */
  achievements: z.array(achievementOutput),
});
export type SubmissionResponse = z.infer<typeof submissionResponse>;

