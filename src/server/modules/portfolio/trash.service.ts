import { circlesOfPiece, pieceCirclesChanged, reshareWithCircles } from "../circles/piece-circles.service.ts";
import { and, eq, getTableColumns, inArray, lt, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { sameSessionRestoreMessage } from "#shared/domain/writing-session.ts";
import { TRASH_DAYS, TRASH_EXCERPT_CHARS, TRASH_MESSAGES, type RestoreResponse } from "#shared/schemas/trash.ts";
import { shownCommentSql } from "../../db/audience.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  reports,
  submissionComments,
  submissionLikes,
  submissions,
  trashedComments,
  trashedLikes,
  trashedPieces,
  users,
  TRASH_SNAPSHOT_VERSION,
  type TrashedPieceSnapshot,
} from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { HttpError, notFound } from "../../http/errors.ts";
import { recordAudit } from "../moderation/audit.service.ts";
import { notifyModeration } from "../notifications/notify.service.ts";
import { sharesWritingWindow } from "../writing/writing-sessions.service.ts";

/*
 * Trash (issue 15 item 3). Deleting a piece moves its row, likes and comments out of the live
 * tables, so every public query (feeds, search, share links, images, collections) is right without
 * a filter; restoring moves them back under the same id. Streaks and achievements stay as they
 * are either way: the writing happened; so does the writing session a piece spent, and a restore
 * never brings back a second piece from one window of writing (issue 24 item 1).
 */

export const TRASH_MS = TRASH_DAYS * 24 * 60 * 60 * 1000;
/** The purge deletes this many at a time (by the trashed_at index). */
const PURGE_BATCH = 500;

const { search: _search, hiddenBy: _hiddenBy, ...snapshotColumns } = getTableColumns(submissions);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/**
 * A live table's `hidden_by` is a plain id that may name an account since deleted; the trash's is
 * a foreign key (so no id outlives its account there): keep it only while the account exists.
 */
const existingUser = (id: AnyPgColumn) => sql<string | null>`(select ${users.id} from ${users} where ${users.id} = ${id})`;

/**
 * Moves a locked piece into its writer's trash (inside the caller's transaction, after reports
 * were closed). `admin` is set when an admin removed someone else's piece; the note is their reason.
 */
export async function moveToTrash(tx: Tx, pieceId: string, now: Date, admin: { id: string; note: string | null } | null): Promise<{ isPrivate: boolean; hidden: boolean; circleIds: string[] } | null> {
  const [row] = await tx.select({ ...snapshotColumns, hiddenBy: existingUser(submissions.hiddenBy) }).from(submissions).where(eq(submissions.id, pieceId));
  if (!row) return null;
  const { hiddenBy, ...rest } = row;
  const piece: TrashedPieceSnapshot = {
    ...rest,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    featuredAt: iso(row.featuredAt),
    hiddenAt: iso(row.hiddenAt),
    importedAt: iso(row.importedAt),
  };
  const shownContent = row.privateContent ?? row.content;
  const circleIds = await circlesOfPiece(tx, pieceId);
  await tx.insert(trashedPieces).values({
    id: row.id,
    userId: row.userId,
    promptId: row.promptId,
    trashedAt: now,
    trashedBy: admin?.id ?? null,
    byAdmin: admin !== null,
    note: admin ? (admin.note?.trim() || row.hiddenReason) : null,
    title: row.privateContent !== null ? row.privateTitle : row.title,
    excerpt: shownContent.replace(/\s+/g, " ").trim().slice(0, TRASH_EXCERPT_CHARS),
    wordCount: row.privateWordCount ?? row.wordCount,
    createdAt: row.createdAt,
    localDate: row.localDate,
    hiddenBy,
    snapshotVersion: TRASH_SNAPSHOT_VERSION,
    piece,
    circleIds,
  });
  await tx.insert(trashedLikes).select(
    tx.select({ pieceId: submissionLikes.submissionId, userId: submissionLikes.userId, createdAt: submissionLikes.createdAt }).from(submissionLikes).where(eq(submissionLikes.submissionId, pieceId)),
  );
  const c = submissionComments;
  await tx.insert(trashedComments).select(
    tx
      .select({ id: c.id, pieceId: c.submissionId, userId: c.userId, content: c.content, hiddenAt: c.hiddenAt, hiddenReason: c.hiddenReason, hiddenBy: existingUser(c.hiddenBy).as("hidden_by"), createdAt: c.createdAt })
      .from(c)
      .where(eq(c.submissionId, pieceId)),
  );
  // Likes, comments, share links and notifications about it go with the row (foreign keys).
  await tx.delete(submissions).where(eq(submissions.id, pieceId));
  return { isPrivate: row.isPrivate, hidden: row.hiddenAt !== null, circleIds };
}

/**
 * Brings a trashed piece back with the likes and comments whose writers still exist. The writer
 * restores their own; a piece an admin removed comes back private to the writer's portfolio (only
 * an admin brings it back as it was), so a writer alone cannot undo moderation.
 */
export async function restoreFromTrash(deps: Deps, who: { userId: string } | { adminId: string }, id: string): Promise<RestoreResponse> {
  return deps.db.transaction(async (tx) => {
    // An admin brings back only what an admin removed; a writer only their own.
    const where = "adminId" in who ? and(eq(trashedPieces.id, id), eq(trashedPieces.byAdmin, true)) : and(eq(trashedPieces.id, id), eq(trashedPieces.userId, who.userId));
    const [trashed] = await tx.select().from(trashedPieces).where(where).for("update");
    if (!trashed) throw notFound("adminId" in who ? TRASH_MESSAGES.notInWritersTrash : TRASH_MESSAGES.notFound, "not_in_trash");
    // One window of writing makes one piece (issue 24 item 1): under the writer's lock, as a new piece is.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, trashed.userId)).for("update");
    const min = deps.env.MIN_WRITING_SECONDS;
    if (await sharesWritingWindow(tx, trashed, min)) throw new HttpError(409, "same_writing_session", sameSessionRestoreMessage(min, "adminId" in who));
    const p = trashed.piece;
    const makePrivate = !("adminId" in who) && trashed.byAdmin;
    const isPrivate = p.isPrivate || makePrivate;
    const [likes] = await tx.select({ n: sql<number>`count(*)::int` }).from(trashedLikes).where(eq(trashedLikes.pieceId, id));
    const [comments] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(trashedComments)
      .where(and(eq(trashedComments.pieceId, id), shownCommentSql(sql`${trashedComments}`)));
    // The one unique rule a restore can meet: a newer piece holding the same retry key keeps it.
    const keyTaken =
      p.idempotencyKey !== null &&
      (await tx.select({ id: submissions.id }).from(submissions).where(and(eq(submissions.userId, p.userId), eq(submissions.idempotencyKey, p.idempotencyKey))).limit(1)).length > 0;
    await tx.insert(submissions).values({
      ...p,
      userId: trashed.userId,
      promptId: trashed.promptId,
      isPrivate,
      isFeatured: p.isFeatured && !isPrivate,
      featuredAt: p.isFeatured && !isPrivate && p.featuredAt ? new Date(p.featuredAt) : null,
      idempotencyKey: keyTaken ? null : p.idempotencyKey,
      likeCount: likes?.n ?? 0,
      commentCount: comments?.n ?? 0,
      hiddenAt: p.hiddenAt ? new Date(p.hiddenAt) : null,
      hiddenBy: trashed.hiddenBy,
      createdAt: new Date(p.createdAt),
      updatedAt: new Date(p.updatedAt),
      importedAt: p.importedAt ? new Date(p.importedAt) : null,
    });
    await tx.insert(submissionLikes).select(
      tx.select({ submissionId: trashedLikes.pieceId, userId: trashedLikes.userId, createdAt: trashedLikes.createdAt }).from(trashedLikes).where(eq(trashedLikes.pieceId, id)),
    );
    const tc = trashedComments;
    await tx.insert(submissionComments).select(
      tx
        .select({ id: tc.id, submissionId: tc.pieceId, userId: tc.userId, content: tc.content, hiddenAt: tc.hiddenAt, hiddenReason: tc.hiddenReason, hiddenBy: tc.hiddenBy, createdAt: tc.createdAt })
        .from(tc)
        .where(eq(tc.pieceId, id)),
    );
    // Shared again with the circles it was in, those its writer is still in (not after an admin removed it).
    if (!makePrivate) await reshareWithCircles(tx, trashed.userId, id, new Date(p.createdAt), trashed.circleIds);
    await tx.delete(trashedPieces).where(eq(trashedPieces.id, id));
    // Deleting and restoring is no way around a report: what the writer's delete closed opens again.
    const reopened = trashed.byAdmin ? 0 : await reopenReportsClosedByDelete(tx, id, trashed.userId, trashed.trashedAt);
    if (reopened > 0) await deps.realtime.publish(tx, "reports:changed", {});
    if ("adminId" in who) {
      // An admin's restore is a moderation decision: on the record, and its writer hears of it.
      const now = deps.clock.now();
      await recordAudit(tx, { adminId: who.adminId, action: "restore", itemKind: "piece", itemId: id, subjectWriterId: trashed.userId, reason: null }, now);
      await notifyModeration(tx, id, "restored", null, now);
    }
    if (!isPrivate && !p.hiddenAt) await deps.realtime.publish(tx, "piece:published", { id, promptId: trashed.promptId });
    else if (!p.hiddenAt) await pieceCirclesChanged(deps.realtime, tx, id);
    return { id, isPrivate, likeCount: likes?.n ?? 0, commentCount: comments?.n ?? 0 };
  });
}

/** Reopens the reports on the piece and its comments that its writer's delete closed (at `trashedAt`, outcome "deleted"). */
async function reopenReportsClosedByDelete(tx: Tx, pieceId: string, writerId: string, trashedAt: Date): Promise<number> {
  const reopened = await tx
    .update(reports)
    .set({ status: "open", outcome: null, closedAt: null, closedBy: null })
    .where(
      and(
        eq(reports.outcome, "deleted"),
        eq(reports.closedAt, trashedAt),
        eq(reports.closedBy, writerId),
        or(
          and(eq(reports.itemKind, "piece"), eq(reports.itemId, pieceId)),
          and(eq(reports.itemKind, "comment"), inArray(reports.itemId, tx.select({ id: submissionComments.id }).from(submissionComments).where(eq(submissionComments.submissionId, pieceId)))),
        ),
      ),
    )
    .returning({ id: reports.id });
  return reopened.length;
}

/** The writer deletes one of their trashed pieces for good (its likes and comments go with it). */
export async function deleteForever(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(trashedPieces)
    .where(and(eq(trashedPieces.id, id), eq(trashedPieces.userId, userId)))
    .returning({ id: trashedPieces.id });
  if (gone.length === 0) throw notFound(TRASH_MESSAGES.notFound, "not_in_trash");
}

/** Deletes what has been in the trash 30 days or more, a batch at a time; returns how many. */
export async function purgeTrash(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - TRASH_MS);
  let total = 0;
  for (;;) {
    const batch = db.select({ id: trashedPieces.id }).from(trashedPieces).where(lt(trashedPieces.trashedAt, before)).orderBy(trashedPieces.trashedAt).limit(PURGE_BATCH);
    const gone = await db.delete(trashedPieces).where(inArray(trashedPieces.id, batch)).returning({ id: trashedPieces.id });
    total += gone.length;
    if (gone.length < PURGE_BATCH) return total;
  }
}
