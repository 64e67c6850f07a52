import { and, eq, gt, or, sql } from "drizzle-orm";
import { isValidShareTokenFormat } from "#shared/domain/share-token.ts";
import { countWords, pagesFor } from "#shared/domain/words.ts";
import { PORTFOLIO_MESSAGES, type PromptRef } from "#shared/schemas/portfolio.ts";
import { canOpenPiecePage, pieceCircleAccess, publicPieceSql, type Viewer } from "../../db/audience.ts";
import type { Db } from "../../db/client.ts";
import { prompts, shareLinks, submissions, users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { notFound } from "../../http/errors.ts";
import { itemDeleted } from "../moderation/reports.service.ts";
import { notifyModeration } from "../notifications/notify.service.ts";
import { moveToTrash } from "./trash.service.ts";
import { circlesChanged } from "../circles/piece-circles.service.ts";

/*
 * One piece: who may read it, loading it, the writer's private edit and deleting it.
 * How a loaded piece is shown to a given reader is piece-view.ts.
 */
/** Everything about one piece the module decides with (never sent as is). */
export interface PieceRow {
  id: string;
  userId: string;
  title: string | null;
  content: string;
  wordCount: number;
  pagesWritten: number;
  submissionType: "name" | "alias" | "anonymous";
  isPrivate: boolean;
  isFeatured: boolean;
  privateTitle: string | null;
  privateContent: string | null;
  privateWordCount: number | null;
  privatePagesWritten: number | null;
  likeCount: number;
  commentCount: number;
  createdAt: Date;
  updatedAt: Date;
  prompt: PromptRef;
  authorName: string;
  authorAlias: string | null;
  /** Hidden by moderators (issue 13): only its writer and admins read it. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
  commentsOff: boolean;
  contentWarning: string | null;
  imported: { at: Date | null; prompt: string | null };
}

export async function loadPiece(db: Db, id: string): Promise<PieceRow | null> {
  const [row] = await db
    .select({
      id: submissions.id,
      userId: submissions.userId,
      title: submissions.title,
      content: submissions.content,
      wordCount: submissions.wordCount,
      pagesWritten: submissions.pagesWritten,
      submissionType: submissions.submissionType,
      isPrivate: submissions.isPrivate,
      isFeatured: submissions.isFeatured,
      privateTitle: submissions.privateTitle,
      privateContent: submissions.privateContent,
      privateWordCount: submissions.privateWordCount,
      privatePagesWritten: submissions.privatePagesWritten,
      likeCount: submissions.likeCount,
      commentCount: submissions.commentCount,
      createdAt: submissions.createdAt,
      updatedAt: submissions.updatedAt,
      prompt: { id: prompts.id, text: prompts.text, date: prompts.date, kind: prompts.kind },
      authorName: users.name,
      authorAlias: submissions.authorAlias,
      hiddenAt: submissions.hiddenAt,
      hiddenReason: submissions.hiddenReason,
      commentsOff: submissions.commentsOff,
      contentWarning: submissions.contentWarning,
      imported: { at: submissions.importedAt, prompt: submissions.importedPrompt },
    })
    .from(submissions)
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(eq(submissions.id, id))
    .limit(1);
  return row ?? null;
}

/** A share token opens exactly one piece, and only until it expires (compared with the server clock). */
export async function shareTokenOpens(db: Db, token: string | undefined, pieceId: string, now: Date): Promise<boolean> {
  if (!isValidShareTokenFormat(token)) return false;
  const [row] = await db
    .select({ id: shareLinks.id })
    .from(shareLinks)
    .where(and(eq(shareLinks.token, token), eq(shareLinks.submissionId, pieceId), gt(shareLinks.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

/**
 * A piece's own page (piece API, OG image, page meta), read by the audience rule
 * (canOpenPiecePage in db/audience.ts): a private piece opens for its owner or with a valid
 * unexpired share token for that very piece. Anything else is null, so callers answer as if the
 * piece did not exist.
 */
export async function readablePiece(db: Db, viewer: Viewer, id: string, share: string | undefined, now: Date): Promise<PieceRow | null> {
  const row = await loadPiece(db, id);
  if (!row) return null;
  return (await canOpenPiecePage(viewer, row, () => shareTokenOpens(db, share, row.id, now), pieceCircleAccess(db, viewer, row.id))) ? row : null;
}

/** Writes only the private version and updated_at: the community copy never changes. */
export async function updatePrivateVersion(db: Db, userId: string, id: string, input: { title?: string | null | undefined; content: string }, now: Date): Promise<void> {
  const words = countWords(input.content);
  const updated = await db
    .update(submissions)
    .set({
      privateContent: input.content,
      privateWordCount: words,
      privatePagesWritten: pagesFor(words),
      // No title sent: keep the private title, or on the first private save start from the published
      // one (a private version's title is authoritative, so leaving it null would remove the title).
      privateTitle:
        input.title !== undefined ? input.title : sql`(case when ${submissions.privateContent} is null then ${submissions.title} else ${submissions.privateTitle} end)`,
      updatedAt: now,
    })
    .where(and(eq(submissions.id, id), eq(submissions.userId, userId)))
    .returning({ id: submissions.id });
  if (updated.length === 0) throw notFound(PORTFOLIO_MESSAGES.editNotFound);
}

/**
 * A writer deletes their own pieces; an admin also any public piece (spec §6), never another
 * writer's private one (admins never see those). The piece, its likes and comments move to its
 * writer's trash for 30 days (issue 15 item 3); share links end for good.
 */
export async function deleteSubmission(deps: Deps, user: { id: string; isAdmin: boolean }, id: string): Promise<void> {
  const failed = () => notFound(PORTFOLIO_MESSAGES.deleteFailed, "delete_failed");
  await deps.db.transaction(async (tx) => {
    const mine = eq(submissions.userId, user.id);
    const where = and(eq(submissions.id, id), user.isAdmin ? or(mine, publicPieceSql(sql`${submissions}`)) : mine);
    const [target] = await tx.select({ writerId: submissions.userId }).from(submissions).where(where).for("update");
    if (!target) throw failed();
    // One time for the whole delete: a restore from the trash reopens the reports closed at it.
    const now = deps.clock.now();
    // Its open reports (and its comments') close as "deleted"; an admin's delete goes on the record.
    const reportsClosed = await itemDeleted(tx, { kind: "piece", id, writerId: target.writerId }, user, now);
    // An admin deleting someone else's piece is a moderation decision its writer hears of (issue 14 item 6).
    if (target.writerId !== user.id) await notifyModeration(tx, id, "deleted", null, now);
    const byAdmin = target.writerId !== user.id ? { id: user.id, note: null } : null;
    const row = await moveToTrash(tx, id, now, byAdmin);
    if (!row) throw failed();
    if (!row.isPrivate) await deps.realtime.publish(tx, "piece:deleted", { id });
    else if (!row.hidden) await circlesChanged(deps.realtime, tx, id, row.circleIds);
    if (reportsClosed) await deps.realtime.publish(tx, "reports:changed", {});
  });
}
