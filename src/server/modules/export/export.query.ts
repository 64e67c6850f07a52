import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { keyTimeSql } from "../../db/keyset.ts";
import { pieceVersionColumns } from "../../db/piece-versions.ts";
import { prompts, submissions } from "../../db/schema/index.ts";

/*
 * The writer's own pieces for an export, read a page at a time with keyset paging: an export
 * of 10,000 pieces never holds more than one page of them. Only ever `userId`'s own pieces
 * (hidden ones too: they are theirs).
 */

/** Pieces per page an export reads. */
export const EXPORT_PAGE_SIZE = 200;

const columns = {
  ...pieceVersionColumns,
  localDate: submissions.localDate,
  isPrivate: submissions.isPrivate,
  isFeatured: submissions.isFeatured,
  signature: submissions.submissionType,
  authorAlias: submissions.authorAlias,
  likeCount: submissions.likeCount,
  commentCount: submissions.commentCount,
  contentWarning: submissions.contentWarning,
  hiddenAt: submissions.hiddenAt,
  createdAt: submissions.createdAt,
  updatedAt: submissions.updatedAt,
  /** Full precision (microseconds) so the keyset never skips or repeats a row. */
  createdText: keyTimeSql(submissions.createdAt),
  promptText: prompts.text,
  promptDate: prompts.date,
  promptKind: prompts.kind,
  /** The circles the piece is shared with (issue 29 item 3), by name: the archive records its audience. */
  circleNames: sql<string[]>`coalesce((select array_agg(c.name order by c.name) from piece_circles pc join circles c on c.id = pc.circle_id where pc.submission_id = ${submissions.id}), '{}')`,
};

export type ExportPiece = Awaited<ReturnType<typeof pieceQuery>>[number];

function pieceQuery(db: Queryable, where: SQL | undefined, order: SQL[], limit: number) {
  return db
    .select(columns)
    .from(submissions)
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

/**
 * Newest first, through submissions_user_created_idx (user_id, created_at DESC, id DESC): each
 * page starts where the last one ended. For the Markdown archive and the JSON export.
 */
export async function* newestPieces(db: Queryable, userId: string, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportPiece[]> {
  let after: { c: string; i: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after ? sql`(${submissions.createdAt}, ${submissions.id}) < (${after.c}::timestamptz, ${after.i}::uuid)` : undefined;
    const page = await pieceQuery(db, and(eq(submissions.userId, userId), keyset), [sql`${submissions.createdAt} desc nulls last`, sql`${submissions.id} desc nulls last`], pageSize);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = { c: last.createdText, i: last.id };
  }
}

/**
 * Oldest first by the writer's own day, within [first, next) (null: no bound), through
 * submissions_user_local_date_idx (user_id, local_date). For the EPUB: chapters by month.
 */
export async function* piecesByDay(db: Queryable, userId: string, first: string | null, next: string | null, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportPiece[]> {
  let after: { d: string; c: string; i: string } | null = null;
  const range = and(eq(submissions.userId, userId), first ? gte(submissions.localDate, first) : undefined, next ? lt(submissions.localDate, next) : undefined);
  for (;;) {
    const keyset: SQL | undefined = after
      ? and(gte(submissions.localDate, after.d), sql`(${submissions.localDate}, ${submissions.createdAt}, ${submissions.id}) > (${after.d}::date, ${after.c}::timestamptz, ${after.i}::uuid)`)
      : undefined;
    const page = await pieceQuery(db, and(range, keyset), [sql`${submissions.localDate} asc`, sql`${submissions.createdAt} asc`, sql`${submissions.id} asc`], pageSize);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = { d: last.localDate, c: last.createdText, i: last.id };
  }
}

/** One of the writer's own pieces, or null (someone else's piece is as missing as no piece). */
export async function ownPiece(db: Queryable, userId: string, id: string): Promise<ExportPiece | null> {
  const [row] = await pieceQuery(db, and(eq(submissions.userId, userId), eq(submissions.id, id)), [], 1);
  return row ?? null;
}
