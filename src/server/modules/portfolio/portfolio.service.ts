import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { authorLabel } from "#shared/domain/author.ts";
import { localDate } from "#shared/domain/dates.ts";
import { isUuid } from "#shared/domain/ids.ts";
import { generateShareToken, isValidShareTokenFormat, shareLinkExpiry } from "#shared/domain/share-token.ts";
import { currentStreakAsOf } from "#shared/domain/streaks.ts";
import { tierProgress } from "#shared/domain/tiers.ts";
import { countWords, firstName, pagesFor } from "#shared/domain/words.ts";
import { SHARE_TOKEN_ATTEMPTS } from "#shared/constants.ts";
import {
  PORTFOLIO_EXCERPT_CHARS,
  PORTFOLIO_MESSAGES,
  SHARE_LINK_REUSE_MIN_MS,
  type PieceView,
  type PortfolioItem,
  type PortfolioPage,
  type PortfolioSort,
  type PortfolioStats,
  type ProfileResponse,
  type PromptRef,
  type ShareLinkResponse,
} from "#shared/schemas/portfolio.ts";
import type { Db } from "../../db/client.ts";
import { prompts, shareLinks, submissions, userAchievements, users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { HttpError, badRequest, forbidden, notFound } from "../../http/errors.ts";


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
}

export async function loadPiece(db: Db, id: string): Promise<PieceRow | null> {
  if (!isUuid(id)) return null;
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
      authorAlias: users.alias,
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
 * The one reading rule (piece API, OG image, page meta): a public piece is readable by everyone;
 * a private piece by its owner, or with a valid unexpired share token for that very piece.
 * Anything else is null, so callers answer as if the piece did not exist.
 */
export async function readablePiece(db: Db, viewerId: string | null, id: string, share: string | undefined, now: Date): Promise<PieceRow | null> {
  const row = await loadPiece(db, id);
  if (!row) return null;
  if (!row.isPrivate) return row;
  if (viewerId && viewerId === row.userId) return row;
  if (await shareTokenOpens(db, share, row.id, now)) return row;
  return null;
}

/**
 * The piece as anyone but its owner sees it. A public piece shows its community copy (private
 * edits stay private). A private piece has no community copy: whoever holds its share link sees
 * the writer's current version.
 */
export function publicFace(row: PieceRow): { title: string | null; content: string; wordCount: number; pagesWritten: number } {
  if (row.isPrivate && row.privateContent !== null) {
    return {
      // Once there is a private version its title is the writer's word, even when they removed it.
      title: row.privateTitle,
      content: row.privateContent,
      wordCount: row.privateWordCount ?? countWords(row.privateContent),
      pagesWritten: row.privatePagesWritten ?? pagesFor(row.privateWordCount ?? countWords(row.privateContent)),
    };
  }
  return { title: row.title, content: row.content, wordCount: row.wordCount, pagesWritten: row.pagesWritten };
}

export function pieceAuthorLabel(row: PieceRow): string {
  return authorLabel(row.submissionType, row.authorName, row.authorAlias);
}

export function toPieceView(row: PieceRow, viewerId: string | null): PieceView {
  const isOwner = viewerId !== null && viewerId === row.userId;
  const face = isOwner ? { title: row.title, content: row.content, wordCount: row.wordCount, pagesWritten: row.pagesWritten } : publicFace(row);
  const view: PieceView = {
    id: row.id,
    ...face,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isPrivate: row.isPrivate,
    isFeatured: row.isFeatured,
    submissionType: row.submissionType,
    authorLabel: pieceAuthorLabel(row),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    prompt: row.prompt,
    isOwner,
  };
  if (isOwner) {
    const edited = row.privateContent !== null;
    view.privateTitle = row.privateTitle;
    view.privateContent = row.privateContent;
    view.privateWordCount = row.privateWordCount;
    view.privatePagesWritten = row.privatePagesWritten;
    view.edited = edited;
    view.privateDiffers = edited && (row.privateContent !== row.content || row.privateTitle !== row.title);
  }
  return view;
}

// ---------------------------------------------------------------------------------------------
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

export async function portfolioStats(db: Db, userId: string, now: Date): Promise<PortfolioStats> {
  const [[totals], [user], achievements] = await Promise.all([
    db
      .select({
        works: sql<number>`count(*)::int`,
        pages: sql<string>`coalesce(sum(${submissions.pagesWritten}), 0)::text`,
        featured: sql<number>`(count(*) filter (where ${submissions.isFeatured}))::int`,
      })
      .from(submissions)
      .where(eq(submissions.userId, userId)),
    db
      .select({ currentStreak: users.currentStreak, longestStreak: users.longestStreak, lastWriteDate: users.lastWriteDate, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ achievementType: userAchievements.achievementType, year: userAchievements.year })
      .from(userAchievements)
      .where(eq(userAchievements.userId, userId))
      .orderBy(sql`${userAchievements.achievedAt} desc nulls last`, desc(userAchievements.year))
      .limit(20),
  ]);
  const pagesExact = Number(totals?.pages ?? 0);
  return {
    works: Number(totals?.works ?? 0),
    pagesWritten: Math.round(pagesExact * 10) / 10,
    currentStreak: user ? currentStreakAsOf(user.currentStreak, user.lastWriteDate, localDate(now, user.timeZone)) : 0,
    longestStreak: user?.longestStreak ?? 0,
    editorsSelections: Number(totals?.featured ?? 0),
    achievements,
    tier: tierProgress(pagesExact),
  };
}

export async function updateProfile(db: Db, userId: string, input: { name: string; alias: string | null }, now: Date): Promise<ProfileResponse> {
  const [row] = await db
    .update(users)
    .set({ name: input.name, alias: input.alias, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ name: users.name, alias: users.alias });
  if (!row) throw notFound();
  return { name: firstName(row.name), fullName: row.name.trim() || "Writer", alias: row.alias };
}

/** Writes only the private version and updated_at: the community copy never changes. */
export async function updatePrivateVersion(db: Db, userId: string, id: string, input: { title?: string | null | undefined; content: string }, now: Date): Promise<void> {
  if (!isUuid(id)) throw notFound(PORTFOLIO_MESSAGES.editNotFound);
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

/** A writer deletes their own pieces, an admin any; likes, comments and share links go with it (FK cascade). */
export async function deleteSubmission(deps: Deps, user: { id: string; isAdmin: boolean }, id: string): Promise<void> {
  const failed = () => notFound(PORTFOLIO_MESSAGES.deleteFailed, "delete_failed");
  if (!isUuid(id)) throw failed();
  await deps.db.transaction(async (tx) => {
    const where = user.isAdmin ? eq(submissions.id, id) : and(eq(submissions.id, id), eq(submissions.userId, user.id));
    const deleted = await tx.delete(submissions).where(where).returning({ id: submissions.id, isPrivate: submissions.isPrivate });
    const row = deleted[0];
    if (!row) throw failed();
    if (!row.isPrivate) await deps.realtime.publish(tx, "piece:deleted", { id: row.id });
  });
}

/**
 * createShareLink(submissionId, hours): the owner, or an admin for a public piece (admins do not
 * read writers' private pieces, so they cannot mint a link to one either). Reuses an unexpired link of the same
 * piece while it has at least SHARE_LINK_REUSE_MIN_MS left; otherwise draws a new 8-character
 * token (crypto.randomInt), up to SHARE_TOKEN_ATTEMPTS tries on a collision.
 */
export async function createShareLink(deps: Deps, user: { id: string; isAdmin: boolean }, id: string, hours: number): Promise<{ link: ShareLinkResponse; created: boolean }> {
  const row = isUuid(id) ? await loadPiece(deps.db, id) : null;
  const isOwner = row?.userId === user.id;
  if (!row || (!isOwner && row.isPrivate)) throw notFound();
  if (!isOwner && !user.isAdmin) throw forbidden(PORTFOLIO_MESSAGES.shareNotYours);
  const now = deps.clock.now();
  const toResponse = (token: string, expiresAt: Date): ShareLinkResponse => ({
    shareUrl: `${deps.env.APP_URL}/share/${token}`,
    token,
    expiresAt: expiresAt.toISOString(),
    isPrivate: row.isPrivate,
    // The writer is told before copying how the link's readers will see the piece signed.
    authorLabel: pieceAuthorLabel(row),
  });
  const [existing] = await deps.db
    .select({ token: shareLinks.token, expiresAt: shareLinks.expiresAt })
    .from(shareLinks)
    .where(and(eq(shareLinks.submissionId, row.id), gt(shareLinks.expiresAt, new Date(now.getTime() + SHARE_LINK_REUSE_MIN_MS))))
    .orderBy(sql`${shareLinks.expiresAt} desc nulls last`)
    .limit(1);
  if (existing) return { link: toResponse(existing.token, existing.expiresAt), created: false };
  const expiresAt = shareLinkExpiry(now, hours);
  for (let attempt = 0; attempt < SHARE_TOKEN_ATTEMPTS; attempt++) {
    const token = generateShareToken((n) => randomInt(n));
    const inserted = await deps.db
      .insert(shareLinks)
      .values({ submissionId: row.id, token, expiresAt, createdBy: user.id, createdAt: now })
      .onConflictDoNothing({ target: shareLinks.token })
      .returning({ token: shareLinks.token });
    if (inserted.length > 0) return { link: toResponse(token, expiresAt), created: true };
  }
  throw new HttpError(503, "share_token_exhausted", PORTFOLIO_MESSAGES.shareGenerateFailed);
}

/** getSubmissionByShareToken: the piece a valid, unexpired token opens. */
export async function lookupShareToken(db: Db, token: string, now: Date): Promise<string> {
  if (!isValidShareTokenFormat(token)) throw badRequest(PORTFOLIO_MESSAGES.shareInvalidFormat, "invalid_share_token");
  const [row] = await db
    .select({ submissionId: shareLinks.submissionId })
    .from(shareLinks)
    .where(and(eq(shareLinks.token, token), gt(shareLinks.expiresAt, now)))
    .limit(1);
  if (!row) throw notFound(PORTFOLIO_MESSAGES.shareInvalidOrExpired, "share_link_expired");
  return row.submissionId;
}
