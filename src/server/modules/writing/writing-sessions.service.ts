import { desc, eq } from "drizzle-orm";
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
import type { Tx } from "../../db/client.ts";
import { spentWritingSessions, submissions } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { badRequest } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";
import { chooseStoredPrompt } from "./prompts.service.ts";
import { issueWritingSession, verifyWritingSession, type WritingSession } from "./writing-session.ts";

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

/** Under the writer's lock: the session is not spent, and it started after their latest piece. */
export async function assertSessionUsable(tx: Tx, session: WritingSession, userId: string, action: WritingAction, minSeconds: number): Promise<void> {
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
    .where(eq(submissions.userId, userId))
    .orderBy(desc(submissions.createdAt))
    .limit(1);
  if (last && session.startedAtMs <= last.createdAt.getTime()) {
    throw badRequest(usedUpSessionMessage(action, minSeconds), "writing_session_used_up");
  }
}

/** Marks the session spent by the piece just written; if another request spent it first, this piece is refused. */
export async function spendSession(tx: Tx, session: WritingSession, userId: string, submissionId: string, now: Date): Promise<void> {
  const spent = await tx
    .insert(spentWritingSessions)
    .values({ nonce: session.nonce, userId, submissionId, spentAt: now })
    .onConflictDoNothing()
    .returning({ nonce: spentWritingSessions.nonce });
  if (spent.length === 0) throw badRequest(WRITING_MESSAGES.spentSession, "writing_session_spent");
}
