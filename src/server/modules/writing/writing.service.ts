import { and, desc, eq, lte, sql } from "drizzle-orm";
import { EMERGENCY_PROMPT } from "#shared/constants.ts";
import { achievementsReached, type AchievementType } from "#shared/domain/achievements.ts";
import { localDate } from "#shared/domain/dates.ts";
import { currentStreakAsOf, streakAfterWriting } from "#shared/domain/streaks.ts";
import { countWords, pagesFor } from "#shared/domain/words.ts";
import {
  expiredSessionMessage,
  resolveSignature,
  secondsLeft,
  tooSoonMessage,
  usedUpSessionMessage,
  WRITING_MESSAGES,
  WRITING_SESSION_MAX_AGE_MS,
  type WritingAction,
  type WritingPage,
} from "#shared/domain/writing-session.ts";
import type {
  AwardedAchievement,
  Prompt,
  StreakResponse,
  SubmissionOutput,
  SubmissionResponse,
  TodayPromptResponse,
  WritingSessionResponse,
} from "#shared/schemas/writing.ts";
import type { Db, Queryable, Tx } from "../../db/client.ts";
import { prompts, spentWritingSessions, submissions, userAchievements, users } from "../../db/schema/index.ts";
import { ensureFreewritePrompt } from "../../db/seed.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, HttpError } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";
import { issueWritingSession, verifyWritingSession, type WritingSession } from "./writing-session.ts";

const promptColumns = { id: prompts.id, text: prompts.text, date: prompts.date, author: prompts.author, kind: prompts.kind };

/** Today's prompt for the writer's own date; else the latest before it; else the emergency prompt. */
export async function getTodayPrompt(db: Db, today: string): Promise<TodayPromptResponse> {
  // prompts_date_key (unique on date) serves this: one index probe, newest first.
  const [row] = await db
    .select(promptColumns)
    .from(prompts)
    .where(and(eq(prompts.kind, "daily"), lte(prompts.date, today)))
    .orderBy(desc(prompts.date))
    .limit(1);
  if (!row) return { prompt: { id: null, text: EMERGENCY_PROMPT, date: null, author: null, kind: "daily" }, source: "emergency" };
  return { prompt: row, source: row.date === today ? "today" : "earlier" };
}

export async function getFreewritePrompt(db: Db): Promise<Prompt> {
  const row = await ensureFreewritePrompt(db).catch(() => null);
  if (!row) throw new HttpError(503, "no_prompt", WRITING_MESSAGES.noFreewritePrompt);
  return { id: row.id, text: row.text, date: null, author: null, kind: "freewrite" };
}

export function startWritingSession(deps: Deps, user: SessionUser | null): WritingSessionResponse {
  const now = deps.clock.now();
  const { token } = issueWritingSession(deps.authSecret, now);
  return { token, startedAt: now.toISOString(), minSeconds: deps.env.MIN_WRITING_SECONDS, exempt: user?.isAdmin ?? false };
}

export interface NewSubmission {
  content: string;
  title: string | null;
  promptId?: string | null | undefined;
  action: WritingAction;
  signature?: string | null | undefined;
  page: WritingPage;
  writingSession: string;
  idempotencyKey: string;
}

type SubmissionRow = typeof submissions.$inferSelect;

function toOutput(row: SubmissionRow): SubmissionOutput {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    wordCount: row.wordCount,
    pagesWritten: Number(row.pagesWritten),
    isPrivate: row.isPrivate,
    submissionType: row.submissionType,
    createdAt: row.createdAt.toISOString(),
    promptId: row.promptId,
  };
}

async function findByKey(q: Queryable, userId: string, key: string): Promise<SubmissionRow | undefined> {
  const [row] = await q
    .select()
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.idempotencyKey, key)))
    .limit(1);
  return row;
}

async function streakOf(q: Queryable, userId: string) {
  const [row] = await q
    .select({ currentStreak: users.currentStreak, longestStreak: users.longestStreak, lastWriteDate: users.lastWriteDate })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { currentStreak: 0, longestStreak: 0, lastWriteDate: null };
}

/** Lifetime pages: the sum over the writer's pieces (submissions_user_local_date_idx). */
async function lifetimePages(q: Queryable, userId: string): Promise<number> {
  const [row] = await q
    .select({ pages: sql<number>`coalesce(sum(${submissions.pagesWritten}), 0)::float8` })
    .from(submissions)
    .where(eq(submissions.userId, userId));
  return Number(row?.pages ?? 0);
}

/**
 * Saves or publishes a piece (spec §5). Every rule is checked before anything is written;
 * the insert, the spent writing session, the streak, achievements and the live event share
 * one transaction, so a refusal anywhere leaves nothing behind.
 */
export async function createSubmission(
  deps: Deps,
  user: SessionUser,
  timeZone: string,
  input: NewSubmission,
): Promise<{ created: boolean; response: SubmissionResponse }> {
  const { db } = deps;

  // A repeated request (double click, retry after a time-out) gets the piece it already made.
  const existing = await findByKey(db, user.id, input.idempotencyKey);
  if (existing) return { created: false, response: await replayResponse(db, user.id, existing) };

  const content = input.content.trim();
  if (!content) throw badRequest(input.action === "save" ? WRITING_MESSAGES.emptySave : WRITING_MESSAGES.emptyPublish, "empty_content");

  const now = deps.clock.now();
  const today = localDate(now, timeZone);

  // The ten-minute rule, measured by the server from the session it signed. Admins are exempt.
  // A session counts for a day at most, and (below, under the writer's lock) only for writing
  // done after their last piece: tokens collected in advance cannot pay for several pieces.
  const min = deps.env.MIN_WRITING_SECONDS;
  let session: WritingSession | null = null;
  if (!user.isAdmin) {
    session = verifyWritingSession(deps.authSecret, input.writingSession);
    if (!session) throw badRequest(WRITING_MESSAGES.badSession, "invalid_writing_session");
    if (now.getTime() - session.startedAtMs > WRITING_SESSION_MAX_AGE_MS) {
      throw badRequest(expiredSessionMessage(input.action, min), "writing_session_expired");
    }
    const left = secondsLeft(session.startedAtMs, now.getTime(), min);
    if (left > 0) throw badRequest(tooSoonMessage(input.action, left, min), "writing_time_not_met");
  }

  // The prompt must exist and be one the writer can see (not a future date).
  const promptId = input.promptId ?? "";
  const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(promptId);
  const [prompt] = uuidLike ? await db.select(promptColumns).from(prompts).where(eq(prompts.id, promptId)).limit(1) : [];
  if (!prompt || (prompt.kind === "daily" && prompt.date !== null && prompt.date > today)) {
    throw badRequest(WRITING_MESSAGES.noPrompt, "no_prompt");
  }

  const isPrivate = input.action === "save";
  let submissionType: SubmissionRow["submissionType"] = "name";
  if (!isPrivate) {
    const [row] = await db.select({ alias: users.alias }).from(users).where(eq(users.id, user.id)).limit(1);
    const signed = resolveSignature(input.signature, input.page, row?.alias ?? null);
    if (!signed.ok) throw badRequest(signed.message, "invalid_signature");
    submissionType = signed.signature;
  }

  const words = countWords(content);
  const pages = pagesFor(words);

  const result = await db.transaction(async (tx) => {
    // One piece at a time per writer: concurrent saves queue here, so each sees the one before.
    // The locked row's streak is the one this piece moves on.
    const [locked] = await tx
      .select({ currentStreak: users.currentStreak, longestStreak: users.longestStreak, lastWriteDate: users.lastWriteDate })
      .from(users)
      .where(eq(users.id, user.id))
      .for("update")
      .limit(1);
    const seen = await findByKey(tx, user.id, input.idempotencyKey);
    if (seen) return { created: false as const, row: seen };

    if (session) {
      const [spent] = await tx
        .select({ nonce: spentWritingSessions.nonce })
        .from(spentWritingSessions)
        .where(eq(spentWritingSessions.nonce, session.nonce))
        .limit(1);
      if (spent) throw badRequest(WRITING_MESSAGES.spentSession, "writing_session_spent");
      // The writer's latest piece (submissions_user_created_idx): a session must have started after it.
      const [last] = await tx
        .select({ createdAt: submissions.createdAt })
        .from(submissions)
        .where(eq(submissions.userId, user.id))
        .orderBy(desc(submissions.createdAt))
        .limit(1);
      if (last && session.startedAtMs <= last.createdAt.getTime()) {
        throw badRequest(usedUpSessionMessage(input.action, min), "writing_session_used_up");
      }
    }

    const [inserted] = await tx
      .insert(submissions)
      .values({
        userId: user.id,
        promptId: prompt.id,
        content,
        title: input.title,
        wordCount: words,
        pagesWritten: pages,
        submissionType,
        isPrivate,
        localDate: today,
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [submissions.userId, submissions.idempotencyKey] })
      .returning();
    if (!inserted) {
      // The same request is being (or was just) handled by another call: answer with its piece.
      const twin = await findByKey(tx, user.id, input.idempotencyKey);
      if (!twin) throw new HttpError(409, "conflict", "This piece is already being saved. Please try again in a moment.");
      return { created: false as const, row: twin };
    }

    if (session) {
      const spent = await tx
        .insert(spentWritingSessions)
        .values({ nonce: session.nonce, userId: user.id, submissionId: inserted.id, spentAt: now })
        .onConflictDoNothing()
        .returning({ nonce: spentWritingSessions.nonce });
      if (spent.length === 0) throw badRequest(WRITING_MESSAGES.spentSession, "writing_session_spent");
    }

    const streak = await recordWritingDay(tx, user.id, locked ?? { currentStreak: 0, longestStreak: 0, lastWriteDate: null }, today);
    // Name-signed cards show the streak as it was when the piece was written, never the live one
    // (a later anonymous piece must not move it): snapshot it on the piece.
    if (!isPrivate && submissionType === "name") {
      await tx.update(submissions).set({ authorStreak: streak.currentStreak }).where(eq(submissions.id, inserted.id));
      inserted.authorStreak = streak.currentStreak;
    }
    const achievements = await awardAchievements(tx, user.id, Number(today.slice(0, 4)), now);
    if (!isPrivate) await deps.realtime.publish(tx, "piece:published", { id: inserted.id, promptId: inserted.promptId });
    return { created: true as const, row: inserted, streak, achievements };
  });

  if (!result.created) return { created: false, response: await replayResponse(db, user.id, result.row) };
  return {
    created: true,
    response: {
      submission: toOutput(result.row),
      streak: { currentStreak: result.streak.currentStreak, longestStreak: result.streak.longestStreak },
      achievements: result.achievements,
    },
  };
}

async function replayResponse(db: Db, userId: string, row: SubmissionRow): Promise<SubmissionResponse> {
  const s = await streakOf(db, userId);
  return { submission: toOutput(row), streak: { currentStreak: s.currentStreak, longestStreak: s.longestStreak }, achievements: [] };
}

/** Moves the writer's streak (read from their row, locked by the caller) to their local date `today`. */
async function recordWritingDay(tx: Tx, userId: string, current: Parameters<typeof streakAfterWriting>[0], today: string) {
  const next = streakAfterWriting(current, today);
  await tx
    .update(users)
    .set({ currentStreak: next.currentStreak, longestStreak: next.longestStreak, lastWriteDate: next.lastWriteDate })
    .where(eq(users.id, userId));
  return next;
}

/**
 * Achievements the writer's lifetime pages have reached and they do not hold yet. Runs after
 * the user row is locked, so concurrent pieces of one writer see each other's pages.
 */
async function awardAchievements(tx: Tx, userId: string, year: number, now: Date): Promise<AwardedAchievement[]> {
  const reached: AchievementType[] = achievementsReached(await lifetimePages(tx, userId));
  if (reached.length === 0) return [];
  const inserted = await tx
    .insert(userAchievements)
    .values(reached.map((achievementType) => ({ userId, achievementType, year, achievedAt: now })))
    .onConflictDoNothing({ target: [userAchievements.userId, userAchievements.achievementType] })
    .returning({ achievementType: userAchievements.achievementType, year: userAchievements.year });
  return inserted;
}

/** GET /api/me/streak */
export async function getStreak(db: Db, userId: string, now: Date, timeZone: string): Promise<StreakResponse> {
  const s = await streakOf(db, userId);
  const [agg] = await db
    .select({
      days: sql<number>`count(distinct ${submissions.localDate})::int`,
      pages: sql<number>`coalesce(sum(${submissions.pagesWritten}), 0)::float8`,
    })
    .from(submissions)
    .where(eq(submissions.userId, userId));
  return {
    currentStreak: currentStreakAsOf(s.currentStreak, s.lastWriteDate, localDate(now, timeZone)),
    longestStreak: s.longestStreak,
    lastWriteDate: s.lastWriteDate,
    totalDaysWritten: Number(agg?.days ?? 0),
    pagesWrittenTotal: Math.round(Number(agg?.pages ?? 0) * 10) / 10,
    forgivenessDayUsed: null,
  };
}
