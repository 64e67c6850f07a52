import { escapeLike } from "../../db/query-parts.ts";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { PORTFOLIO_EXCERPT_CHARS, PORTFOLIO_MESSAGES, type PortfolioItem, type PortfolioPage, type PortfolioSort } from "#shared/schemas/portfolio.ts";
import { SIGNATURES } from "#shared/domain/author.ts";
import { PROMPT_KINDS } from "#shared/domain/prompt-choice.ts";
import type { Db } from "../../db/client.ts";
import { FixedStatement, fixedRows, timestampColumn, typedRows } from "../../db/typed-rows.ts";
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

/** A cursor's values, as the statement's parameters take them (a 422 for a cursor this server did not write). */
function cursorValues(sort: PortfolioSort, raw: string): Record<string, string> {
  if (sort === "title") {
    const c = cursors.title.decode(raw);
    return { m: String(c.m), t: c.t, i: c.i };
  }
  if (sort === "words") {
    const c = cursors.words.decode(raw);
    return { w: String(c.w), c: c.c, i: c.i };
  }
  const c = cursors.recent.decode(raw);
  return { c: c.c, i: c.i };
}

/** Which of a cursor's values each sort's statement takes. */
const CURSOR_KEYS = { recent: ["c", "i"], title: ["m", "t", "i"], words: ["w", "c", "i"] } as const satisfies Record<PortfolioSort, readonly string[]>;

/** The rows after a cursor `v`, in the page order of its sort. */
function afterCursor(sort: PortfolioSort, v: Record<string, string | undefined>): SQL {
  if (sort === "title") return sql`(${titleMissing}, ${titleKey}, ${submissions.id}) > (${v.m}::int, ${v.t}::text, ${v.i}::uuid)`;
  if (sort === "words") return sql`(${shownWords}, ${submissions.createdAt}, ${submissions.id}) < (${v.w}::int, ${v.c}::timestamptz, ${v.i}::uuid)`;
  return sql`(${submissions.createdAt}, ${submissions.id}) < (${v.c}::timestamptz, ${v.i}::uuid)`;
}

/** The cursor of the page after the one ending with `last`. */
function cursorAfter(sort: PortfolioSort, last: { id: string; createdText: string; titleMissing: number; titleKey: string; wordCount: number }): string {
  if (sort === "title") return cursors.title.encode({ s: "title", m: last.titleMissing, t: last.titleKey, i: last.id });
  if (sort === "words") return cursors.words.encode({ s: "words", w: last.wordCount, c: last.createdText, i: last.id });
  return cursors.recent.encode({ s: "recent", c: last.createdText, i: last.id });
}

type PortfolioQueryOptions = { q?: string | undefined; sort: PortfolioSort; cursor?: string | undefined; limit: number };

const pageRow = z.object({
  id: z.string(),
  title: z.string().nullable(),
  excerpt: z.string(),
  word_count: z.coerce.number(),
  created_at: timestampColumn,
  created_text: z.string(),
  updated_at: timestampColumn,
  is_private: z.boolean(),
  is_featured: z.boolean(),
  submission_type: z.enum(SIGNATURES),
  edited: z.boolean(),
  imported: z.boolean(),
  hidden_at: timestampColumn.nullable(),
  hidden_reason: z.string().nullable(),
  title_missing: z.coerce.number(),
  title_key: z.string(),
  prompt_id: z.string(),
  prompt_text: z.string(),
  prompt_date: z.string().nullable(),
  prompt_kind: z.enum(PROMPT_KINDS),
});

/**
 * The statement of one portfolio page (limit + 1 rows, to know whether there is a next page), its
 * values as parameters: `v` holds userId, limit and, `after` a cursor, the cursor's values
 * (cursorValues); `pattern` a search's ILIKE pattern. Raw SQL over Drizzle's columns: the select
 * builder took about 0.45 ms of CPU to build this statement at every request (issue 28 item 2).
 */
function pageSql(sort: PortfolioSort, v: Record<string, string | undefined>, after: boolean, pattern?: string): SQL {
  const where: SQL[] = [sql`${submissions.userId} = ${v.userId}::uuid`];
  if (pattern !== undefined) where.push(sql`(${shownTitle} ilike ${pattern} or ${shownContent} ilike ${pattern})`);
  if (after) where.push(afterCursor(sort, v));
  // NULLS LAST spelled out: submissions_user_created_idx is (user_id, created_at DESC NULLS LAST,
  // id DESC NULLS LAST), and a plain DESC (nulls first) would make PostgreSQL sort every row of the
  // writer instead of reading the index and stopping at the limit.
  const newest = [sql`${submissions.createdAt} desc nulls last`, sql`${submissions.id} desc nulls last`];
  const order: SQL[] =
    sort === "title"
      ? [sql`${titleMissing} asc`, sql`${titleKey} asc`, sql`${submissions.id} asc nulls last`]
      : sort === "words"
        ? [sql`${shownWords} desc nulls last`, ...newest]
        : newest;
  return sql`select ${submissions.id} as id, ${shownTitle} as title, left(${shownContent}, ${PORTFOLIO_EXCERPT_CHARS}) as excerpt,
      ${shownWords} as word_count, ${submissions.createdAt} as created_at, ${createdText} as created_text,
      ${submissions.updatedAt} as updated_at, ${submissions.isPrivate} as is_private, ${submissions.isFeatured} as is_featured,
      ${submissions.submissionType} as submission_type, (${submissions.privateContent} is not null) as edited,
      (${submissions.importedAt} is not null) as imported, ${submissions.hiddenAt} as hidden_at, ${submissions.hiddenReason} as hidden_reason,
      ${titleMissing} as title_missing, ${titleKey} as title_key,
      ${prompts.id} as prompt_id, ${prompts.text} as prompt_text, ${prompts.date}::text as prompt_date, ${prompts.kind} as prompt_kind
    from ${submissions} inner join ${prompts} on ${prompts.id} = ${submissions.promptId}
    where ${sql.join(where, sql` and `)}
    order by ${sql.join(order, sql`, `)}
    limit ${v.limit}`;
}

/**
 * A page without a search, one statement per sort and per first or later page, built by Drizzle
 * once (FixedStatement): building it was about a tenth of a portfolio answer's CPU (issue 28
 * item 2). A search's statement changes with its words and is built each time (pageSql).
 */
const fixedPages = (after: boolean) =>
  Object.fromEntries(
    (["recent", "title", "words"] as const).map((sort) => {
      const keys = ["userId", "limit", ...(after ? CURSOR_KEYS[sort] : [])];
      return [sort, new FixedStatement(keys, (v) => pageSql(sort, v, after))];
    }),
  ) as Record<PortfolioSort, FixedStatement<string>>;
const FIRST_PAGES = fixedPages(false);
const LATER_PAGES = fixedPages(true);

/** The values of a page's statement (a cursor's decoded: a 422 for one this server did not write). */
function pageValues(userId: string, opts: PortfolioQueryOptions): Record<string, string> {
  return { userId, limit: String(opts.limit + 1), ...(opts.cursor ? cursorValues(opts.sort, opts.cursor) : {}) };
}

/** The query behind one portfolio page, with its values in place; exported for EXPLAIN tests. */
export function portfolioPageQuery(userId: string, opts: PortfolioQueryOptions): SQL {
  const q = opts.q?.trim();
  return pageSql(opts.sort, pageValues(userId, opts), Boolean(opts.cursor), q ? `%${escapeLike(q)}%` : undefined);
}

export async function listMySubmissions(db: Db, userId: string, opts: PortfolioQueryOptions): Promise<PortfolioPage> {
  // Prepared (planned once per connection: db/typed-rows.ts) but for a search, whose plan depends on the words.
  const rows = opts.q?.trim()
    ? await typedRows(db, portfolioPageQuery(userId, opts), pageRow)
    : await fixedRows(db, (opts.cursor ? LATER_PAGES : FIRST_PAGES)[opts.sort], pageValues(userId, opts), pageRow);
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > opts.limit && last
      ? cursorAfter(opts.sort, { id: last.id, createdText: last.created_text, titleMissing: last.title_missing, titleKey: last.title_key, wordCount: last.word_count })
      : null;
  const items: PortfolioItem[] = page.map((r) => ({
    id: r.id,
    title: r.title,
    excerpt: r.excerpt,
    wordCount: r.word_count,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    isPrivate: r.is_private,
    isFeatured: r.is_featured,
    submissionType: r.submission_type,
    edited: r.edited,
    imported: r.imported,
    hiddenReason: r.hidden_at ? (r.hidden_reason ?? "") : null,
    prompt: { id: r.prompt_id, text: r.prompt_text, date: r.prompt_date, kind: r.prompt_kind },
  }));
  return { items, nextCursor };
}
