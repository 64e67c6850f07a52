import { and, count, eq, inArray } from "drizzle-orm";
import { ACCOUNT_DELETION_MESSAGES, type DeleteAccountInput, type DeletionPreview } from "#shared/schemas/account-deletion.ts";
import type { Queryable, Tx } from "../../db/client.ts";
import { DELETED_WRITER_ID } from "../../db/deleted-writer.ts";
import { admins, reports, submissionComments, submissionLikes, submissions, trashedComments, users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { SessionUser } from "../../http/context.ts";
import { badRequest, HttpError } from "../../http/errors.ts";
import { leaveAllCircles } from "../circles/departure.service.ts";
import { pieceCirclesChanged, writerCirclesChanged } from "../circles/piece-circles.service.ts";
import {
  anonymiseCommentNotifications,
  anonymiseModerationRecords,
  closeReportsOfDeleted,
  deleteLooseTraces,
  keepPiecesAnonymous,
  takeBackComments,
  takeBackLikes,
} from "./deletion.query.ts";

/*
 * Deleting one's account (issue 15 item 5). One transaction: the writer's likes and comments come
 * off other writers' counts, their public pieces go (or stay as the deleted writer's, signed
 * Anonymous, with their comments), moderation records keep the act without the person, loose
 * traces (rate-limit keys, tokens, queued mail) go, then the users row — and with it, by foreign
 * key, sessions, password, private pieces, likes, reports filed, blocks, notifications, prefs,
 * achievements, share links and the sent-mail ledger. Then one email to the old address, whose
 * job is deleted once sent.
 */

async function lastAdmin(q: Queryable, userId: string, lock: boolean): Promise<boolean> {
  const base = q.select({ userId: admins.userId }).from(admins);
  // Two admins leaving at once: the second waits for the first and then counts one.
  const rows = lock ? await base.for("update") : await base;
  return rows.length === 1 && rows[0]!.userId === userId;
}

export async function deletionPreview(db: Queryable, userId: string): Promise<DeletionPreview> {
  const pieces = await db
    .select({ isPrivate: submissions.isPrivate, n: count() })
    .from(submissions)
    .where(eq(submissions.userId, userId))
    .groupBy(submissions.isPrivate);
  const [comments] = await db.select({ n: count() }).from(submissionComments).where(eq(submissionComments.userId, userId));
  const [likes] = await db.select({ n: count() }).from(submissionLikes).where(eq(submissionLikes.userId, userId));
  return {
    publicPieces: pieces.find((p) => !p.isPrivate)?.n ?? 0,
    privatePieces: pieces.find((p) => p.isPrivate)?.n ?? 0,
    comments: comments?.n ?? 0,
    likes: likes?.n ?? 0,
    lastAdmin: await lastAdmin(db, userId, false),
  };
}

/** better-auth's own check of the writer's password (its hasher, its credential account). */
async function passwordMatches(deps: Deps, userId: string, password: string): Promise<boolean> {
  const ctx = await deps.auth.$context;
  const account = await ctx.internalAdapter.findCredentialAccount(userId);
  if (!account?.password) return false;
  return ctx.password.verify({ hash: account.password, password });
}

const lastAdminRefusal = () => new HttpError(409, "last_admin", ACCOUNT_DELETION_MESSAGES.lastAdmin);

export async function deleteAccount(deps: Deps, user: SessionUser, input: DeleteAccountInput): Promise<void> {
  if (!(await passwordMatches(deps, user.id, input.password))) throw badRequest(ACCOUNT_DELETION_MESSAGES.wrongPassword, "wrong_password");
  const [row] = await deps.db.select({ email: users.email, name: users.name, alias: users.alias }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!row) throw badRequest(ACCOUNT_DELETION_MESSAGES.wrongPassword, "wrong_password");
  const site = { siteName: deps.env.SITE_NAME, appUrl: deps.env.APP_URL };
  // The template loads with this mail, not at start (issue 26 item 1).
  const { accountDeletedMail } = await import("../../mail/templates/account-deleted.tsx");
  const mail = await accountDeletedMail(site, row.email, input.publicPieces);
  await deps.db.transaction(async (tx) => {
    if (await lastAdmin(tx, user.id, true)) throw lastAdminRefusal();
    await eraseWriter(deps, tx, user, row, input.publicPieces);
  });
  deps.admins.forget(user.id);
  await deps.outbox.queue({ message: mail, kind: "account-deleted", forget: true });
}

async function eraseWriter(deps: Deps, tx: Tx, user: SessionUser, me: { email: string; name: string; alias: string | null }, choice: DeleteAccountInput["publicPieces"]): Promise<void> {
  const uid = user.id;
  const now = deps.clock.now();
  for (const p of await takeBackLikes(tx, uid)) {
    if (!p.is_private) await deps.realtime.publish(tx, "piece:liked", { id: p.id, likeCount: p.n });
    else await pieceCirclesChanged(deps.realtime, tx, p.id);
  }
  // Other writers were told "<label> commented": the labels this writer commented under.
  await anonymiseCommentNotifications(tx, uid, [me.name, me.alias].flatMap((l) => (l?.trim() ? [l.trim()] : [])));
  if (choice === "delete") {
    for (const p of await takeBackComments(tx, uid)) {
      if (!p.is_private) await deps.realtime.publish(tx, "piece:commented", { id: p.id, commentCount: p.n });
      else await pieceCirclesChanged(deps.realtime, tx, p.id);
    }
  }
  const mine = await tx.select({ id: submissions.id, isPrivate: submissions.isPrivate }).from(submissions).where(eq(submissions.userId, uid));
  const going = mine.filter((p) => p.isPrivate || choice === "delete").map((p) => p.id);
  let reportsClosed = await closeReportsOfDeleted(tx, going, choice === "delete", uid, now);
  if (choice === "keep-anonymous") {
    await tx.update(submissionComments).set({ userId: DELETED_WRITER_ID }).where(eq(submissionComments.userId, uid));
    // Comments on pieces in their writers' trash come back, Anonymous, when those pieces are restored.
    await tx.update(trashedComments).set({ userId: DELETED_WRITER_ID }).where(eq(trashedComments.userId, uid));
    // The signature shows on the cards: the cached pages holding them drop.
    for (const p of await keepPiecesAnonymous(tx, uid)) {
      await deps.realtime.publish(tx, "piece:controls", { id: p.id, commentsOff: p.comments_off, contentWarning: p.content_warning });
    }
  } else {
    await tx.delete(submissionComments).where(eq(submissionComments.userId, uid));
  }
  if (going.length > 0) {
    // Their pieces shared with circles only leave those circles' feeds (read before the rows go).
    await writerCirclesChanged(deps.realtime, tx, uid);
    await tx.delete(submissions).where(and(eq(submissions.userId, uid), inArray(submissions.id, going)));
    for (const p of mine) if (!p.isPrivate && choice === "delete") await deps.realtime.publish(tx, "piece:deleted", { id: p.id });
  }
  await anonymiseModerationRecords(tx, uid);
  await leaveAllCircles(tx, uid, me.name);
  await deleteLooseTraces(tx, uid, me.email);
  // Reports this writer filed go with the row (foreign key): the queue's count may change.
  const [openFiled] = await tx.select({ n: count() }).from(reports).where(and(eq(reports.reporterId, uid), eq(reports.status, "open")));
  reportsClosed += openFiled?.n ?? 0;
  await tx.delete(users).where(eq(users.id, uid));
  // Its sessions went with the row: no instance may keep one.
  deps.sessions.changed(uid);
  if (reportsClosed > 0) await deps.realtime.publish(tx, "reports:changed", {});
}
