import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { ACHIEVEMENT_TYPES } from "#shared/domain/achievements.ts";
import { localDate } from "#shared/domain/dates.ts";
import { isUuid } from "#shared/domain/ids.ts";
import { NEW_ACCOUNT_LIMIT_CODE, newAccountPiecesMessage, newAccountUntil } from "#shared/domain/new-account.ts";
import { mayAnswerPrompt } from "#shared/domain/prompt-choice.ts";
import { streakAfterWriting } from "#shared/domain/streaks.ts";
import { countWords, pagesFor } from "#shared/domain/words.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { resolveSignature, WRITING_MESSAGES } from "#shared/domain/writing-session.ts";
import type { SubmissionOutput, SubmissionResponse, ValidSubmission } from "#shared/schemas/writing.ts";
import { publicPieceSql } from "../../db/audience.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { promptColumns } from "../../db/query-parts.ts";
import { prompts, submissions, users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, HttpError } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";
import { findAnswerablePrompt } from "./prompts.service.ts";
import { shareWithCircles } from "../circles/piece-circles.service.ts";
import { circlePromptRule } from "../circles/circle-prompts.service.ts";
import { writeInPromptRule } from "../write-ins/prompt.ts";
import { awardAchievementsSql, lifetimePagesSql, recordWritingDaySql, streakOf } from "./streak.service.ts";
import { notifyAchievements } from "../notifications/notify.service.ts";
import { assertSessionUsable, checkWritingTime, refuseSpentSession, sessionStateSql, spendSessionSql } from "./writing-sessions.service.ts";

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
 * it keeps when signed by alias (null otherwise): a later change of alias re-signs nothing. The
 * alias is the writer's as this request read it (http/session.ts reads their row every request).
 */
function signatureFor(user: SessionUser, input: ValidSubmission): Pick<SubmissionRow, "submissionType" | "authorAlias"> {
  if (input.action === "save") return { submissionType: "name", authorAlias: null };
  const signed = resolveSignature(input.signature, input.page, user.alias);
  if (!signed.ok) throw badRequest(signed.message, "invalid_signature");
  return { submissionType: signed.signature, authorAlias: signed.signature === "alias" ? (user.alias?.trim() ?? null) : null };
}

/**
 * One read before anything else: whether this idempotency key already made a piece, and the
 * prompt the piece names (null when it names none or no prompt).
 */
async function firstLook(db: Db, userId: string, input: ValidSubmission) {
  const promptId = input.promptId && isUuid(input.promptId) ? input.promptId : null;
  const [row] = await db
    .select({
      existing: sql<string | null>`(select ${submissions.id} from ${submissions} where ${submissions.userId} = ${userId} and ${submissions.idempotencyKey} = ${input.idempotencyKey})`,
      prompt: promptColumns,
    })
    .from(users)
    .leftJoin(prompts, promptId ? eq(prompts.id, promptId) : sql`false`)
    .where(eq(users.id, userId));
  return { existing: row?.existing ?? null, prompt: row?.prompt ?? null };
}

/** The prompt named by a piece written on `today`, when the writer may answer it (findAnswerablePrompt, read once in the usual case). */
async function answerablePrompt(
  db: Db,
  input: ValidSubmission,
  looked: Awaited<ReturnType<typeof firstLook>>["prompt"],
  today: string,
  shownAtStart: string | undefined,
) {
  if (!looked || mayAnswerPrompt(looked, today, shownAtStart ?? null)) return looked;
  return findAnswerablePrompt(db, input.promptId, today, shownAtStart);
}

const awarded = z.array(z.object({ achievement_type: z.enum(ACHIEVEMENT_TYPES), year: z.coerce.number() }));
const writeResult = z.object({ spent: z.coerce.number(), won: z.union([awarded, z.string().transform((t) => awarded.parse(JSON.parse(t)))]) });

/**
 * Saves or publishes a piece (spec §5). Every rule is checked before anything is written;
 * the insert, the spent writing session, the streak, achievements and the live event share
 * one transaction, so a refusal anywhere leaves nothing behind. In statements: one read before
 * the transaction; in it, the writer's row locked, one read of what the rules need, the insert
 * (with the streak it moves to), one write of the writer's row, the session and achievements,
 * and the live event.
 */
export async function createSubmission(
  deps: Deps,
  user: SessionUser,
  timeZone: string,
  input: ValidSubmission,
): Promise<{ created: boolean; response: SubmissionResponse }> {
  const { db } = deps;

  // A repeated request (double click, retry after a time-out) gets the piece it already made.
  const look = await firstLook(db, user.id, input);
  const existing = look.existing ? await findByKey(db, user.id, input.idempotencyKey) : undefined;
  if (existing) return { created: false, response: await replayResponse(db, user.id, existing) };

  const content = input.content.trim();
  if (!content) throw badRequest(input.action === "save" ? WRITING_MESSAGES.emptySave : WRITING_MESSAGES.emptyPublish, "empty_content");

  const now = deps.clock.now();
  const today = localDate(now, timeZone);
  const session = checkWritingTime(deps, user, input.writingSession, input.action, now);

  // The prompt must exist and be one the writer can see: dated up to their day, or the one /write shows them.
  const prompt = await answerablePrompt(db, input, look.prompt, today, session?.shownPromptId);
  if (!prompt) throw badRequest(WRITING_MESSAGES.noPrompt, "no_prompt");
  // A circle's own prompt (issue 29 item 5): its members answer it, and a publish goes to that circle alone.
  // A write-in's own prompt (issue 30 item 1): its participants answer it; a circle's write-in's goes to that circle alone.
  const onlyCircle =
    prompt.kind === "circle" ? await circlePromptRule(db, user.id, prompt.id, today) : prompt.kind === "write_in" ? await writeInPromptRule(db, user.id, prompt.id) : null;
  if (onlyCircle && input.action === "publish" && (input.community || input.circles.some((id) => id.toLowerCase() !== onlyCircle))) {
    throw badRequest(CIRCLE_MESSAGES.circlePromptOnly, "circle_prompt_only");
  }

  // Where a publish goes (issue 29 item 3): the community, circles the writer is in, or both. A save stays private.
  const circleIds = input.action === "publish" ? [...new Set(input.circles.map((id) => id.toLowerCase()))] : [];
  if (input.action === "publish" && !input.community && circleIds.length === 0) throw badRequest(CIRCLE_MESSAGES.shareSomewhere, "no_audience");
  const isPrivate = input.action === "save" || !input.community;
  const { submissionType, authorAlias } = signatureFor(user, input);
  const words = countWords(content);
  const pages = pagesFor(words);

  const result = await db.transaction(async (tx) => {
    // One piece at a time per writer; the locked row's streak is the one this piece moves on.
    const locked = await streakOf(tx, user.id, true);
    // After the lock (a statement of its own, so this one sees whatever the writer's previous piece wrote).
    const state = session ? sessionStateSql(session, user.id) : { spent: sql<boolean>`false`, usedUp: sql<boolean>`false` };
    const [prior] = await tx
      .select({
        seen: sql<string | null>`(select ${submissions.id} from ${submissions} where ${submissions.userId} = ${user.id} and ${submissions.idempotencyKey} = ${input.idempotencyKey})`,
        spent: state.spent.mapWith(Boolean),
        usedUp: state.usedUp.mapWith(Boolean),
        pages: lifetimePagesSql(user.id),
        // New accounts (issue 13 item 7): its age, its email, and its public pieces of today.
        createdAt: users.createdAt,
        emailVerified: users.emailVerified,
        // Pieces others read (the community's, and circles' since issue 29): a circle is an audience too.
        publicToday:
          input.action === "save"
            ? sql<number>`0`
            : sql<number>`(select count(*)::int from ${submissions} where ${submissions.userId} = ${user.id} and (${publicPieceSql(sql`${submissions}`)} or exists (select 1 from piece_circles pc where pc.submission_id = ${submissions.id})) and ${submissions.localDate} = ${today})`.mapWith(Number),
      })
      .from(users)
      .where(eq(users.id, user.id));
    const seen = prior?.seen ? await findByKey(tx, user.id, input.idempotencyKey) : undefined;
    if (seen) return { created: false as const, row: seen };
    if (session) assertSessionUsable(prior!, input.action, deps.env.MIN_WRITING_SECONDS);
    if (input.action === "publish") {
      const until = newAccountUntil(prior!.createdAt, prior!.emailVerified, now);
      const max = deps.env.NEW_ACCOUNT_DAILY_PIECES;
      if (until && prior!.publicToday >= max) throw new HttpError(429, NEW_ACCOUNT_LIMIT_CODE, newAccountPiecesMessage(until, timeZone, max));
    }

    const streak = streakAfterWriting(locked, today);
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
        authorAlias,
        isPrivate,
        contentWarning: input.contentWarning ?? null,
        localDate: today,
        idempotencyKey: input.idempotencyKey,
        // Name-signed cards show the streak as it was when the piece was written, never the live
        // one (a later anonymous piece must not move it): snapshot it on the piece.
        authorStreak: input.action === "publish" && submissionType === "name" ? streak.currentStreak : null,
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

    if (circleIds.length > 0) await shareWithCircles(tx, user.id, inserted.id, inserted.createdAt, circleIds);

    // The writer's row, the spent session and the achievements, in one statement.
    const award = awardAchievementsSql(user.id, Number(prior?.pages ?? 0) + pages, Number(today.slice(0, 4)), now);
    const ctes = [sql`streak as (${recordWritingDaySql(user.id, streak)})`];
    if (session) ctes.push(sql`spent as (${spendSessionSql(session, user.id, inserted.id, now)})`);
    if (award) ctes.push(sql`won as (${award})`);
    const { rows } = (await tx.execute(sql`
      with ${sql.join(ctes, sql`, `)}
      select ${session ? sql`(select count(*) from spent)::int` : sql`1`} as spent,
        ${award ? sql`coalesce((select json_agg(won) from won), '[]'::json)` : sql`'[]'::json`} as won
    `)) as unknown as { rows: unknown[] };
    const written = writeResult.parse(rows[0]);
    if (written.spent === 0) refuseSpentSession();

    if (!isPrivate) await deps.realtime.publish(tx, "piece:published", { id: inserted.id, promptId: inserted.promptId });
    else if (circleIds.length > 0) await deps.realtime.publish(tx, "circle:published", { circleIds, id: inserted.id });
    const achievements = written.won.map((w) => ({ achievementType: w.achievement_type, year: w.year }));
    await notifyAchievements(tx, user.id, achievements, now);
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
