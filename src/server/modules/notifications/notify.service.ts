import { eq, sql } from "drizzle-orm";
import type { AchievementType } from "#shared/domain/achievements.ts";
import type { NotificationData, NotifiedModerationAction } from "#shared/domain/notifications.ts";
import { pieceName } from "#shared/domain/piece-name.ts";
import { blocks, commentNotBlockedByViewer } from "../../db/blocks-sql.ts";
import type { Queryable } from "../../db/client.ts";
import { notifications, prompts, submissions } from "../../db/schema/index.ts";
import { signalUser } from "../../realtime/user-signals.ts";

/*
 * Notifications are made where things happen (issue 14 item 6), in the same transaction as the
 * action (`tx`), so a refused or rolled-back action tells no one. Each also signals its writer's
 * open streams (the unread count), on commit. What is stored is only what the message needs.
 */

/** How long a piece's name may be in a notification. */
const PIECE_NAME_MAX = 80;

interface PieceRef {
  writerId: string;
  name: string;
}

/** The piece's writer and its name as the community copy is called (title, else prompt, else "Untitled"). */
async function pieceRef(tx: Queryable, pieceId: string): Promise<PieceRef | null> {
  const [row] = await tx
    .select({ writerId: submissions.userId, title: submissions.title, promptText: prompts.text, promptKind: prompts.kind })
    .from(submissions)
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .where(eq(submissions.id, pieceId));
  if (!row) return null;
  return { writerId: row.writerId, name: pieceName(row.title, { text: row.promptText, kind: row.promptKind }, { max: PIECE_NAME_MAX }) };
}

async function insert(tx: Queryable, userId: string, submissionId: string | null, data: NotificationData, at: Date): Promise<void> {
  await tx.insert(notifications).values({ userId, kind: data.kind, submissionId, data, createdAt: at, updatedAt: at });
  await signalUser(tx, userId);
}

/**
 * A comment on someone's piece tells its writer, by the label the comment is signed with on the
 * piece (`label`, as readers see it) and nothing more. Not for one's own comment, nor for a
 * comment the writer would not see because they block its signature (the comments list's rule).
 */
export async function notifyComment(tx: Queryable, c: { pieceId: string; commentId: string; commenterId: string; label: string; at: Date }): Promise<void> {
  const piece = await pieceRef(tx, c.pieceId);
  if (!piece || piece.writerId === c.commenterId) return;
  const { rows } = (await tx.execute(
    sql`select ${commentNotBlockedByViewer(piece.writerId, sql`c`)} as shown from submission_comments c where c.id = ${c.commentId}::uuid`,
  )) as unknown as { rows: { shown: boolean }[] };
  if (!rows[0]?.shown) return;
  await insert(tx, piece.writerId, c.pieceId, { kind: "comment", piece: piece.name, by: c.label }, c.at);
}

/**
 * A like counts up its writer's unread batch for the piece ("5 people liked 'Harbour'"), or
 * starts one. Never names the reader; a reader the writer blocks (under any signature) adds nothing.
 */
export async function notifyLike(tx: Queryable, l: { pieceId: string; likerId: string; at: Date }): Promise<void> {
  const piece = await pieceRef(tx, l.pieceId);
  if (!piece || piece.writerId === l.likerId) return;
  const data: NotificationData = { kind: "likes", piece: piece.name };
  const { rows } = (await tx.execute(sql`
    insert into ${notifications} (user_id, kind, submission_id, data, count, created_at, updated_at)
    select ${piece.writerId}::uuid, 'likes', ${l.pieceId}::uuid, ${JSON.stringify(data)}::jsonb, 1, ${l.at.toISOString()}::timestamptz, ${l.at.toISOString()}::timestamptz
    where not ${blocks(sql`${piece.writerId}::uuid`, sql`${l.likerId}::uuid`)}
    on conflict (user_id, submission_id) where kind = 'likes' and read_at is null
    do update set count = ${notifications}.count + 1, data = excluded.data, updated_at = excluded.updated_at
    returning 1 as done
  `)) as unknown as { rows: unknown[] };
  if (rows.length > 0) await signalUser(tx, piece.writerId);
}

/** An admin featured the piece as an Editors' Pick. */
export async function notifyPick(tx: Queryable, pieceId: string, at: Date): Promise<void> {
  const piece = await pieceRef(tx, pieceId);
  if (piece) await insert(tx, piece.writerId, pieceId, { kind: "pick", piece: piece.name }, at);
}

/** Achievements the writer just reached. */
export async function notifyAchievements(tx: Queryable, userId: string, won: { achievementType: AchievementType; year: number }[], at: Date): Promise<void> {
  for (const w of won) await insert(tx, userId, null, { kind: "achievement", achievement: w.achievementType, year: w.year }, at);
}

/**
 * A moderator hid, restored or deleted the writer's piece (with the reason, when the decision
 * has one). Call it before a delete: a deleted piece is named, not linked.
 */
export async function notifyModeration(tx: Queryable, pieceId: string, action: NotifiedModerationAction, reason: string | null, at: Date): Promise<void> {
  const piece = await pieceRef(tx, pieceId);
  if (!piece) return;
  const data: NotificationData = { kind: "moderation", piece: piece.name, action, reason: reason?.trim() || null };
  await insert(tx, piece.writerId, action === "deleted" ? null : pieceId, data, at);
}
