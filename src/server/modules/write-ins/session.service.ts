import { and, eq, sql } from "drizzle-orm";
import { WRITE_IN_COUNT_GRACE_MS, WRITE_IN_COUNT_MIN_GAP_MS, WRITE_IN_JOIN_OPENS_MS, WRITE_IN_MAX_PARTICIPANTS, WRITE_IN_MAX_WPM } from "#shared/constants.ts";
import type { Signature } from "#shared/domain/author.ts";
import { countsCloseAt, lateJoinUntil, WRITE_IN_MESSAGES as M } from "#shared/domain/write-ins.ts";
import type { JoinedWriteIn } from "#shared/schemas/write-ins.ts";
import { viewerOf } from "../../db/audience.ts";
import type { Queryable } from "../../db/client.ts";
import { writeInParticipants, writeInRsvps } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { conflict, HttpError } from "../../http/errors.ts";
import type { SessionUser } from "../../http/session-user.ts";
import { activeSuspension } from "../moderation/suspension.service.ts";
import { issueWritingSession } from "../writing/writing-session-token.ts";
import { requireJoiner, writeInFor, writeInTimesFor } from "./access.ts";
import { writeInPrompt } from "./prompt.ts";
import { summaryOf, type SummaryRow } from "./summary.ts";

/*
 * Taking part (issue 30 items 1–2): saying one is coming, joining, the counts, leaving. A count is
 * a number of words, never a text. The server's clock decides everything: joining opens
 * WRITE_IN_JOIN_OPENS_MS before the start, a first join is taken until half-time and a rejoin
 * until the end, and counts until the end and a grace (then the results are final: the one
 * statement that writes a count checks it, so nothing changes them afterwards).
 */

const canceled = () => new HttpError(410, "write_in_canceled", M.canceled);

export async function setRsvp(deps: Deps, user: SessionUser, id: string, coming: boolean) {
  const viewer = viewerOf(user);
  const now = deps.clock.now();
  const row = await writeInFor(deps.db, id, viewer);
  requireJoiner(row);
  if (row.canceled_at) throw canceled();
  if (row.starts_at.getTime() <= now.getTime()) throw conflict(M.started, "write_in_started");
  // A writer who already joined is counted as joined, not as coming too.
  if (coming && !row.joined_by_me) await deps.db.insert(writeInRsvps).values({ writeInId: row.id, userId: user.id, createdAt: now }).onConflictDoNothing();
  else await deps.db.delete(writeInRsvps).where(and(eq(writeInRsvps.writeInId, row.id), eq(writeInRsvps.userId, user.id)));
  return summaryOf(await writeInFor(deps.db, id, viewer), viewer, now);
}

async function participant(q: Queryable, writeInId: string, userId: string) {
  const [p] = await q.select().from(writeInParticipants).where(and(eq(writeInParticipants.writeInId, writeInId), eq(writeInParticipants.userId, userId)));
  return p ?? null;
}

/** When joining is refused for the time: the write-in's state against the server's clock. */
function refuseJoinAt(row: SummaryRow, now: number, rejoin: boolean): void {
  if (row.canceled_at) throw canceled();
  const opensAt = row.starts_at.getTime() - WRITE_IN_JOIN_OPENS_MS;
  const until = rejoin ? row.ends_at.getTime() : lateJoinUntil({ startsAt: row.starts_at.getTime(), endsAt: row.ends_at.getTime() });
  if (now < opensAt) throw conflict(M.notOpen, "write_in_not_open");
  if (now >= row.ends_at.getTime()) throw conflict(M.over, "write_in_over");
  if (now >= until) throw conflict(M.halfTime, "write_in_half_time");
}

/**
 * Joins (or rejoins: the same seat, the stored count, the same signature or anonymous) and answers the ten-minute rule's session,
 * which starts at the write-in's start, or at a late joiner's own join; and the prompt to write to.
 */
export async function joinWriteIn(deps: Deps, user: SessionUser, id: string, signature: Signature | undefined, today: string): Promise<JoinedWriteIn> {
  const viewer = viewerOf(user);
  const now = deps.clock.now();
  const joined = await deps.db.transaction(async (tx) => {
    const row = await writeInFor(tx, id, viewer, true);
    requireJoiner(row);
    const before = await participant(tx, row.id, user.id);
    refuseJoinAt(row, now.getTime(), before !== null);
    // A suspended writer may write with the others (saving privately stays theirs), counted but never named (decision 017).
    const suspended = (await activeSuspension(tx, user.id, now)) !== null;
    // A rejoin keeps how its writer was shown, or hides them (anonymous): never a new label for the same
    // seat and count, which would tell everyone that the two labels (or an anonymous writer and a name) are one person.
    const asked = before && signature !== "anonymous" ? before.signature : signature;
    const chosen: Signature = suspended ? "anonymous" : (asked ?? before?.signature ?? "name");
    // The alias as it was when they joined: a rejoin under the same signature keeps it (a later rename does not rewrite a write-in).
    const kept = before?.signature === "alias" && chosen === "alias" ? before.alias : null;
    const alias = chosen === "alias" ? kept || user.alias?.trim() || null : null;
    // Asking for an alias without one never shows the name (as a piece's label, shared/domain/author.ts).
    const sign: Signature = chosen === "alias" && !alias ? "anonymous" : chosen;
    if (before) {
      const [p] = await tx
        .update(writeInParticipants)
        .set({ signature: sign, alias, seenAt: now, leftAt: null })
        .where(and(eq(writeInParticipants.writeInId, row.id), eq(writeInParticipants.userId, user.id)))
        .returning();
      return { row, p: p!, late: before.sessionStart.getTime() > row.starts_at.getTime() };
    }
    if (row.joined >= WRITE_IN_MAX_PARTICIPANTS) throw conflict(M.full, "write_in_full");
    const late = now.getTime() > row.starts_at.getTime();
    const sessionStart = late ? now : row.starts_at;
    const [p] = await tx
      .insert(writeInParticipants)
      .values({
        writeInId: row.id,
        userId: user.id,
        seat: sql`(select coalesce(max(seat), 0) + 1 from write_in_participants where write_in_id = ${row.id}::uuid)`,
        signature: sign,
        alias,
        sessionStart,
        joinedAt: now,
        seenAt: now,
      })
      .returning();
    await tx.delete(writeInRsvps).where(and(eq(writeInRsvps.writeInId, row.id), eq(writeInRsvps.userId, user.id)));
    return { row, p: p!, late };
  });
  const { prompt, later } = await writeInPrompt(deps.db, joined.row, user.id, today);
  const { token } = issueWritingSession(deps.authSecret, joined.p.sessionStart, later ? (prompt.id ?? undefined) : undefined);
  const fresh = await writeInFor(deps.db, id, viewer);
  return {
    writeIn: summaryOf(fresh, viewer, now),
    prompt,
    signature: joined.p.signature,
    words: joined.p.words,
    seat: joined.p.seat,
    late: joined.late,
    writingSession: { token, startedAt: joined.p.sessionStart.toISOString(), minSeconds: deps.env.MIN_WRITING_SECONDS, exempt: user.isAdmin },
    now: now.getTime(),
  };
}

/**
 * Takes a participant's count: at most one every WRITE_IN_COUNT_MIN_GAP_MS, clamped to what
 * WRITE_IN_MAX_WPM words a minute since their start allow (a text pasted in does not count
 * whole), and only until the end and its grace. Answers the count kept.
 */
export async function recordCount(deps: Deps, user: SessionUser, id: string, words: number, leaving = false): Promise<number> {
  const viewer = viewerOf(user);
  const now = deps.clock.now();
  const row = await writeInTimesFor(deps.db, id, viewer);
  const p = await participant(deps.db, row.id, user.id);
  if (!p) throw conflict(M.notJoined, "write_in_not_joined");
  // Canceled in its countdown (after some joined): it never takes place, so it takes no count.
  if (row.canceled_at) throw canceled();
  if (now.getTime() > countsCloseAt({ endsAt: row.ends_at.getTime() })) throw conflict(M.over, "write_in_over");
  // Before their start (the countdown) a writer has written nothing yet: the count kept is 0.
  const since = now.getTime() - p.sessionStart.getTime();
  const minutes = since <= 0 ? 0 : Math.ceil(since / 60_000);
  const kept = Math.min(words, minutes * WRITE_IN_MAX_WPM);
  const gap = new Date(now.getTime() - WRITE_IN_COUNT_MIN_GAP_MS).toISOString();
  const [done] = await deps.db
    .update(writeInParticipants)
    // A count does not bring back a writer who left (a rejoin does); leaving records when.
    .set({ words: kept, wordsAt: now, seenAt: now, ...(leaving ? { leftAt: now } : {}) })
    .where(
      and(
        eq(writeInParticipants.writeInId, row.id),
        eq(writeInParticipants.userId, user.id),
        // The write-in's own end, read in the statement that writes: after it and the grace no count changes.
        sql`exists (select 1 from write_ins w where w.id = ${row.id}::uuid and ${now.toISOString()}::timestamptz <= w.ends_at + ${WRITE_IN_COUNT_GRACE_MS} * interval '1 millisecond')`,
        // A leave's last count is kept even right after another (the route holds leaves to 30 an hour).
        leaving ? sql`true` : sql`(${writeInParticipants.wordsAt} is null or ${writeInParticipants.wordsAt} <= ${gap}::timestamptz)`,
      ),
    )
    .returning({ words: writeInParticipants.words });
  if (!done) throw new HttpError(429, "count_too_soon", M.countTooSoon);
  return done.words;
}

/** Leaves (the panel stops counting them as writing); a last count may come with it. */
export async function leaveWriteIn(deps: Deps, user: SessionUser, id: string, words: number | undefined): Promise<void> {
  const viewer = viewerOf(user);
  const now = deps.clock.now();
  const row = await writeInTimesFor(deps.db, id, viewer);
  const p = await participant(deps.db, row.id, user.id);
  if (!p) throw conflict(M.notJoined, "write_in_not_joined");
  if (words !== undefined && !row.canceled_at && now.getTime() <= countsCloseAt({ endsAt: row.ends_at.getTime() })) {
    await recordCount(deps, user, id, words, true);
    return;
  }
  await deps.db.update(writeInParticipants).set({ leftAt: now }).where(and(eq(writeInParticipants.writeInId, row.id), eq(writeInParticipants.userId, user.id)));
}
