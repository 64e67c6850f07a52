import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  COMMENTS_LIMIT,
  COMMUNITY_FEED_LIMIT,
  COMMUNITY_PAGE_SIZE,
  COMMUNITY_PREVIEW_CHARS,
  PROMPT_HISTORY_LIMIT,
  THIS_WEEK_DAYS,
} from "#shared/constants.ts";
import { authorLabel, type Signature } from "#shared/domain/author.ts";
import { localDate } from "#shared/domain/dates.ts";
import { currentStreakAsOf } from "#shared/domain/streaks.ts";
import {
  COMMUNITY_MESSAGES,
  type CommentList,
  type CommunityFeedPage,
  type CommunityPiece,
  type CommunityPieceDetail,
  type FeedQuery,
  type LikeResult,
  type PieceAuthor,
  type PieceComment,
  type PromptHistory,
} from "#shared/schemas/community.ts";
import type { Db, Queryable } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, forbidden, notFound } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";

/*
 * The community feed (docs/decisions/005-community-feed.md).
 *
 * A view (prompt filter + response filter + search) is THE 200 NEWEST PUBLIC PIECES THAT MATCH
 * IT; the sort only orders that set. Pages of 30 are read with a keyset cursor that also pins
 * the view's newest piece (its "head"), so pieces published while a reader scrolls never enter
 * the view they are paging through (they are announced by the "new pieces" bar instead), and
 * nothing is served twice or skipped. Every query reads at most 200 candidate rows through an
 * index: submissions_public_created_idx, submissions_prompt_created_idx (prompt filters),
 * submissions_featured_idx (Editor's Picks) or the GIN index submissions_search_idx (search).
 */

type Row = Record<string, unknown>;

async function rows(q: Queryable, query: SQL): Promise<Row[]> {
  const result = (await q.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
const num = (v: unknown): number => Number(v ?? 0);

/* ----------------------------------------------------------------------------- search -- */

/** Words of a search, letters and digits only, so they are safe to join into a tsquery. */
export function searchTerms(q: string, max = 8): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, max);
}

/** "quiet room" -> "quiet:* & room:*": every word must appear, as a word or a word's start. */
export function toPrefixQuery(terms: string[]): string {
  return terms.map((t) => `${t}:*`).join(" & ");
}

/**
 * The search condition. The expression is written exactly as in the GIN index
 * submissions_search_idx (`to_tsvector('simple', coalesce(title, '') || ' ' || content)`, with
 * the configuration as a literal, not a parameter) so PostgreSQL can use the index.
 */
export const searchMatches = (tsquery: string) =>
  sql`to_tsvector('simple', coalesce(s.title, '') || ' ' || s.content) @@ to_tsquery('simple', ${tsquery})`;

/* ----------------------------------------------------------------------------- cursor -- */

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;
const keyTime = z.string().regex(TIMESTAMP_TEXT);
const cursorSchema = z.object({
  /** The view's head: created_at (full precision, as text) and id of its newest piece. */
  h: z.tuple([keyTime, z.uuid()]),
  /** The last piece served: its sort value, created_at text and id. */
  k: z.tuple([z.union([z.number().int(), z.string().max(300), z.null()]), keyTime, z.uuid()]),
  /** How many pieces of the view were served before this page (caps Recent at 200). */
  n: z.number().int().min(0).max(COMMUNITY_FEED_LIMIT),
});
type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

export function decodeCursor(raw: string, sort: FeedQuery["sort"]): Cursor {
  let parsed: Cursor;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    throw badRequest(COMMUNITY_MESSAGES.badCursor, "invalid_cursor");
  }
  const v = parsed.k[0];
  const ok = sort === "recent" ? v === null : sort === "author" ? typeof v === "string" : typeof v === "number";
  if (!ok) throw badRequest(COMMUNITY_MESSAGES.badCursor, "invalid_cursor");
  return parsed;
}

/* ------------------------------------------------------------------------ feed query -- */

/** The author label as SQL, the same rule as authorLabel() in shared/domain/author.ts. */
const LABEL_SQL = sql.raw(
  `case w.submission_type when 'name' then coalesce(nullif(btrim(u.name), ''), 'Writer') when 'alias' then coalesce(nullif(btrim(u.alias), ''), 'Anonymous') else 'Anonymous' end`,
);

const SORTS = {
  recent: { key: sql.raw(`null::text`), order: sql.raw(`r.created_at desc, r.id desc`) },
  liked: { key: sql.raw(`w.like_count`), order: sql.raw(`r.k desc, r.created_at desc, r.id desc`) },
  longest: { key: sql.raw(`w.word_count`), order: sql.raw(`r.k desc, r.created_at desc, r.id desc`) },
  // Label, case-insensitive, byte order (the same on every server), then newest first.
  author: { key: sql`lower(${LABEL_SQL}) collate "C"`, order: sql.raw(`r.k asc, r.created_at desc, r.id desc`) },
} as const;

function afterCursor(sort: FeedQuery["sort"], k: Cursor["k"]): SQL {
  const [v, t, id] = k;
  const older = sql`(r.created_at, r.id) < (${t}::timestamptz, ${id}::uuid)`;
  if (sort === "recent") return older;
  if (sort === "author") return sql`(r.k > ${v}::text collate "C" or (r.k = ${v}::text collate "C" and ${older}))`;
  return sql`(r.k, r.created_at, r.id) < (${v}::int, ${t}::timestamptz, ${id}::uuid)`;
}

export interface FeedRequest extends Omit<FeedQuery, "cursor"> {
  cursor?: string | undefined;
  viewerId: string | null;
  now: Date;
}

/** The view's filters, all on `submissions s`; null when a search has no words (nothing matches). */
function viewConditions(req: FeedRequest): SQL[] | null {
  const where: SQL[] = [sql`s.is_private = false`];
  if (req.prompt === "freewrite") where.push(sql`s.prompt_id = (select id from prompts where kind = 'freewrite' limit 1)`);
  else if (req.prompt !== "all") where.push(sql`s.prompt_id = ${req.prompt}::uuid`);
  if (req.filter === "featured") where.push(sql`s.is_featured = true`);
  if (req.filter === "week") {
    const since = new Date(req.now.getTime() - THIS_WEEK_DAYS * 24 * 60 * 60 * 1000);
    where.push(sql`s.created_at >= ${since.toISOString()}::timestamptz`);
  }
  if (req.q) {
    const terms = searchTerms(req.q);
    if (terms.length === 0) return null;
    where.push(searchMatches(toPrefixQuery(terms)));
  }
  return where;
}

/** The columns of a card, for the page's rows `r` (id, created_at, k). */
function cardColumns(viewerId: string | null, head: SQL): SQL {
  const liked = viewerId
    ? sql`exists (select 1 from submission_likes l where l.submission_id = s.id and l.user_id = ${viewerId}::uuid)`
    : sql`false`;
  return sql`
    select s.id, s.title, left(s.content, ${COMMUNITY_PREVIEW_CHARS}) as preview,
      length(s.content) > ${COMMUNITY_PREVIEW_CHARS} as truncated,
      s.word_count, s.like_count, s.comment_count, s.is_featured, s.submission_type,
      s.created_at, s.created_at::text as created_key, r.k as sort_key,
      p.id as prompt_id, p.text as prompt_text, p.kind as prompt_kind, p.date::text as prompt_date,
      case when s.submission_type = 'name' then u.name end as author_name,
      case when s.submission_type = 'alias' then u.alias end as author_alias,
      case when s.submission_type = 'name' then u.current_streak end as author_streak,
      case when s.submission_type = 'name' then u.last_write_date::text end as author_last_write,
      case when s.submission_type = 'name' then u.time_zone end as author_time_zone,
      ${liked} as liked, ${head}
    from page r
    join submissions s on s.id = r.id
    join prompts p on p.id = s.prompt_id
    join users u on u.id = s.user_id`;
}

/**
 * The SQL of one feed page (exported so scripts/bench/explain.ts can EXPLAIN ANALYZE exactly
 * what the API runs); it returns up to `limit` rows. Null when the search has no words.
 *
 * Recent reads the newest matching pieces straight from the index, after the cursor (nothing
 * newer can slip in between pages), and the cursor counts what was served so the view stops
 * at 200. The other sorts first take the view's 200 newest pieces at or before its head (the
 * newest piece when the first page was read), then order those.
 */
export function feedPageQuery(req: FeedRequest, cursor: Cursor | null, limit = COMMUNITY_PAGE_SIZE + 1): SQL | null {
  const where = viewConditions(req);
  if (!where) return null;

  if (req.sort === "recent") {
    if (cursor) where.push(sql`(s.created_at, s.id) < (${cursor.k[1]}::timestamptz, ${cursor.k[2]}::uuid)`);
    return sql`
      with page as (
        select s.id, s.created_at, null::text as k
        from submissions s
        where ${sql.join(where, sql` and `)}
        order by s.created_at desc nulls last, s.id desc nulls last
        limit ${limit}
      )
      ${cardColumns(req.viewerId, sql`null::text as head_t, null::uuid as head_id`)}
      order by r.created_at desc, r.id desc
    `;
  }

  if (cursor) where.push(sql`(s.created_at, s.id) <= (${cursor.h[0]}::timestamptz, ${cursor.h[1]}::uuid)`);
  const sort = SORTS[req.sort];
  return sql`
    with win as materialized (
      select s.id, s.created_at, s.like_count, s.word_count, s.user_id, s.submission_type
      from submissions s
      where ${sql.join(where, sql` and `)}
      order by s.created_at desc nulls last, s.id desc nulls last
      limit ${COMMUNITY_FEED_LIMIT}
    ),
    head as (
      select w.created_at::text as t, w.id from win w order by w.created_at desc, w.id desc limit 1
    ),
    ranked as (
      select w.id, w.created_at, ${sort.key} as k
      from win w ${req.sort === "author" ? sql`join users u on u.id = w.user_id` : sql``}
    ),
    page as (
      select r.id, r.created_at, r.k from ranked r
      ${cursor ? sql`where ${afterCursor(req.sort, cursor.k)}` : sql``}
      order by ${sort.order}
      limit ${limit}
    )
    ${cardColumns(req.viewerId, sql`(select t from head) as head_t, (select id from head) as head_id`)}
    order by ${sort.order}
  `;
}

/**
 * Only what the signature allows leaves this function: the SQL already nulls the name, alias
 * and streak columns that the signature does not reveal.
 */
function authorFrom(row: Row, today: (timeZone: string) => string): PieceAuthor {
  const signature = row.submission_type as Signature;
  const label = authorLabel(signature, row.author_name as string | null, row.author_alias as string | null);
  let streak: number | null = null;
  if (signature === "name") {
    const tz = (row.author_time_zone as string | null) ?? "UTC";
    streak = currentStreakAsOf(num(row.author_streak), (row.author_last_write as string | null) ?? null, today(tz));
  }
  return { label, signature, streak };
}

/** Each writer's today, computed once per time zone (Intl formatters are costly to build). */
function todayByZone(now: Date): (timeZone: string) => string {
  const memo = new Map<string, string>();
  return (tz) => {
    let d = memo.get(tz);
    if (d === undefined) {
      d = localDate(now, tz);
      memo.set(tz, d);
    }
    return d;
  };
}

function promptFrom(row: Row): CommunityPiece["prompt"] {
  return {
    id: String(row.prompt_id),
    text: String(row.prompt_text),
    kind: row.prompt_kind === "freewrite" ? "freewrite" : "daily",
    date: (row.prompt_date as string | null) ?? null,
  };
}

function pieceFrom(row: Row, today: (timeZone: string) => string): CommunityPiece {
  return {
    id: String(row.id),
    title: (row.title as string | null) ?? null,
    preview: String(row.preview ?? ""),
    truncated: Boolean(row.truncated),
    prompt: promptFrom(row),
    author: authorFrom(row, today),
    isFeatured: Boolean(row.is_featured),
    wordCount: num(row.word_count),
    likeCount: num(row.like_count),
    commentCount: num(row.comment_count),
    likedByMe: Boolean(row.liked),
    createdAt: iso(row.created_at),
  };
}

export async function getFeedPage(db: Db, req: FeedRequest): Promise<CommunityFeedPage> {
  const cursor = req.cursor ? decodeCursor(req.cursor, req.sort) : null;
  const served = cursor?.n ?? 0;
  // A page never runs past the view's 200th piece.
  const size = Math.min(COMMUNITY_PAGE_SIZE, COMMUNITY_FEED_LIMIT - served);
  const query = size > 0 ? feedPageQuery(req, cursor, size + 1) : null;
  if (!query) return { items: [], nextCursor: null };
  const result = await rows(db, query);
  const page = result.slice(0, size);
  const first = page[0];
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (result.length > size && served + size < COMMUNITY_FEED_LIMIT && first && last) {
    const h: Cursor["h"] = cursor?.h ?? (req.sort === "recent" ? [String(first.created_key), String(first.id)] : [String(last.head_t), String(last.head_id)]);
    const v = req.sort === "recent" ? null : req.sort === "author" ? String(last.sort_key) : num(last.sort_key);
    nextCursor = encodeCursor({ h, k: [v, String(last.created_key), String(last.id)], n: served + page.length });
  }
  const today = todayByZone(req.now);
  return { items: page.map((r) => pieceFrom(r, today)), nextCursor };
}

/* ----------------------------------------------------------------------------- piece -- */

export async function getPiece(db: Db, id: string, viewerId: string | null, now: Date): Promise<CommunityPieceDetail> {
  const viewer = viewerId
    ? sql`exists (select 1 from submission_likes l where l.submission_id = s.id and l.user_id = ${viewerId}::uuid)`
    : sql`false`;
  const [row] = await rows(
    db,
    sql`
      select s.id, s.title, s.content, s.word_count, s.like_count, s.comment_count, s.is_featured,
        s.submission_type, s.created_at,
        p.id as prompt_id, p.text as prompt_text, p.kind as prompt_kind, p.date::text as prompt_date,
        case when s.submission_type = 'name' then u.name end as author_name,
        case when s.submission_type = 'alias' then u.alias end as author_alias,
        case when s.submission_type = 'name' then u.current_streak end as author_streak,
        case when s.submission_type = 'name' then u.last_write_date::text end as author_last_write,
        case when s.submission_type = 'name' then u.time_zone end as author_time_zone,
        ${viewer} as liked
      from submissions s
      join prompts p on p.id = s.prompt_id
      join users u on u.id = s.user_id
      where s.id = ${id}::uuid and s.is_private = false
    `,
  );
  if (!row) throw notFound(COMMUNITY_MESSAGES.pieceNotFound);
  return {
    id: String(row.id),
    title: (row.title as string | null) ?? null,
    content: String(row.content),
    prompt: promptFrom(row),
    author: authorFrom(row, todayByZone(now)),
    isFeatured: Boolean(row.is_featured),
    wordCount: num(row.word_count),
    likeCount: num(row.like_count),
    commentCount: num(row.comment_count),
    likedByMe: Boolean(row.liked),
    createdAt: iso(row.created_at),
  };
}

/* ----------------------------------------------------------------------- prompt history -- */

/**
 * Spec §7 prompt history: daily prompts dated up to the viewer's today whose text contains
 * neither "test" nor "draft", with their public response counts, most answered first, then
 * newest. Bounded: the PROMPT_HISTORY_LIMIT most recent such prompts (prompts_date_key), each
 * counted through submissions_prompt_created_idx.
 */
export async function queryPromptHistory(db: Db, today: string): Promise<PromptHistory> {
  const result = await rows(
    db,
    sql`
      select p.id, p.date::text as date, p.text,
        (select count(*)::int from submissions s where s.prompt_id = p.id and s.is_private = false) as response_count
      from (
        select id, date, text from prompts
        where kind = 'daily' and date <= ${today}::date
          and text not ilike '%test%' and text not ilike '%draft%'
        order by date desc
        limit ${PROMPT_HISTORY_LIMIT}
      ) p
      order by response_count desc, p.date desc
    `,
  );
  const [free] = await rows(db, sql`select id from prompts where kind = 'freewrite' limit 1`);
  return {
    prompts: result.map((r) => ({ id: String(r.id), date: String(r.date), text: String(r.text), responseCount: num(r.response_count) })),
    freewritePromptId: free ? String(free.id) : null,
  };
}

/** Counting every prompt's pieces is the feed's heaviest read: keep it until the counts change. */
const HISTORY_CACHE_MS = 60_000;
const COUNT_CHANGING_EVENTS = new Set(["piece:published", "piece:deleted"]);
const historyCaches = new WeakMap<Deps, Map<string, { at: number; value: Promise<PromptHistory> }>>();

/**
 * The prompt history, cached per instance and per "today" for up to a minute, and dropped as
 * soon as any instance publishes or deletes a piece (the live events reach every instance).
 */
export function getPromptHistory(deps: Deps, today: string): Promise<PromptHistory> {
  let cache = historyCaches.get(deps);
  if (!cache) {
    const entries = new Map<string, { at: number; value: Promise<PromptHistory> }>();
    deps.realtime.subscribe((e) => {
      if (COUNT_CHANGING_EVENTS.has(e.type)) entries.clear();
    });
    historyCaches.set(deps, entries);
    cache = entries;
  }
  const now = Date.now();
  const hit = cache.get(today);
  if (hit && now - hit.at < HISTORY_CACHE_MS) return hit.value;
  const value = queryPromptHistory(deps.db, today);
  cache.set(today, { at: now, value });
  value.catch(() => cache.delete(today));
  return value;
}

/* ------------------------------------------------------------------------------ likes -- */

/**
 * Like or unlike, idempotent: the piece's row is locked first, so concurrent requests take
 * turns; the counter moves only when a like row was really inserted or deleted, in the same
 * transaction, and the answer carries the true count.
 */
export async function setLike(deps: Deps, pieceId: string, userId: string, liked: boolean): Promise<LikeResult> {
  return deps.db.transaction(async (tx) => {
    const [piece] = await rows(tx, sql`select like_count from submissions where id = ${pieceId}::uuid and is_private = false for update`);
    if (!piece) throw notFound(COMMUNITY_MESSAGES.pieceNotFound);
    const changed = liked
      ? await rows(
          tx,
          sql`insert into submission_likes (submission_id, user_id, created_at) values (${pieceId}::uuid, ${userId}::uuid, ${deps.clock.now().toISOString()}::timestamptz)
              on conflict do nothing returning 1 as x`,
        )
      : await rows(tx, sql`delete from submission_likes where submission_id = ${pieceId}::uuid and user_id = ${userId}::uuid returning 1 as x`);
    if (changed.length === 0) return { liked, likeCount: num(piece.like_count) };
    const [updated] = await rows(
      tx,
      sql`update submissions set like_count = greatest(like_count + ${liked ? 1 : -1}, 0) where id = ${pieceId}::uuid returning like_count`,
    );
    const likeCount = num(updated!.like_count);
    await deps.realtime.publish(tx, "piece:liked", { id: pieceId, likeCount });
    return { liked, likeCount };
  });
}

/* --------------------------------------------------------------------------- comments -- */

function commentFrom(row: Row, viewer: SessionUser | null): PieceComment {
  const mine = viewer !== null && String(row.user_id) === viewer.id;
  return {
    id: String(row.id),
    content: String(row.content),
    createdAt: iso(row.created_at),
    authorLabel: String(row.label),
    byWriter: Boolean(row.by_writer),
    mine,
    canDelete: mine || Boolean(viewer?.isAdmin),
  };
}

/**
 * A commenter's public label: their alias if they have one, else their registered name. The
 * piece's own writer is labelled as the piece is signed instead ("Anonymous", the alias, or the
 * name), so answering a comment never reveals who wrote an anonymous piece, nor ties a name to
 * an alias. Needs `c` (comment), `u` (its user) and `s` (the piece) in scope.
 */
const COMMENT_LABEL = sql.raw(`
  case when c.user_id = s.user_id then
    case s.submission_type
      when 'name' then coalesce(nullif(btrim(u.name), ''), 'Writer')
      when 'alias' then coalesce(nullif(btrim(u.alias), ''), 'Anonymous')
      else 'Anonymous' end
  else coalesce(nullif(btrim(u.alias), ''), nullif(btrim(u.name), ''), 'Writer') end`);

export async function listComments(db: Db, pieceId: string, viewer: SessionUser | null): Promise<CommentList> {
  const [piece] = await rows(db, sql`select comment_count from submissions where id = ${pieceId}::uuid and is_private = false`);
  if (!piece) throw notFound(COMMUNITY_MESSAGES.pieceNotFound);
  // submission_comments_submission_idx (submission_id, created_at, id).
  const result = await rows(
    db,
    sql`
      select c.id, c.content, c.created_at, c.user_id, ${COMMENT_LABEL} as label, c.user_id = s.user_id as by_writer
      from submission_comments c
      join users u on u.id = c.user_id
      join submissions s on s.id = c.submission_id
      where c.submission_id = ${pieceId}::uuid
      order by c.created_at asc, c.id asc
      limit ${COMMENTS_LIMIT}
    `,
  );
  return { comments: result.map((r) => commentFrom(r, viewer)), commentCount: num(piece.comment_count) };
}

export async function addComment(deps: Deps, pieceId: string, user: SessionUser, content: string): Promise<{ comment: PieceComment; commentCount: number }> {
  return deps.db.transaction(async (tx) => {
    // Counting first locks the piece's row: concurrent comments take turns, the count stays true.
    const [piece] = await rows(
      tx,
      sql`update submissions set comment_count = comment_count + 1 where id = ${pieceId}::uuid and is_private = false returning comment_count`,
    );
    if (!piece) throw notFound(COMMUNITY_MESSAGES.pieceNotFound);
    const [row] = await rows(
      tx,
      sql`
        with c as (
          insert into submission_comments (submission_id, user_id, content, created_at)
          values (${pieceId}::uuid, ${user.id}::uuid, ${content}, ${deps.clock.now().toISOString()}::timestamptz)
          returning id, submission_id, content, created_at, user_id
        )
        select c.id, c.content, c.created_at, c.user_id, ${COMMENT_LABEL} as label, c.user_id = s.user_id as by_writer
        from c join users u on u.id = c.user_id join submissions s on s.id = c.submission_id
      `,
    );
    const commentCount = num(piece.comment_count);
    await deps.realtime.publish(tx, "piece:commented", { id: pieceId, commentCount });
    return { comment: commentFrom(row!, user), commentCount };
  });
}

/** Its writer or an admin may delete a comment; anyone else gets 403. */
export async function deleteComment(deps: Deps, commentId: string, user: SessionUser): Promise<{ pieceId: string; commentCount: number }> {
  return deps.db.transaction(async (tx) => {
    const [found] = await rows(tx, sql`select submission_id, user_id from submission_comments where id = ${commentId}::uuid`);
    if (!found) throw notFound(COMMUNITY_MESSAGES.commentNotFound);
    if (String(found.user_id) !== user.id && !user.isAdmin) throw forbidden(COMMUNITY_MESSAGES.notYourComment, "not_your_comment");
    const pieceId = String(found.submission_id);
    // Lock the piece's row before deleting, in the same order as addComment.
    await rows(tx, sql`select 1 from submissions where id = ${pieceId}::uuid for update`);
    const deleted = await rows(tx, sql`delete from submission_comments where id = ${commentId}::uuid returning 1 as x`);
    if (deleted.length === 0) throw notFound(COMMUNITY_MESSAGES.commentNotFound);
    const [piece] = await rows(
      tx,
      sql`update submissions set comment_count = greatest(comment_count - 1, 0) where id = ${pieceId}::uuid returning comment_count, is_private`,
    );
    const commentCount = num(piece!.comment_count);
    if (piece!.is_private === false) await deps.realtime.publish(tx, "piece:commented", { id: pieceId, commentCount });
    return { pieceId, commentCount };
  });
}

/* ----------------------------------------------------------------------------- events -- */

/** The newest event id, sent to a new live client so its reconnects can resume from there. */
export async function latestEventId(db: Db): Promise<number> {
  const [row] = await rows(db, sql`select coalesce(max(id), 0)::bigint::text as id from events`);
  return Number(row?.id ?? 0);
}
