import { randomUUID } from "node:crypto";
import { and, eq, gt, gte, isNull, sql } from "drizzle-orm";
import { WRITE_IN_MAX_AHEAD_DAYS, WRITE_IN_MAX_UPCOMING_COMMUNITY, WRITE_IN_MAX_UPCOMING_PER_CIRCLE, WRITE_IN_WEEKLY_WEEKS } from "#shared/constants.ts";
import { addDays, localDate, localMinuteOfDay, localMinuteStart } from "#shared/domain/dates.ts";
import { WRITE_IN_MESSAGES as M } from "#shared/domain/write-ins.ts";
import type { ScheduledWriteIn, ScheduleWriteInInput } from "#shared/schemas/write-ins.ts";
import { viewerOf } from "../../db/audience.ts";
import type { Tx } from "../../db/client.ts";
import { prompts, writeIns } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, conflict, forbidden, HttpError } from "../../http/errors.ts";
import type { SessionUser } from "../../http/session-user.ts";
import { circleFor } from "../circles/access.ts";
import { requireManager, writeInFor } from "./access.ts";
import { summaryOf } from "./summary.ts";

/*
 * Scheduling and cancelling write-ins (issue 30 item 1). A circle's owner and moderators schedule
 * its write-ins, site admins the community's. A weekly write-in is WRITE_IN_WEEKLY_WEEKS rows made
 * at once, each at the same wall time in the scheduler's zone (across daylight saving), sharing a
 * series id. How many may be scheduled ahead is counted under a lock (the circle's row, or a
 * transaction lock for the community's), so the limit holds across instances. A write-in with its
 * own prompt (promptMode "own") stores it as a `prompts` row of kind "write_in" in the same
 * transaction, shared by the series' weeks.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The starts of a write-in: the one given, and for a weekly one the same wall time in the following weeks. */
export function weeklyStarts(first: Date, timeZone: string, weeks: number): Date[] {
  const day = localDate(first, timeZone);
  const minute = localMinuteOfDay(first, timeZone);
  // The seconds (and milliseconds) past the minute carry over to every week.
  const past = first.getTime() % 60_000;
  return Array.from({ length: weeks }, (_, i) => (i === 0 ? first : new Date(localMinuteStart(addDays(day, 7 * i), minute, timeZone).getTime() + past)));
}

async function upcomingCount(tx: Tx, circleId: string | null, now: Date): Promise<number> {
  const whose = circleId ? eq(writeIns.circleId, circleId) : isNull(writeIns.circleId);
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(writeIns).where(and(whose, isNull(writeIns.canceledAt), gt(writeIns.endsAt, now)));
  return row?.n ?? 0;
}

export async function scheduleWriteIn(deps: Deps, user: SessionUser, input: ScheduleWriteInInput): Promise<ScheduledWriteIn> {
  const now = deps.clock.now();
  const start = new Date(input.startsAt);
  if (start.getTime() <= now.getTime()) throw badRequest(M.startInPast);
  if (start.getTime() > now.getTime() + WRITE_IN_MAX_AHEAD_DAYS * DAY_MS) throw badRequest(M.startTooFar);
  if (input.circle === null && input.promptMode === "circle") throw badRequest(M.circlePromptOutside);
  // The schema asks for it; a service called otherwise refuses the same way.
  const ownText = input.promptMode === "own" ? input.promptText?.trim() : undefined;
  if (input.promptMode === "own" && !ownText) throw badRequest(M.promptRequired);
  const viewer = viewerOf(user);
  const id = await deps.db.transaction(async (tx) => {
    let circleId: string | null = null;
    if (input.circle !== null) {
      circleId = (await circleFor(tx, input.circle, user, "moderate", true)).id;
    } else {
      if (!user.isAdmin) throw forbidden(M.notAdmin, "not_admin");
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('write-ins:community'))`);
    }
    const max = circleId ? WRITE_IN_MAX_UPCOMING_PER_CIRCLE : WRITE_IN_MAX_UPCOMING_COMMUNITY;
    const starts = weeklyStarts(start, input.timeZone, input.repeat === "weekly" ? WRITE_IN_WEEKLY_WEEKS : 1);
    if ((await upcomingCount(tx, circleId, now)) + starts.length > max) {
      throw new HttpError(422, "too_many_write_ins", circleId ? M.tooManyCircle(max) : M.tooManyCommunity(max));
    }
    const seriesId = randomUUID();
    // Its own prompt: one row for every week of the series, unsigned (the scheduler's name is not
    // an attribution, and a prompt names no writer). Canceling leaves it: pieces may answer it.
    const promptId = ownText ? (await tx.insert(prompts).values({ text: ownText, kind: "write_in", date: null, author: null }).returning({ id: prompts.id }))[0]!.id : null;
    const rows = await tx
      .insert(writeIns)
      .values(
        starts.map((s) => ({
          seriesId,
          circleId,
          createdBy: user.id,
          title: input.title,
          startsAt: s,
          endsAt: new Date(s.getTime() + input.lengthMinutes * 60_000),
          repeat: input.repeat,
          promptMode: input.promptMode,
          promptId,
          createdAt: now,
        })),
      )
      .returning({ id: writeIns.id, startsAt: writeIns.startsAt });
    rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    return rows[0]!.id;
  });
  const row = await writeInFor(deps.db, id, viewer);
  const series = await deps.db.select({ startsAt: writeIns.startsAt }).from(writeIns).where(eq(writeIns.seriesId, row.series_id)).orderBy(writeIns.startsAt);
  return { writeIn: summaryOf(row, viewer, now), next: series.slice(1).map((s) => s.startsAt.toISOString()) };
}

/** Cancels a write-in that has not started (and with `following`, the later weeks of its series). */
export async function cancelWriteIn(deps: Deps, user: SessionUser, id: string, scope: "this" | "following"): Promise<void> {
  const viewer = viewerOf(user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await writeInFor(tx, id, viewer, true);
    requireManager(row, viewer);
    if (row.canceled_at) return;
    if (row.starts_at.getTime() <= now.getTime()) throw conflict(M.started, "write_in_started");
    const which = scope === "following" ? and(eq(writeIns.seriesId, row.series_id), gte(writeIns.startsAt, row.starts_at)) : eq(writeIns.id, row.id);
    await tx.update(writeIns).set({ canceledAt: now }).where(and(which, isNull(writeIns.canceledAt), gt(writeIns.startsAt, now)));
  });
}
