import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { authorLabel, commenterLabel, displayName } from "#shared/domain/author.ts";
import type { ReportItemKind } from "#shared/domain/moderation.ts";
import type { QueueItem, ReportQueuePage } from "#shared/schemas/moderation.ts";
import { moderatablePieceSql } from "../../db/audience.ts";
import type { Queryable } from "../../db/client.ts";
import { reports, submissionComments, submissions, users } from "../../db/schema/index.ts";
import { ADMIN_MESSAGES } from "#shared/schemas/admin.ts";
import { keyTimeSql, newestFirstPager } from "../../db/keyset.ts";
import { typedRows } from "../../db/typed-rows.ts";
import { recordIdentitySight } from "./audit.service.ts";

/*
 * The admin queue (issue 13 item 2): items with open reports, the item with the newest report
 * first, keyset paged on (newest report, item id). Bounded by the open reports (read through the
 * partial index reports_open_item_idx), which admins keep few by acting on them.
 */

export const QUEUE_PAGE_SIZE = 20;
/** The newest reports shown per item (the count says how many there are). */
export const QUEUE_REPORTS_PER_ITEM = 20;

const groupRow = z.object({
  item_kind: z.enum(["piece", "comment"]),
  id: z.string(),
  n: z.coerce.number(),
  latest_at: z.coerce.date(),
  cursorTs: z.string(),
});

const queuePager = newestFirstPager(QUEUE_PAGE_SIZE, ADMIN_MESSAGES.invalidCursor);

async function openGroups(db: Queryable, cursor: string | undefined) {
  const older = queuePager.olderThan(sql`latest_at`, sql`item_id`, queuePager.decode(cursor));
  return typedRows(
    db,
    sql`
      with items as (
        select item_kind, item_id, max(created_at) as latest_at, count(*)::int as n
        from ${reports} where status = 'open' group by item_kind, item_id
      )
      select item_kind, item_id::text as id, n, latest_at, ${keyTimeSql(sql`latest_at`)} as "cursorTs"
      from items ${older ? sql`where ${older}` : sql``}
      order by latest_at desc, item_id desc
      limit ${queuePager.limit}`,
    groupRow,
  );
}

/** Items hidden now, most recently hidden first, through submissions_hidden_idx and submission_comments_hidden_idx. */
async function hiddenGroups(db: Queryable, cursor: string | undefined) {
  const after = queuePager.decode(cursor);
  const older = (t: string) => {
    const cond = queuePager.olderThan(sql.raw(`${t}.hidden_at`), sql.raw(`${t}.id`), after);
    return cond ? sql`and ${cond}` : sql``;
  };
  const limit = queuePager.limit;
  return typedRows(
    db,
    sql`
      select item_kind, id::text as id, 0 as n, hidden_at as latest_at, ${keyTimeSql(sql`hidden_at`)} as "cursorTs"
      from (
        (select 'piece' as item_kind, s.id, s.hidden_at from ${submissions} s
          where s.hidden_at is not null ${older("s")} order by s.hidden_at desc, s.id desc limit ${limit})
        union all
        (select 'comment' as item_kind, c.id, c.hidden_at from ${submissionComments} c
          where c.hidden_at is not null ${older("c")} order by c.hidden_at desc, c.id desc limit ${limit})
      ) h
      order by hidden_at desc, id desc
      limit ${limit}`,
    groupRow,
  );
}

interface ItemDetail {
  pieceId: string;
  title: string | null;
  text: string;
  authorLabel: string;
  author: { id: string; name: string; email: string };
  hidden: { at: string; reason: string } | null;
  /** The label hides who wrote it (anonymous or alias): seeing `author` is recorded. */
  masked: boolean;
}

const hiddenOf = (at: Date | null, reason: string | null) => (at ? { at: at.toISOString(), reason: reason ?? "" } : null);

async function pieceDetails(db: Queryable, ids: string[]): Promise<Map<string, ItemDetail>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: submissions.id,
      title: submissions.title,
      content: submissions.content,
      submissionType: submissions.submissionType,
      alias: submissions.authorAlias,
      hiddenAt: submissions.hiddenAt,
      hiddenReason: submissions.hiddenReason,
      userId: users.id,
      name: users.name,
      email: users.email,
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(and(inArray(submissions.id, ids), moderatablePieceSql(sql`${submissions}`)));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        pieceId: r.id,
        title: r.title,
        text: r.content,
        authorLabel: authorLabel(r.submissionType, r.name, r.alias),
        author: { id: r.userId, name: displayName(r.name), email: r.email },
        hidden: hiddenOf(r.hiddenAt, r.hiddenReason),
        masked: r.submissionType !== "name",
      },
    ]),
  );
}

async function commentDetails(db: Queryable, ids: string[]): Promise<Map<string, ItemDetail>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: submissionComments.id,
      content: submissionComments.content,
      hiddenAt: submissionComments.hiddenAt,
      hiddenReason: submissionComments.hiddenReason,
      pieceId: submissions.id,
      pieceTitle: submissions.title,
      pieceWriterId: submissions.userId,
      signature: submissions.submissionType,
      pieceAlias: submissions.authorAlias,
      userId: users.id,
      name: users.name,
      alias: users.alias,
      email: users.email,
    })
    .from(submissionComments)
    .innerJoin(submissions, eq(submissions.id, submissionComments.submissionId))
    .innerJoin(users, eq(users.id, submissionComments.userId))
    .where(inArray(submissionComments.id, ids));
  return new Map(
    rows.map((r) => {
      const isWriter = r.userId === r.pieceWriterId;
      const label = commenterLabel({ name: r.name, alias: r.alias }, { isWriter, signature: r.signature, alias: r.pieceAlias });
      return [
        r.id,
        {
          pieceId: r.pieceId,
          title: r.pieceTitle,
          text: r.content,
          authorLabel: label,
          author: { id: r.userId, name: displayName(r.name), email: r.email },
          hidden: hiddenOf(r.hiddenAt, r.hiddenReason),
          masked: label !== displayName(r.name),
        },
      ];
    }),
  );
}

async function openReportsOf(db: Queryable, kind: ReportItemKind, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: reports.id, itemId: reports.itemId, reason: reports.reason, note: reports.note, createdAt: reports.createdAt })
    .from(reports)
    .where(and(eq(reports.status, "open"), eq(reports.itemKind, kind), inArray(reports.itemId, ids)))
    .orderBy(sql`${reports.createdAt} desc`)
    .limit(ids.length * QUEUE_REPORTS_PER_ITEM);
}

/** One page of the queue for `adminId`; the sight of a hidden identity goes into the audit log. */
export async function listQueue(db: Queryable, adminId: string, view: "open" | "hidden", cursor: string | undefined, now: Date): Promise<ReportQueuePage> {
  const groups = view === "open" ? await openGroups(db, cursor) : await hiddenGroups(db, cursor);
  const { page, nextCursor } = queuePager.page(groups);
  const ids = (kind: ReportItemKind) => page.filter((g) => g.item_kind === kind).map((g) => g.id);
  const [pieces, comments, pieceReports, commentReports] = await Promise.all([
    pieceDetails(db, ids("piece")),
    commentDetails(db, ids("comment")),
    openReportsOf(db, "piece", ids("piece")),
    openReportsOf(db, "comment", ids("comment")),
  ]);
  const allReports = [...pieceReports, ...commentReports];
  const items: QueueItem[] = [];
  const sights: { kind: ReportItemKind; id: string; writerId: string }[] = [];
  for (const g of page) {
    const detail = (g.item_kind === "piece" ? pieces : comments).get(g.id);
    // An item deleted outside the queue (by its writer) keeps no open report for long: skipped here.
    if (!detail) continue;
    if (detail.masked) sights.push({ kind: g.item_kind, id: g.id, writerId: detail.author.id });
    const { masked: _masked, ...shown } = detail;
    items.push({
      itemKind: g.item_kind,
      itemId: g.id,
      ...shown,
      count: g.n,
      latestAt: g.latest_at.toISOString(),
      reports: allReports
        .filter((r) => r.itemId === g.id)
        .slice(0, QUEUE_REPORTS_PER_ITEM)
        .map((r) => ({ id: r.id, reason: r.reason, note: r.note, createdAt: r.createdAt.toISOString() })),
    });
  }
  await recordIdentitySight(db, adminId, sights, now);
  return { items, nextCursor };
}
