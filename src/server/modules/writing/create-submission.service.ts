import { and, eq } from "drizzle-orm";
import { localDate } from "#shared/domain/dates.ts";
import { countWords, pagesFor } from "#shared/domain/words.ts";
import { resolveSignature, WRITING_MESSAGES } from "#shared/domain/writing-session.ts";
import type { SubmissionOutput, SubmissionResponse, ValidSubmission } from "#shared/schemas/writing.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { submissions, users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, HttpError } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";
import { findAnswerablePrompt } from "./prompts.service.ts";
import { awardAchievements, recordWritingDay, streakOf } from "./streak.service.ts";
import { assertSessionUsable, checkWritingTime, spendSession } from "./writing-sessions.service.ts";

type SubmissionRow = typeof submissions.$inferSelect;

function toOutput(row: SubmissionRow): SubmissionOutput {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    wordCount: row.wordCount,
    pagesWritten: row.pagesWritten,
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

/** A repeated request is answered with the piece it already made and the writer's streak now. */
async function replayResponse(db: Db, userId: string, row: SubmissionRow): Promise<SubmissionResponse> {
  const s = await streakOf(db, userId);
  return { submission: toOutput(row), streak: { currentStreak: s.currentStreak, longestStreak: s.longestStreak }, achievements: [] };
}

/**
 * How a published piece is signed (a private save is always signed with the name), and the alias
 * it keeps when signed by alias (null otherwise): a later change of alias re-signs nothing.
 */
async function signatureFor(db: Db, userId: string, input: ValidSubmission): Promise<Pick<SubmissionRow, "submissionType" | "authorAlias">> {
  if (input.action === "save") return { submissionType: "name", authorAlias: null };
  const [row] = await db.select({ alias: users.alias }).from(users).where(eq(users.id, userId)).limit(1);
  const signed = resolveSignature(input.signature, input.page, row?.alias ?? null);
  if (!signed.ok) throw badRequest(signed.message, "invalid_signature");
  return { submissionType: signed.signature, authorAlias: signed.signature === "alias" ? (row?.alias?.trim() ?? null) : null };
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
  input: ValidSubmission,
): Promise<{ created: boolean; response: SubmissionResponse }> {
  const { db } = deps;

  // A repeated request (double click, retry after a time-out) gets the piece it already made.
  const existing = await findByKey(db, user.id, input.idempotencyKey);
  if (existing) return { created: false, response: await replayResponse(db, user.id, existing) };

  const content = input.content.trim();
  if (!content) throw badRequest(input.action === "save" ? WRITING_MESSAGES.emptySave : WRITING_MESSAGES.emptyPublish, "empty_content");

  const now = deps.clock.now();
  const today = localDate(now, timeZone);
  const session = checkWritingTime(deps, user, input.writingSession, input.action, now);

  // The prompt must exist and be one the writer can see: dated up to their day, or the one /write shows them.
  const prompt = await findAnswerablePrompt(db, input.promptId, today, session?.shownPromptId);
  if (!prompt) throw badRequest(WRITING_MESSAGES.noPrompt, "no_prompt");

  const isPrivate = input.action === "save";
  const { submissionType, authorAlias } = await signatureFor(db, user.id, input);
  const words = countWords(content);

  const result = await db.transaction(async (tx) => {
    // One piece at a time per writer; the locked row's streak is the one this piece moves on.
    const locked = await streakOf(tx, user.id, true);
    const seen = await findByKey(tx, user.id, input.idempotencyKey);
    if (seen) return { created: false as const, row: seen };
    if (session) await assertSessionUsable(tx, session, user.id, input.action, deps.env.MIN_WRITING_SECONDS);

    const [inserted] = await tx
      .insert(submissions)
      .values({
        userId: user.id,
        promptId: prompt.id,
        content,
        title: input.title,
        wordCount: words,
        pagesWritten: pagesFor(words),
        submissionType,
        authorAlias,
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
    if (session) await spendSession(tx, session, user.id, inserted.id, now);

    const streak = await recordWritingDay(tx, user.id, locked, today);
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
