import { eq, sql, type SQL } from "drizzle-orm";
import {
  expiredSessionMessage,
  secondsLeft,
  tooSoonMessage,
  usedUpSessionMessage,
  WRITING_MESSAGES,
  WRITING_SESSION_MAX_AGE_MS,
  type WritingAction,
} from "#shared/domain/writing-session.ts";
import type { WritingSessionResponse } from "#shared/schemas/writing.ts";
import { spentWritingSessions, submissions, users } from "../../db/schema/index.ts";
import type { Queryable } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { badRequest } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";
import { chooseStoredPrompt } from "./prompts.service.ts";
import { issueWritingSession, verifyWritingSession, type WritingSession } from "./writing-session-token.ts";

/*
 * The ten-minute rule, measured by the server from a session it signed. A session counts for
 * a day at most, and (under the writer's lock) only for writing done after their last piece:
 * tokens collected in advance cannot pay for several pieces. Admins are exempt.
 */

/**
 * POST /api/writing-sessions: starts the clock on a piece. When the prompt /write shows the
 * writer is dated after their own date (no earlier one is stored), the token carries it, so the
 * piece can still answer it if an admin stores an earlier prompt while they write.
 */
export async function startWritingSession(deps: Deps, user: SessionUser | null, today: string): Promise<WritingSessionResponse> {
  const now = deps.clock.now();
  const shown = await chooseStoredPrompt(deps.db, today);
  const { token } = issueWritingSession(deps.authSecret, now, shown?.source === "later" ? shown.prompt.id : undefined);
  return { token, startedAt: now.toISOString(), minSeconds: deps.env.MIN_WRITING_SECONDS, exempt: user?.isAdmin ?? false };
}

/** The session a piece will spend, once its writing time is met; null for an admin (exempt). */
export function checkWritingTime(deps: Deps, user: SessionUser, token: string, action: WritingAction, now: Date): WritingSession | null {
  if (user.isAdmin) return null;
  const min = deps.env.MIN_WRITING_SECONDS;
  const session = verifyWritingSession(deps.authSecret, token);
  if (!session) throw badRequest(WRITING_MESSAGES.badSession, "invalid_writing_session");
  if (now.getTime() - session.startedAtMs > WRITING_SESSION_MAX_AGE_MS) {
    throw badRequest(expiredSessionMessage(action, min), "writing_session_expired");
  }
  const left = secondsLeft(session.startedAtMs, now.getTime(), min);
  if (left > 0) throw badRequest(tooSoonMessage(action, left, min), "writing_time_not_met");
  return session;
}

/**
 * Whether the session can still pay for a piece, as two conditions for the caller's one read
 * under the writer's lock: `spent` (a piece already used it) and `usedUp` (it started no later
 * than the writer's latest piece: tokens collected in advance cannot pay for several pieces).
 * The latest piece is read from `submissions` (submissions_user_created_idx: exempt and imported
 * pieces too) and from the spent sessions (spent_writing_sessions_user_spent_idx), which outlive
 * their pieces: a piece deleted, or deleted forever, still used its window (issue 24 item 1).
 */
export function sessionStateSql(session: WritingSession, userId: string): { spent: SQL<boolean>; usedUp: SQL<boolean> } {
  const started = new Date(session.startedAtMs);
  const w = spentWritingSessions;
  return {
    spent: sql<boolean>`exists (select 1 from ${w} where ${w.nonce} = ${session.nonce})`,
    usedUp: sql<boolean>`(exists (select 1 from ${submissions} where ${submissions.userId} = ${userId} and ${submissions.createdAt} >= ${started})
      or exists (select 1 from ${w} where ${w.userId} = ${userId} and ${w.spentAt} >= ${started}))`,
  };
}

/**
 * Whether a trashed piece (its writer, id and created_at) was written in the same window of writing
 * as a piece its writer has now (issue 24 item 1), so restoring it would make one window count
 * twice. Both were paid for by a writing session (a piece's spent session is the writer's one
 * spent at its created_at) and were made less than the writing time apart: the later one's session
 * then started before the earlier piece existed, which the rule refuses. Only pieces made before
 * spent sessions outlived their pieces can be in this state; exempt and imported pieces never are.
 */
export async function sharesWritingWindow(q: Queryable, piece: { userId: string; id: string; createdAt: Date }, minSeconds: number): Promise<boolean> {
  const gap = sql`make_interval(secs => ${minSeconds})`;
  // Qualified names: both tables have a user_id.
  const [row] = await q
    .select({
      shared: sql<boolean>`exists (select 1 from spent_writing_sessions mine where mine.user_id = ${piece.userId} and mine.spent_at = ${piece.createdAt})
        and exists (select 1 from submissions other join spent_writing_sessions theirs on theirs.user_id = other.user_id and theirs.spent_at = other.created_at
          where other.user_id = ${piece.userId} and other.id <> ${piece.id}
            and other.created_at > ${piece.createdAt}::timestamptz - ${gap} and other.created_at < ${piece.createdAt}::timestamptz + ${gap})`.mapWith(Boolean),
    })
    .from(users)
    .where(eq(users.id, piece.userId));
  return row?.shared ?? false;
}

/** Refuses a piece whose session is spent or used up (sessionStateSql, read under the writer's lock). */
export function assertSessionUsable(state: { spent: boolean; usedUp: boolean }, action: WritingAction, minSeconds: number): void {
  if (state.spent) throw badRequest(WRITING_MESSAGES.spentSession, "writing_session_spent");
  if (state.usedUp) throw badRequest(usedUpSessionMessage(action, minSeconds), "writing_session_used_up");
}

/**
 * Marks the session spent by the piece just written (a statement for the caller's write, it
 * returns a row only when it did); if another request spent it first, call refuseSpentSession.
 */
export function spendSessionSql(session: WritingSession, userId: string, submissionId: string, now: Date): SQL {
  return sql`insert into ${spentWritingSessions} (nonce, user_id, submission_id, spent_at)
    values (${session.nonce}, ${userId}, ${submissionId}, ${now}) on conflict do nothing returning 1`;
}

export function refuseSpentSession(): never {
  throw badRequest(WRITING_MESSAGES.spentSession, "writing_session_spent");
}
