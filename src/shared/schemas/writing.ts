import { z } from "zod";
import { MAX_CONTENT_LENGTH, MAX_TITLE_LENGTH } from "../constants.ts";
import { ACHIEVEMENT_TYPES } from "../domain/achievements.ts";

/** A prompt as the writing pages show it. `id` is null only for the emergency prompt. */
export const promptOutput = z.object({
  id: z.string().nullable(),
  text: z.string(),
  date: z.string().nullable(),
  author: z.string().nullable(),
  kind: z.enum(["daily", "freewrite"]),
});
export type Prompt = z.infer<typeof promptOutput>;

/** today: the prompt of the writer's own date; earlier: the latest before it; emergency: none exists. */
export type PromptSource = "today" | "earlier" | "emergency";
export interface TodayPromptResponse {
  prompt: Prompt;
  source: PromptSource;
}

/** POST /api/writing-sessions */
export interface WritingSessionResponse {
  token: string;
  /** ISO time the server started the session. */
  startedAt: string;
  minSeconds: number;
  /** Admins are exempt from the wait. */
  exempt: boolean;
}

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
});
export type SubmissionInput = z.input<typeof submissionInput>;

export const achievementOutput = z.object({ achievementType: z.enum(ACHIEVEMENT_TYPES), year: z.number() });
export type AwardedAchievement = z.infer<typeof achievementOutput>;

export interface SubmissionOutput {
  id: string;
  title: string | null;
  content: string;
  wordCount: number;
  pagesWritten: number;
  isPrivate: boolean;
  submissionType: "name" | "alias" | "anonymous";
  createdAt: string;
  promptId: string;
}

export interface SubmissionResponse {
  submission: SubmissionOutput;
  streak: { currentStreak: number; longestStreak: number };
  /** Achievements this piece newly earned. */
  achievements: AwardedAchievement[];
}

/** GET /api/me/streak (spec §3 "Streak data"). */
export interface StreakResponse {
  currentStreak: number;
  longestStreak: number;
  lastWriteDate: string | null;
  totalDaysWritten: number;
  /** One decimal. */
  pagesWrittenTotal: number;
  forgivenessDayUsed: null;
}
