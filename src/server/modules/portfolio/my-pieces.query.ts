import { escapeLike } from "../../db/query-parts.ts";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { PORTFOLIO_EXCERPT_CHARS, PORTFOLIO_MESSAGES, type PortfolioItem, type PortfolioPage, type PortfolioSort } from "#shared/schemas/portfolio.ts";
import type { Db } from "../../db/client.ts";
import { prompts, submissions } from "../../db/schema/index.ts";
import { cursorId, keyTimeSql } from "../../db/keyset.ts";
import { cursorCodec, cursorInt, cursorTime } from "../../http/cursor.ts";

// The writer's own pieces: search and sort in PostgreSQL over all of them, keyset paging.

/** Once a private version exists, its title is authoritative, even when the writer removed it (null). */
const shownTitle = sql<string | null>`(case when ${submissions.privateContent} is not null then ${submissions.privateTitle} else ${submissions.title} end)`;
const shownContent = sql<string>`coalesce(${submissions.privateContent}, ${submissions.content})`;
const shownWords = sql<number>`coalesce(${submissions.privateWordCount}, ${submissions.wordCount})`.mapWith(Number);
/** Untitled pieces sort after titled ones. */
const titleMissing = sql<number>`(case when ${shownTitle} is null then 1 else 0 end)`.mapWith(Number);
const titleKey = sql<string>`lower(coalesce(${shownTitle}, ''))`;
/** Full precision (microseconds) so the cursor never skips or repeats a row. */
const createdText = keyTimeSql(submissions.createdAt);

/** One codec per sort: a cursor names its sort, so a page of one order cannot continue another. */
const cursors = {
  recent: cursorCodec(z.object({ s: z.literal("recent"), c: cursorTime, i: cursorId }), PORTFOLIO_MESSAGES.invalidCursor),
  title: cursorCodec(z.object({ s: z.literal("title"), m: z.number().int().min(0).max(1), t: z.string().max(1000), i: cursorId }), PORTFOLIO_MESSAGES.invalidCursor),
  words: cursorCodec(z.object({ s: z.literal("words"), w: cursorInt, c: cursorTime, i: cursorId }), PORTFOLIO_MESSAGES.invalidCursor),
};

/** The rows after a cursor, in the page order of its sort (a 422 for a cursor this server did not write). */
function afterCursor(sort: PortfolioSort, raw: string): SQL {
  if (sort === "title") {
    const c = cursors.title.decode(raw);
    return sql`(${titleMissing}, ${titleKey}, ${submissions.id}) > (${c.m}::int, ${c.t}::text, ${c.i}::uuid)`;
  }
  if (sort === "words") {
    const c = cursors.words.decode(raw);
    return sql`(${shownWords}, ${submissions.createdAt}, ${submissions.id}) < (${c.w}::int, ${c.c}::timestamptz, ${c.i}::uuid)`;
  }
  const c = cursors.recent.decode(raw);
  return sql`(${submissions.createdAt}, ${submissions.id}) < (${c.c}::timestamptz, ${c.i}::uuid)`;
}

/** The cursor of the page after the one ending with `last`. */
function cursorAfter(sort: PortfolioSort, last: { id: string; createdText: string; titleMissing: number; titleKey: string; wordCount: number }): string {
  if (sort === "title") return cursors.title.encode({ s: "title", m: last.titleMissing, t: last.titleKey, i: last.id });
  if (sort === "words") return cursors.words.encode({ s: "words", w: last.wordCount, c: last.createdText, i: last.id });
  return cursors.recent.encode({ s: "recent", c: last.createdText, i: last.id });
}

type PortfolioQueryOptions = { q?: string | undefined; sort: PortfolioSort; cursor?: string | undefined; limit: number };

/** The query behind one portfolio page (limit + 1 rows, to know whether there is a next page); exported for EXPLAIN tests. */
export function portfolioPageQuery(db: Db, userId: string, opts: PortfolioQueryOptions) {
  const where: SQL[] = [eq(submissions.userId, userId)];
  const q = opts.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    where.push(sql`(${shownTitle} ilike ${pattern} or ${shownContent} ilike ${pattern})`);
  }
  if (opts.cursor) where.push(afterCursor(opts.sort, opts.cursor));
  // NULLS LAST spelled out: submissions_user_created_idx is (user_id, created_at DESC NULLS LAST,
  // id DESC NULLS LAST), and a plain DESC (nulls first) would make PostgreSQL sort every row of the
  // writer instead of reading the index and stopping at the limit.
  const newest = [sql`${submissions.createdAt} desc nulls last`, sql`${submissions.id} desc nulls last`];
  const order: SQL[] =
    opts.sort === "title"
      ? [asc(titleMissing), asc(titleKey), sql`${submissions.id} asc nulls last`]
      : opts.sort === "words"
        ? [sql`${shownWords} desc nulls last`, ...newest]
        : newest;
  return db
    .select({
      id: submissions.id,
      title: shownTitle,
      excerpt: sql<string>`left(${shownContent}, ${PORTFOLIO_EXCERPT_CHARS})`,
      wordCount: shownWords,
      createdAt: submissions.createdAt,
      createdText,
      updatedAt: submissions.updatedAt,
      isPrivate: submissions.isPrivate,
      isFeatured: submissions.isFeatured,
      submissionType: submissions.submissionType,
      edited: sql<boolean>`(${submissions.privateContent} is not null)`.mapWith(Boolean),
      imported: sql<boolean>`(${submissions.importedAt} is not null)`.mapWith(Boolean),
      hiddenAt: submissions.hiddenAt,
      hiddenReason: submissions.hiddenReason,
      titleMissing,
      titleKey,
      prompt: { id: prompts.id, text: prompts.text, date: prompts.date, kind: prompts.kind },
    })
    .from(submissions)
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .where(and(...where))
    .orderBy(...order)
    .limit(opts.limit + 1);
}

export async function listMySubmissions(db: Db, userId: string, opts: PortfolioQueryOptions): Promise<PortfolioPage> {
  const rows = await portfolioPageQuery(db, userId, opts);
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > opts.limit && last ? cursorAfter(opts.sort, last) : null;
  const items: PortfolioItem[] = page.map((r) => ({
    id: r.id,
    title: r.title,
    excerpt: r.excerpt,
    wordCount: r.wordCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    isPrivate: r.isPrivate,
    isFeatured: r.isFeatured,
    submissionType: r.submissionType,
    edited: r.edited,
    imported: r.imported,
    hiddenReason: r.hiddenAt ? (r.hiddenReason ?? "") : null,
    prompt: r.prompt,
  }));
  return { items, nextCursor };
}
