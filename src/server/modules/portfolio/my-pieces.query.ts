import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { isUuid } from "#shared/domain/ids.ts";
import { PORTFOLIO_EXCERPT_CHARS, PORTFOLIO_MESSAGES, type PortfolioItem, type PortfolioPage, type PortfolioSort } from "#shared/schemas/portfolio.ts";
import type { Db } from "../../db/client.ts";
import { prompts, submissions } from "../../db/schema/index.ts";
import { badRequest } from "../../http/errors.ts";

// The writer's own pieces: search and sort in PostgreSQL over all of them, keyset paging.

/** Once a private version exists, its title is authoritative, even when the writer removed it (null). */
const shownTitle = sql<string | null>`(case when ${submissions.privateContent} is not null then ${submissions.privateTitle} else ${submissions.title} end)`;
const shownContent = sql<string>`coalesce(${submissions.privateContent}, ${submissions.content})`;
const shownWords = sql<number>`coalesce(${submissions.privateWordCount}, ${submissions.wordCount})`;
/** Untitled pieces sort after titled ones. */
const titleMissing = sql<number>`(case when ${shownTitle} is null then 1 else 0 end)`;
const titleKey = sql<string>`lower(coalesce(${shownTitle}, ''))`;
/** Full precision (microseconds) so the cursor never skips or repeats a row. */
const createdText = sql<string>`${submissions.createdAt}::text`;

type Cursor = { s: "recent"; c: string; i: string } | { s: "title"; m: number; t: string; i: string } | { s: "words"; w: number; c: string; i: string };

/** A timestamptz as PostgreSQL prints it ("2026-03-01 12:00:00.123456+00"). */
const TIMESTAMP_TEXT_RE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), "utf8").toString("base64url");
}

function decodeCursor(raw: string, sort: PortfolioSort): Cursor {
  const bad = () => badRequest(PORTFOLIO_MESSAGES.invalidCursor, "invalid_cursor");
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw bad();
  }
  const c = value as Record<string, unknown>;
  if (!c || typeof c !== "object" || c.s !== sort || typeof c.i !== "string" || !isUuid(c.i)) throw bad();
  const isTime = (v: unknown) => typeof v === "string" && TIMESTAMP_TEXT_RE.test(v);
  if (sort === "recent" && isTime(c.c)) return c as Cursor;
  if (sort === "title" && (c.m === 0 || c.m === 1) && typeof c.t === "string" && c.t.length <= 1000) return c as Cursor;
  if (sort === "words" && Number.isInteger(c.w) && isTime(c.c)) return c as Cursor;
  throw bad();
}

function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (ch) => `\\${ch}`);
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
  if (opts.cursor) {
    const c = decodeCursor(opts.cursor, opts.sort);
    if (c.s === "recent") where.push(sql`(${submissions.createdAt}, ${submissions.id}) < (${c.c}::timestamptz, ${c.i}::uuid)`);
    if (c.s === "title") where.push(sql`(${titleMissing}, ${titleKey}, ${submissions.id}) > (${c.m}::int, ${c.t}::text, ${c.i}::uuid)`);
    if (c.s === "words") where.push(sql`(${shownWords}, ${submissions.createdAt}, ${submissions.id}) < (${c.w}::int, ${c.c}::timestamptz, ${c.i}::uuid)`);
  }
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
      edited: sql<boolean>`(${submissions.privateContent} is not null)`,
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
  let nextCursor: string | null = null;
  if (rows.length > opts.limit && last) {
    const wc = Number(last.wordCount);
    nextCursor = encodeCursor(
      opts.sort === "title"
        ? { s: "title", m: Number(last.titleMissing), t: last.titleKey, i: last.id }
        : opts.sort === "words"
          ? { s: "words", w: wc, c: last.createdText, i: last.id }
          : { s: "recent", c: last.createdText, i: last.id },
    );
  }
  const items: PortfolioItem[] = page.map((r) => ({
    id: r.id,
    title: r.title,
    excerpt: r.excerpt,
    wordCount: Number(r.wordCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    isPrivate: r.isPrivate,
    isFeatured: r.isFeatured,
    submissionType: r.submissionType,
    edited: Boolean(r.edited),
    prompt: r.prompt,
  }));
  return { items, nextCursor };
}
