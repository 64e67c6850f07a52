import { and, asc, count, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import {
  ADMIN_PODIUM_LIMIT,
  ADMIN_PROMPTS_PAGE_SIZE,
  ADMIN_SUBMISSIONS_PAGE_SIZE,
  ADMIN_USERS_PAGE_SIZE,
  DAYS_PER_WEEK,
  PODIUM_EXCERPT_CHARS,
  PUBLIC_PODIUM_LIMIT,
} from "#shared/constants.ts";
import { authorLabel } from "#shared/domain/author.ts";
import { addDays } from "#shared/domain/dates.ts";
import { markupToPlainText, truncateText } from "#shared/domain/markup.ts";
import { planDay, STATUS_FOR_ACTION, type DayOutcome } from "#shared/domain/scheduler.ts";
import {
  ADMIN_MESSAGES,
  type AdminPodiumPick,
  type AdminPrompt,
  type AdminPromptListItem,
  type AdminSubmission,
  type AdminUserListItem,
  type AdminUserSubmission,
  type PodiumPick,
  type PublicPodiumPick,
  type SchedulerSaveInput,
  type SchedulerWeek,
} from "#shared/schemas/admin.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { prompts, submissions, users } from "../../db/schema/index.ts";
import type { RealtimeBus } from "../../realtime/bus.ts";
import { badRequest, HttpError, notFound } from "../../http/errors.ts";

// ---------- helpers ----------

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const FOREIGN_KEY_VIOLATION = "23503";
const UNIQUE_VIOLATION = "23505";
const CHECK_VIOLATION = "23514";

/** A timestamp as text with microseconds, so a keyset cursor loses nothing JavaScript's Date would. */
const tsText = (col: SQL | typeof submissions.createdAt | typeof users.createdAt) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const CURSOR_RE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/i;

export function encodeCursor(ts: string, id: string): string {
  return `${ts}|${id}`;
}

function decodeCursor(cursor: string | undefined): { ts: string; id: string } | null {
  if (!cursor) return null;
  const m = CURSOR_RE.exec(cursor);
  if (!m) throw badRequest(ADMIN_MESSAGES.invalidCursor, "invalid_cursor");
  return { ts: m[1]!, id: m[2]! };
}

const iso = (d: Date) => d.toISOString();

function toAdminPrompt(row: { id: string; date: string | null; kind: "daily" | "freewrite"; text: string; author: string | null }): AdminPrompt {
  return { id: row.id, date: row.date, kind: row.kind, text: row.text, author: row.author };
}

const promptColumns = { id: prompts.id, date: prompts.date, kind: prompts.kind, text: prompts.text, author: prompts.author };

// ---------- today's prompt ----------

export async function getPromptForDate(db: Queryable, date: string): Promise<AdminPrompt | null> {
  const [row] = await db.select(promptColumns).from(prompts).where(eq(prompts.date, date)).limit(1);
  return row ? toAdminPrompt(row) : null;
}

/** Sets the text of the prompt for `date`, creating it when there is none. */
export async function setPromptText(db: Db, date: string, text: string): Promise<{ prompt: AdminPrompt; created: boolean }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: prompts.id }).from(prompts).where(eq(prompts.date, date)).limit(1).for("update");
    if (existing) {
      const [row] = await tx.update(prompts).set({ text }).where(eq(prompts.id, existing.id)).returning(promptColumns);
      return { prompt: toAdminPrompt(row!), created: false };
    }
    const [row] = await tx
      .insert(prompts)
      .values({ text, date, kind: "daily" })
      .onConflictDoUpdate({ target: prompts.date, set: { text } })
      .returning(promptColumns);
    return { prompt: toAdminPrompt(row!), created: true };
  });
}

// ---------- weekly scheduler ----------

async function submissionCounts(db: Queryable, promptIds: string[], publicOnly: boolean): Promise<Map<string, number>> {
  if (promptIds.length === 0) return new Map();
  const where = publicOnly
    ? and(inArray(submissions.promptId, promptIds), eq(submissions.isPrivate, false))
    : inArray(submissions.promptId, promptIds);
  const rows = await db.select({ promptId: submissions.promptId, n: count() }).from(submissions).where(where).groupBy(submissions.promptId);
  return new Map(rows.map((r) => [r.promptId, Number(r.n)]));
}

export async function getWeek(db: Queryable, start: string, today: string): Promise<SchedulerWeek> {
  const end = addDays(start, DAYS_PER_WEEK - 1);
  const rows = await db
    .select(promptColumns)
    .from(prompts)
    .where(and(gte(prompts.date, start), lte(prompts.date, end)))
    .orderBy(asc(prompts.date))
    .limit(DAYS_PER_WEEK);
  // Every piece counts here (private ones too): a prompt with any piece cannot be deleted.
  const counts = await submissionCounts(db, rows.map((r) => r.id), false);
  const byDate = new Map(rows.map((r) => [r.date!, r]));
  const days = Array.from({ length: DAYS_PER_WEEK }, (_, i) => {
    const date = addDays(start, i);
    const row = byDate.get(date);
    return { date, prompt: row ? { ...toAdminPrompt(row), submissionCount: counts.get(row.id) ?? 0 } : null };
  });
  return { weekStart: start, today, days };
}

class DayRefused extends Error {}

/**
 * Saves a week day by day, each day in its own transaction, so one refused day (a prompt with
 * pieces cannot be deleted, or a day someone else changed since the admin loaded the week) does
 * not undo the others; every day reports its own outcome. A day the admin did not edit (text and
 * author as loaded) is not written at all. The stored row is locked (FOR UPDATE) while it is
 * compared with what the admin loaded, so a concurrent save cannot slip in between.
 */
export async function saveWeek(db: Db, input: SchedulerSaveInput, today: string): Promise<SchedulerWeek & { outcomes: DayOutcome[] }> {
  const outcomes: DayOutcome[] = [];
  for (const day of input.days) {
    try {
      const status = await db.transaction(async (tx) => {
        const [stored] = await tx
          .select({ id: prompts.id, text: prompts.text, author: prompts.author })
          .from(prompts)
          .where(eq(prompts.date, day.date))
          .limit(1)
          .for("update");
        const expected = day.expected ? { text: day.expected.text, author: day.expected.author ?? null } : null;
        const plan = planDay({ date: day.date, text: day.text ?? "", author: day.author ?? null }, stored ?? null, expected);
        switch (plan.action) {
          case "conflict":
            throw new DayRefused(ADMIN_MESSAGES.changedSinceLoad);
          case "create":
            await tx.insert(prompts).values({ date: day.date, kind: "daily", text: plan.text, author: plan.author });
            break;
          case "update":
            await tx.update(prompts).set({ text: plan.text, author: plan.author }).where(eq(prompts.id, stored!.id));
            break;
          case "delete": {
            const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(submissions).where(eq(submissions.promptId, stored!.id));
            if (Number(n) > 0) throw new DayRefused(ADMIN_MESSAGES.promptHasPieces(Number(n)));
            await tx.delete(prompts).where(eq(prompts.id, stored!.id));
            break;
          }
          case "empty":
          case "unchanged":
            break;
        }
        return STATUS_FOR_ACTION[plan.action];
      });
      outcomes.push({ date: day.date, status });
    } catch (err) {
      outcomes.push({ date: day.date, status: "error", message: dayErrorMessage(err) });
    }
  }
  const week = await getWeek(db, input.weekStart, today);
  return { ...week, outcomes };
}

function dayErrorMessage(err: unknown): string {
  if (err instanceof DayRefused) return err.message;
  const code = pgErrorCode(err);
  // A piece written for the prompt between our count and the delete: the foreign key refuses.
  if (code === FOREIGN_KEY_VIOLATION) return ADMIN_MESSAGES.promptHasPieces(1);
  if (code === UNIQUE_VIOLATION) return ADMIN_MESSAGES.dayTaken;
  console.error(JSON.stringify({ level: "error", msg: "scheduler day failed", err: String(err) }));
  return ADMIN_MESSAGES.daySaveFailed;
}

// ---------- prompts database ----------

export async function listPrompts(
  db: Queryable,
  cursor: string | undefined,
): Promise<{ freewrite: AdminPromptListItem | null; prompts: AdminPromptListItem[]; nextCursor: string | null }> {
  const rows = await db
    .select(promptColumns)
    .from(prompts)
    .where(and(eq(prompts.kind, "daily"), cursor ? lt(prompts.date, cursor) : undefined))
    .orderBy(sql`${prompts.date} desc`)
    .limit(ADMIN_PROMPTS_PAGE_SIZE + 1);
  const page = rows.slice(0, ADMIN_PROMPTS_PAGE_SIZE);
  const nextCursor = rows.length > ADMIN_PROMPTS_PAGE_SIZE ? page.at(-1)!.date : null;
  const [free] = cursor ? [] : await db.select(promptColumns).from(prompts).where(eq(prompts.kind, "freewrite")).limit(1);
  const counts = await submissionCounts(db, [...page.map((p) => p.id), ...(free ? [free.id] : [])], true);
  const item = (p: (typeof rows)[number]): AdminPromptListItem => ({ ...toAdminPrompt(p), responseCount: counts.get(p.id) ?? 0 });
  return { freewrite: free ? item(free) : null, prompts: page.map(item), nextCursor };
}

const pieceColumns = {
  id: submissions.id,
  title: submissions.title,
  content: submissions.content,
  submissionType: submissions.submissionType,
  wordCount: submissions.wordCount,
  isFeatured: submissions.isFeatured,
  featuredAt: submissions.featuredAt,
  createdAt: submissions.createdAt,
  cursorTs: tsText(submissions.createdAt),
  name: users.name,
  alias: users.alias,
};

/** The public pieces answering one prompt, newest first (private pieces never reach this list). */
export async function listPromptSubmissions(
  db: Queryable,
  promptId: string,
  cursor: string | undefined,
): Promise<{ prompt: AdminPrompt; total: number; submissions: AdminSubmission[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor);
  const [prompt] = await db.select(promptColumns).from(prompts).where(eq(prompts.id, promptId)).limit(1);
  if (!prompt) throw notFound(ADMIN_MESSAGES.promptNotFound);
  const where = and(
    eq(submissions.promptId, promptId),
    eq(submissions.isPrivate, false),
    after ? sql`(${submissions.createdAt}, ${submissions.id}) < (${after.ts}::timestamptz, ${after.id}::uuid)` : undefined,
  );
  const rows = await db
    .select(pieceColumns)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(where)
    .orderBy(sql`${submissions.createdAt} desc nulls last`, sql`${submissions.id} desc nulls last`)
    .limit(ADMIN_SUBMISSIONS_PAGE_SIZE + 1);
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.promptId, promptId), eq(submissions.isPrivate, false)));
  const page = rows.slice(0, ADMIN_SUBMISSIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    prompt: toAdminPrompt(prompt),
    total: Number(n),
    submissions: page.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      authorLabel: authorLabel(r.submissionType, r.name, r.alias),
      submissionType: r.submissionType,
      wordCount: r.wordCount,
      isFeatured: r.isFeatured,
      featuredAt: r.featuredAt ? iso(r.featuredAt) : null,
      createdAt: iso(r.createdAt),
    })),
    nextCursor: rows.length > ADMIN_SUBMISSIONS_PAGE_SIZE && last ? encodeCursor(last.cursorTs, last.id) : null,
  };
}

// ---------- Editor's Picks ----------

/**
 * Sets a piece's featured flag to `isFeatured` (idempotent). Only public pieces can be featured;
 * the change is announced on the live feed ("piece:featured") when the transaction commits.
 */
export async function setFeatured(
  db: Db,
  realtime: RealtimeBus,
  id: string,
  isFeatured: boolean,
  now: Date,
): Promise<{ id: string; isFeatured: boolean; featuredAt: string | null }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: submissions.id, isPrivate: submissions.isPrivate, isFeatured: submissions.isFeatured, featuredAt: submissions.featuredAt })
        .from(submissions)
        .where(eq(submissions.id, id))
        .limit(1)
        .for("update");
      if (!row) throw notFound(ADMIN_MESSAGES.pieceNotFound);
      if (isFeatured && row.isPrivate) throw badRequest(ADMIN_MESSAGES.featureOnlyPublic, "not_public");
      if (row.isFeatured === isFeatured) return { id, isFeatured, featuredAt: row.featuredAt ? iso(row.featuredAt) : null };
      const featuredAt = isFeatured ? now : null;
      await tx.update(submissions).set({ isFeatured, featuredAt }).where(eq(submissions.id, id));
      await realtime.publish(tx, "piece:featured", { id, isFeatured });
      return { id, isFeatured, featuredAt: featuredAt ? iso(featuredAt) : null };
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // The table's own rule (no featured private piece), should a piece change under us.
    if (pgErrorCode(err) === CHECK_VIOLATION) throw badRequest(ADMIN_MESSAGES.featureOnlyPublic, "not_public");
    throw err;
  }
}

async function podiumRows(db: Queryable, limit: number) {
  return db
    .select({
      id: submissions.id,
      title: submissions.title,
      content: submissions.content,
      submissionType: submissions.submissionType,
      wordCount: submissions.wordCount,
      featuredAt: submissions.featuredAt,
      createdAt: submissions.createdAt,
      name: users.name,
      alias: users.alias,
      promptId: prompts.id,
      promptText: prompts.text,
      promptKind: prompts.kind,
      promptDate: prompts.date,
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .where(and(eq(submissions.isFeatured, true), eq(submissions.isPrivate, false)))
    .orderBy(sql`${submissions.featuredAt} desc nulls last`, sql`${submissions.id} desc nulls last`)
    .limit(limit);
}

function toPick(r: Awaited<ReturnType<typeof podiumRows>>[number]): PodiumPick {
  return {
    id: r.id,
    title: r.title,
    authorLabel: authorLabel(r.submissionType, r.name, r.alias),
    wordCount: r.wordCount,
    featuredAt: iso(r.featuredAt ?? r.createdAt),
    createdAt: iso(r.createdAt),
    prompt: { id: r.promptId, text: r.promptText, kind: r.promptKind, date: r.promptDate },
  };
}

async function featuredCount(db: Queryable): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(submissions).where(eq(submissions.isFeatured, true));
  return Number(n);
}

export async function adminPodium(db: Queryable): Promise<{ total: number; picks: AdminPodiumPick[] }> {
  const [rows, total] = await Promise.all([podiumRows(db, ADMIN_PODIUM_LIMIT), featuredCount(db)]);
  return { total, picks: rows.map((r) => ({ ...toPick(r), content: r.content })) };
}

/** The public podium: current picks, newest first, with an excerpt instead of the whole piece. */
export async function publicPodium(db: Queryable): Promise<{ picks: PublicPodiumPick[] }> {
  const rows = await podiumRows(db, PUBLIC_PODIUM_LIMIT);
  return { picks: rows.map((r) => ({ ...toPick(r), excerpt: truncateText(markupToPlainText(r.content), PODIUM_EXCERPT_CHARS) })) };
}

// ---------- user database ----------

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Matches users_search_trgm_idx (migration 0001), so a search stays fast at 100,000 writers. */
const userSearchText = sql`lower(${users.name} || ' ' || coalesce(${users.alias}, '') || ' ' || ${users.email})`;

/** Writers newest first, optionally those whose name, alias or email contains `q`; keyset paged. */
export async function searchUsers(
  db: Queryable,
  q: string | undefined,
  cursor: string | undefined,
): Promise<{ users: AdminUserListItem[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor);
  const term = q?.trim() ? `%${escapeLike(q.trim().toLowerCase())}%` : null;
  const rows = await db
    .select({ id: users.id, name: users.name, alias: users.alias, email: users.email, createdAt: users.createdAt, cursorTs: tsText(users.createdAt) })
    .from(users)
    .where(
      and(
        term ? sql`${userSearchText} like ${term}` : undefined,
        after
          ? sql`(${users.createdAt} < ${after.ts}::timestamptz or (${users.createdAt} = ${after.ts}::timestamptz and ${users.id} > ${after.id}::uuid))`
          : undefined,
      ),
    )
    // The order of users_created_at_idx (created_at DESC NULLS LAST, id).
    .orderBy(sql`${users.createdAt} desc nulls last`, asc(users.id))
    .limit(ADMIN_USERS_PAGE_SIZE + 1);
  const page = rows.slice(0, ADMIN_USERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    users: page.map((u) => ({ id: u.id, name: u.name, alias: u.alias, email: u.email, createdAt: iso(u.createdAt) })),
    nextCursor: rows.length > ADMIN_USERS_PAGE_SIZE && last ? encodeCursor(last.cursorTs, last.id) : null,
  };
}

/**
 * One writer with their pieces, newest first. Admins see that a private piece exists, when it
 * was written and how long it is, never its title or words (docs/decisions/006-admin-screens.md).
 */
export async function getUserDetail(db: Queryable, id: string, cursor: string | undefined) {
  const after = decodeCursor(cursor);
  const [user] = await db
    .select({ id: users.id, name: users.name, alias: users.alias, email: users.email, location: users.location, age: users.age, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  const rows = await db
    .select({
      id: submissions.id,
      isPrivate: submissions.isPrivate,
      title: submissions.title,
      content: submissions.content,
      submissionType: submissions.submissionType,
      wordCount: submissions.wordCount,
      isFeatured: submissions.isFeatured,
      createdAt: submissions.createdAt,
      cursorTs: tsText(submissions.createdAt),
      promptId: prompts.id,
      promptText: prompts.text,
      promptKind: prompts.kind,
      promptDate: prompts.date,
    })
    .from(submissions)
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .where(
      and(
        eq(submissions.userId, id),
        after ? sql`(${submissions.createdAt}, ${submissions.id}) < (${after.ts}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(sql`${submissions.createdAt} desc nulls last`, sql`${submissions.id} desc nulls last`)
    .limit(ADMIN_SUBMISSIONS_PAGE_SIZE + 1);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(submissions).where(eq(submissions.userId, id));
  const page = rows.slice(0, ADMIN_SUBMISSIONS_PAGE_SIZE);
  const last = page.at(-1);
  const pieces: AdminUserSubmission[] = page.map((r) => ({
    id: r.id,
    isPrivate: r.isPrivate,
    title: r.isPrivate ? null : r.title,
    content: r.isPrivate ? null : r.content,
    submissionType: r.submissionType,
    wordCount: r.wordCount,
    isFeatured: r.isFeatured,
    createdAt: iso(r.createdAt),
    prompt: { id: r.promptId, text: r.promptText, kind: r.promptKind, date: r.promptDate },
  }));
  return {
    user: { ...user, createdAt: iso(user.createdAt) },
    total: Number(n),
    submissions: pieces,
    nextCursor: rows.length > ADMIN_SUBMISSIONS_PAGE_SIZE && last ? encodeCursor(last.cursorTs, last.id) : null,
  };
}
