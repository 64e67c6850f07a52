import { sql } from "drizzle-orm";
import { MAX_CIRCLES_PER_WRITER } from "#shared/constants.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { shownInCircleSql } from "../../db/audience.ts";
import type { Queryable } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import type { RealtimeBus } from "../../realtime/bus.ts";
import { notifyPieces } from "./circle-notify.service.ts";

/*
 * Which circles read a piece (issue 29 item 3). A writer shares only with circles they are in at
 * that moment: the rows are written from their memberships in the same statement, so a circle
 * they left (or never joined) names nothing.
 */

/** Shares the piece with those of `circleIds` (distinct) its writer is in; returns how many. */
async function shareFromMemberships(tx: Queryable, userId: string, pieceId: string, createdAt: Date, circleIds: string[]): Promise<number> {
  if (circleIds.length === 0) return 0;
  const ids = sql.join(
    circleIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = (await tx.execute(sql`
    insert into piece_circles (submission_id, circle_id, created_at)
    select ${pieceId}::uuid, m.circle_id, ${createdAt.toISOString()}::timestamptz
    from circle_members m
    where m.user_id = ${userId}::uuid and m.circle_id in (${ids})
    on conflict do nothing
    returning circle_id`)) as { rows: unknown[] };
  return rows.length;
}

/** Shares a new piece with `circleIds` (distinct), or throws 422 (and the publish is undone) when the writer is not in each of them. */
export async function shareWithCircles(tx: Queryable, userId: string, pieceId: string, createdAt: Date, circleIds: string[]): Promise<void> {
  if ((await shareFromMemberships(tx, userId, pieceId, createdAt, circleIds)) !== circleIds.length) {
    throw new HttpError(422, "not_in_circle", CIRCLE_MESSAGES.notInCircle);
  }
  await notifyPieces(tx, userId, circleIds, createdAt);
}

/**
 * The circles a piece is shared with and not hidden in: kept in its trash row for a restore (a
 * trash and restore must not undo a circle's hide: review of issue 29), and told of its likes and
 * comments live.
 */
export async function circlesOfPiece(tx: Queryable, pieceId: string): Promise<string[]> {
  const { rows } = (await tx.execute(sql`select pc.circle_id from piece_circles pc where pc.submission_id = ${pieceId}::uuid and ${shownInCircleSql(sql`pc`)}`)) as { rows: { circle_id: string }[] };
  return rows.map((r) => r.circle_id);
}

/** A restored piece is shared again with those of `circleIds` its writer is still in (a circle since deleted or left is skipped). */
export async function reshareWithCircles(tx: Queryable, userId: string, pieceId: string, createdAt: Date, circleIds: string[]): Promise<void> {
  await shareFromMemberships(tx, userId, pieceId, createdAt, circleIds);
}

/**
 * Every instance's feed cache drops the pages of `circleIds`' feeds: the piece left them
 * (deleted, trashed, hidden), came back, or changed what its card shows (a server-only event).
 */
export async function circlesChanged(realtime: RealtimeBus, tx: Queryable, pieceId: string, circleIds: readonly string[]): Promise<void> {
  if (circleIds.length > 0) await realtime.publish(tx, "circle:changed", { circleIds: [...circleIds], id: pieceId });
}

/** The same, for the circles the piece is shared with (and not hidden in) now. */
export async function pieceCirclesChanged(realtime: RealtimeBus, tx: Queryable, pieceId: string): Promise<void> {
  await circlesChanged(realtime, tx, pieceId, await circlesOfPiece(tx, pieceId));
}

/** The same for every circle a writer's pieces of circles only are shown in (their account is going): one read, events of MAX_CIRCLES_PER_WRITER circles each. */
export async function writerCirclesChanged(realtime: RealtimeBus, tx: Queryable, userId: string): Promise<void> {
  const { rows } = (await tx.execute(sql`
    select pc.circle_id, min(pc.submission_id::text) as piece_id
    from submissions s join piece_circles pc on pc.submission_id = s.id
    where s.user_id = ${userId}::uuid and s.is_private and ${shownInCircleSql(sql`pc`)}
    group by pc.circle_id`)) as { rows: { circle_id: string; piece_id: string }[] };
  for (let i = 0; i < rows.length; i += MAX_CIRCLES_PER_WRITER) {
    const chunk = rows.slice(i, i + MAX_CIRCLES_PER_WRITER);
    await circlesChanged(realtime, tx, chunk[0]!.piece_id, chunk.map((r) => r.circle_id));
  }
}

/** Calls `announce` with the circles a piece is shared with, when it is shared with any (a circle's live event: issue 29 item 4). */
export async function announceInCircles(tx: Queryable, pieceId: string, announce: (circleIds: string[]) => Promise<void>): Promise<void> {
  const circleIds = await circlesOfPiece(tx, pieceId);
  if (circleIds.length > 0) await announce(circleIds);
}
