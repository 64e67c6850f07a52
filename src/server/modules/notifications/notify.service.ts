import { eq } from "drizzle-orm";
import type { AchievementType } from "#shared/domain/achievements.ts";
import type { NotificationData, NotifiedModerationAction } from "#shared/domain/notifications.ts";
import type { Queryable } from "../../db/client.ts";
import { DELETED_WRITER_ID } from "../../db/deleted-writer.ts";
import { notifications, submissions } from "../../db/schema/index.ts";
import { signalUser } from "../../realtime/user-signals.ts";
import { pieceNameOf } from "./piece-name.query.ts";

/*
 * Notifications are made where things happen (issue 14 item 6), in the same transaction as the
 * action (`tx`), so a refused or rolled-back action tells no one. Each also signals its writer's
 * open streams (the unread count), on commit. Comments and likes are told inside their own
 * statement (notify.query.ts, published here for the community and moderation modules); these are
 * the rest.
 */

export { commentNotificationCtes, forgetCommentNotification, likeNotificationCtes, toldColumn } from "./notify.query.ts";

async function insert(tx: Queryable, userId: string, submissionId: string | null, data: NotificationData, at: Date): Promise<void> {
  // The shared account of writers who left reads nothing.
  if (userId === DELETED_WRITER_ID) return;
  await tx.insert(notifications).values({ userId, kind: data.kind, submissionId, data, createdAt: at, updatedAt: at });
  await signalUser(tx, userId);
}

async function writerOf(tx: Queryable, pieceId: string): Promise<string | null> {
  const [row] = await tx.select({ writerId: submissions.userId }).from(submissions).where(eq(submissions.id, pieceId));
  return row?.writerId ?? null;
}

/** An admin featured the piece as an Editors' Pick. */
export async function notifyPick(tx: Queryable, pieceId: string, writerId: string, at: Date): Promise<void> {
  await insert(tx, writerId, pieceId, { kind: "pick" }, at);
}

/** Achievements the writer just reached. */
export async function notifyAchievements(tx: Queryable, userId: string, won: { achievementType: AchievementType; year: number }[], at: Date): Promise<void> {
  for (const w of won) await insert(tx, userId, null, { kind: "achievement", achievement: w.achievementType, year: w.year }, at);
}

/**
 * A moderator hid, restored or deleted the writer's piece (with the reason, when the decision
 * has one). Call it before a delete: a deleted piece keeps its name here, and is not linked.
 */
export async function notifyModeration(tx: Queryable, pieceId: string, action: NotifiedModerationAction, reason: string | null, at: Date): Promise<void> {
  const writerId = await writerOf(tx, pieceId);
  if (!writerId) return;
  const why = reason?.trim() || null;
  if (action !== "deleted") return insert(tx, writerId, pieceId, { kind: "moderation", action, reason: why }, at);
  const piece = (await pieceNameOf(tx, pieceId)) ?? undefined;
  await insert(tx, writerId, null, { kind: "moderation", action, reason: why, piece }, at);
}
