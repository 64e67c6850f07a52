import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { ReportItemKind, ReportOutcome } from "#shared/domain/moderation.ts";
import { MODERATION_MESSAGES, type ReportInput } from "#shared/schemas/moderation.ts";
import { readablePieceSql, readerById, shownCommentSql } from "../../db/audience.ts";
import type { Queryable } from "../../db/client.ts";
import { reports, submissionComments, submissions } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { SessionUser } from "../../http/context.ts";
import { conflict, forbidden, notFound } from "../../http/errors.ts";
import { recordAudit } from "./audit.service.ts";

/*
 * Reports (issue 13 item 1): a signed-in writer reports a public, visible piece or comment of
 * someone else, once while the report is open. The answer never says who wrote the item.
 */

/**
 * Who wrote an item the reporter can see and respond to (public, or in a circle of theirs: issue
 * 29 item 7; not hidden), or null.
 */
export async function visibleItemWriter(q: Queryable, kind: ReportItemKind, id: string, reporterId: string): Promise<string | null> {
  const shown = readablePieceSql(readerById(reporterId), sql`${submissions}`, "respond");
  if (kind === "piece") {
    const [row] = await q
      .select({ writerId: submissions.userId })
      .from(submissions)
      .where(and(eq(submissions.id, id), shown))
      .limit(1);
    return row?.writerId ?? null;
  }
  const [row] = await q
    .select({ writerId: submissionComments.userId })
    .from(submissionComments)
    .innerJoin(submissions, eq(submissions.id, submissionComments.submissionId))
    .where(
      and(
        eq(submissionComments.id, id),
        shownCommentSql(sql`${submissionComments}`),
        shown,
      ),
    )
    .limit(1);
  return row?.writerId ?? null;
}

export async function fileReport(deps: Deps, user: SessionUser, input: { itemKind: ReportItemKind; itemId: string; reason: ReportInput["reason"]; note: string | null }): Promise<{ id: string; message: string }> {
  return deps.db.transaction(async (tx) => {
    const writerId = await visibleItemWriter(tx, input.itemKind, input.itemId, user.id);
    if (!writerId) throw notFound(MODERATION_MESSAGES.itemNotFound, "item_not_found");
    if (writerId === user.id) throw forbidden(MODERATION_MESSAGES.ownContent, "own_content");
    const [row] = await tx
      .insert(reports)
      .values({ reporterId: user.id, itemKind: input.itemKind, itemId: input.itemId, reason: input.reason, note: input.note, createdAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!row) throw conflict(MODERATION_MESSAGES.alreadyReported, "already_reported");
    await deps.realtime.publish(tx, "reports:changed", {});
    return { id: row.id, message: MODERATION_MESSAGES.reportThanks };
  });
}

/** Closes every open report of the items with `outcome`; how many were closed. */
export async function closeReports(q: Queryable, kind: ReportItemKind, ids: string[], outcome: ReportOutcome, adminId: string, now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const closed = await q
    .update(reports)
    .set({ status: "closed", outcome, closedAt: now, closedBy: adminId })
    .where(and(eq(reports.status, "open"), eq(reports.itemKind, kind), inArray(reports.itemId, ids)))
    .returning({ id: reports.id });
  return closed.length;
}

/** Open reports in all (the count on /admin and in the admin menu), through reports_open_created_idx. */
export async function openReportCount(q: Queryable): Promise<number> {
  // Only reports on items that still exist (an account's deletion takes its items without a word).
  const [row] = await q
    .select({ n: count() })
    .from(reports)
    .where(
      and(
        eq(reports.status, "open"),
        sql`(${reports.itemKind} = 'piece' and exists (select 1 from ${submissions} where ${submissions.id} = ${reports.itemId}))
          or (${reports.itemKind} = 'comment' and exists (select 1 from ${submissionComments} where ${submissionComments.id} = ${reports.itemId}))`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * A piece or a comment was deleted outside the queue (by its writer, or by an admin from the page):
 * its open reports close as "deleted" (a piece's with its comments' too), so the queue and its
 * count never hold what no one can act on; an admin's delete of someone else's item goes on the
 * record like a delete from the queue.
 */
export async function itemDeleted(
  q: Queryable,
  item: { kind: ReportItemKind; id: string; writerId: string },
  actor: { id: string; isAdmin: boolean },
  now: Date,
): Promise<boolean> {
  // A piece's comments go with it: their reports too (read before the delete cascades).
  const commentIds =
    item.kind === "piece"
      ? (
          await q
            .select({ id: reports.itemId })
            .from(reports)
            .innerJoin(submissionComments, eq(submissionComments.id, reports.itemId))
            .where(and(eq(reports.status, "open"), eq(reports.itemKind, "comment"), eq(submissionComments.submissionId, item.id)))
        ).map((r) => r.id)
      : [];
  const closed = (await closeReports(q, item.kind, [item.id], "deleted", actor.id, now)) + (await closeReports(q, "comment", commentIds, "deleted", actor.id, now));
  if (actor.isAdmin && actor.id !== item.writerId) {
    await recordAudit(q, { adminId: actor.id, action: "delete", itemKind: item.kind, itemId: item.id, subjectWriterId: item.writerId }, now);
  }
  return closed > 0;
}
