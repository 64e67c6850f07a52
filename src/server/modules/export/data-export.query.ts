import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { PromptKind } from "#shared/domain/prompt-choice.ts";
import { pieceName } from "#shared/domain/piece-name.ts";
import type { Queryable } from "../../db/client.ts";
import { notificationPrefs, prompts, reports, shareLinks, submissionComments, submissionLikes, submissions, userAchievements, users } from "../../db/schema/index.ts";
import { EXPORT_PAGE_SIZE } from "./export.query.ts";

/*
 * The rest of "All my data", each list read a page at a time (keyset on created_at + id, full
 * precision), only the writer's own rows. A piece they commented on or liked is named by its id
 * and its public name (title, else prompt), never by who wrote it.
 */

/** Yields pages of `fetch(after)` until one comes back short; `after` is the last row read. */
export async function* keysetPages<R>(fetch: (after: R | null) => Promise<R[]>, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<R[]> {
  let after: R | null = null;
  for (;;) {
    const page = await fetch(after);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page.at(-1) ?? null;
  }
}

const after = (created: SQL, id: SQL, row: { c: string; id: string } | null) => (row ? sql`(${created}, ${id}) > (${row.c}::timestamptz, ${row.id}::uuid)` : undefined);
const publicName = (r: { pieceTitle: string | null; promptText: string; promptKind: PromptKind }) => pieceName(r.pieceTitle, { text: r.promptText, kind: r.promptKind });

export async function profileOf(db: Queryable, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const [prefs] = await db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId)).limit(1);
  const achievements = await db.select().from(userAchievements).where(eq(userAchievements.userId, userId)).orderBy(asc(userAchievements.achievedAt));
  return { user: user ?? null, prefs: prefs ?? null, achievements };
}

/** My comments (submission_comments_user_idx), with the piece each is on. */
export function myComments(db: Queryable, userId: string) {
  return keysetPages(async (last: { c: string; id: string } | null) => {
    const rows = await db
      .select({ id: submissionComments.id, c: sql<string>`${submissionComments.createdAt}::text`, createdAt: submissionComments.createdAt, text: submissionComments.content, pieceId: submissions.id, pieceTitle: submissions.title, promptText: prompts.text, promptKind: prompts.kind })
      .from(submissionComments)
      .innerJoin(submissions, eq(submissions.id, submissionComments.submissionId))
      .innerJoin(prompts, eq(prompts.id, submissions.promptId))
      .where(and(eq(submissionComments.userId, userId), after(sql`${submissionComments.createdAt}`, sql`${submissionComments.id}`, last)))
      .orderBy(asc(submissionComments.createdAt), asc(submissionComments.id))
      .limit(EXPORT_PAGE_SIZE);
    return rows.map((r) => ({ ...r, pieceName: publicName(r) }));
  });
}

/** My likes (submission_likes_user_idx), each with the piece liked. */
export function myLikes(db: Queryable, userId: string) {
  return keysetPages(async (last: { c: string; id: string } | null) => {
    const rows = await db
      .select({ id: submissionLikes.submissionId, c: sql<string>`${submissionLikes.createdAt}::text`, createdAt: submissionLikes.createdAt, pieceTitle: submissions.title, promptText: prompts.text, promptKind: prompts.kind })
      .from(submissionLikes)
      .innerJoin(submissions, eq(submissions.id, submissionLikes.submissionId))
      .innerJoin(prompts, eq(prompts.id, submissions.promptId))
      .where(and(eq(submissionLikes.userId, userId), after(sql`${submissionLikes.createdAt}`, sql`${submissionLikes.submissionId}`, last)))
      .orderBy(asc(submissionLikes.createdAt), asc(submissionLikes.submissionId))
      .limit(EXPORT_PAGE_SIZE);
    return rows.map((r) => ({ ...r, pieceName: publicName(r) }));
  });
}

/** Reports I filed. (reports has no index on reporter_id alone: a writer files few; see the report.) */
export function myReports(db: Queryable, userId: string) {
  return keysetPages((last: { c: string; id: string } | null) =>
    db
      .select({ id: reports.id, c: sql<string>`${reports.createdAt}::text`, createdAt: reports.createdAt, itemKind: reports.itemKind, itemId: reports.itemId, reason: reports.reason, note: reports.note, status: reports.status, outcome: reports.outcome })
      .from(reports)
      .where(and(eq(reports.reporterId, userId), after(sql`${reports.createdAt}`, sql`${reports.id}`, last)))
      .orderBy(asc(reports.createdAt), asc(reports.id))
      .limit(EXPORT_PAGE_SIZE),
  );
}

/** Share links of my pieces (share_links_submission_idx, per piece through my pieces). */
export function myShareLinks(db: Queryable, userId: string) {
  return keysetPages((last: { c: string; id: string } | null) =>
    db
      .select({ id: shareLinks.id, c: sql<string>`${shareLinks.createdAt}::text`, createdAt: shareLinks.createdAt, pieceId: shareLinks.submissionId, token: shareLinks.token, expiresAt: shareLinks.expiresAt })
      .from(shareLinks)
      .innerJoin(submissions, eq(submissions.id, shareLinks.submissionId))
      .where(and(eq(submissions.userId, userId), after(sql`${shareLinks.createdAt}`, sql`${shareLinks.id}`, last)))
      .orderBy(asc(shareLinks.createdAt), asc(shareLinks.id))
      .limit(EXPORT_PAGE_SIZE),
  );
}

/** The days I wrote on, oldest first (an index-only read of submissions_user_local_date_idx). */
export function myDays(db: Queryable, userId: string) {
  return keysetPages(async (last: { day: string } | null) =>
    db
      .selectDistinct({ day: submissions.localDate })
      .from(submissions)
      .where(and(eq(submissions.userId, userId), last ? sql`${submissions.localDate} > ${last.day}::date` : undefined))
      .orderBy(asc(submissions.localDate))
      .limit(EXPORT_PAGE_SIZE * 5),
  EXPORT_PAGE_SIZE * 5);
}
