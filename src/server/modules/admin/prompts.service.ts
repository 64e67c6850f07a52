import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { ADMIN_PROMPTS_PAGE_SIZE, ADMIN_SUBMISSIONS_PAGE_SIZE } from "#shared/constants.ts";
import { authorLabel } from "#shared/domain/author.ts";
import { isoDate } from "#shared/schemas/common.ts";
import {
  ADMIN_MESSAGES,
  type AdminPrompt,
  type AdminPromptListItem,
  type AdminPromptsPage,
  type PromptSubmissionsPage,
} from "#shared/schemas/admin.ts";
import { publicPieceSql } from "../../db/audience.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { prompts, submissions, users } from "../../db/schema/index.ts";
import { keyTimeSql, newestFirstPager } from "../../db/keyset.ts";
import { cursorCodec } from "../../http/cursor.ts";
import { notFound } from "../../http/errors.ts";
import {
  iso,
  promptColumns,
  signedPieceColumns,
  submissionCounts,
} from "./admin.shared.ts";

/*
 * Prompts as the admin manages them: today's prompt (read and set from the dashboard), the
 * prompts database (every daily prompt, newest date first) and the public pieces of one prompt.
 */

// ---------- today's prompt ----------

export async function getPromptForDate(db: Queryable, date: string): Promise<AdminPrompt | null> {
  const [row] = await db.select(promptColumns).from(prompts).where(eq(prompts.date, date)).limit(1);
  return row ?? null;
}

/** Sets the text of the prompt for `date`, creating it when there is none. */
export async function setPromptText(db: Db, date: string, text: string): Promise<{ prompt: AdminPrompt; created: boolean }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: prompts.id }).from(prompts).where(eq(prompts.date, date)).limit(1).for("update");
    if (existing) {
      const [row] = await tx.update(prompts).set({ text }).where(eq(prompts.id, existing.id)).returning(promptColumns);
      return { prompt: row!, created: false };
    }
    const [row] = await tx
      .insert(prompts)
      .values({ text, date, kind: "daily" })
      .onConflictDoUpdate({ target: prompts.date, set: { text } })
      .returning(promptColumns);
    return { prompt: row!, created: true };
  });
}

// ---------- the prompts database ----------

/** Daily prompts are paged by date (one prompt a date): the next page starts before this one. */
const promptsCursor = cursorCodec(z.object({ date: isoDate }), ADMIN_MESSAGES.invalidCursor);

/** Daily prompts newest date first with their public response counts; the freewrite prompt heads the first page. */
export async function listPrompts(db: Queryable, cursor: string | undefined): Promise<Omit<AdminPromptsPage, "today">> {
  const before = cursor ? promptsCursor.decode(cursor).date : null;
  const rows = await db
    .select(promptColumns)
    .from(prompts)
    .where(and(eq(prompts.kind, "daily"), before ? lt(prompts.date, before) : undefined))
    .orderBy(sql`${prompts.date} desc`)
    .limit(ADMIN_PROMPTS_PAGE_SIZE + 1);
  const page = rows.slice(0, ADMIN_PROMPTS_PAGE_SIZE);
  const lastDate = rows.length > ADMIN_PROMPTS_PAGE_SIZE ? page.at(-1)?.date : null;
  const [free] = before ? [] : await db.select(promptColumns).from(prompts).where(eq(prompts.kind, "freewrite")).limit(1);
  const counts = await submissionCounts(db, [...page.map((p) => p.id), ...(free ? [free.id] : [])], true);
  const item = (p: AdminPrompt): AdminPromptListItem => ({ ...p, responseCount: counts.get(p.id) ?? 0 });
  return { freewrite: free ? item(free) : null, prompts: page.map(item), nextCursor: lastDate ? promptsCursor.encode({ date: lastDate }) : null };
}

// ---------- a prompt's pieces ----------

const promptPiecesPager = newestFirstPager(ADMIN_SUBMISSIONS_PAGE_SIZE, ADMIN_MESSAGES.invalidCursor);

/** The public pieces answering one prompt, newest first (private pieces never reach this list). */
export async function listPromptSubmissions(db: Queryable, promptId: string, cursor: string | undefined): Promise<PromptSubmissionsPage> {
  const after = promptPiecesPager.decode(cursor);
  const [prompt] = await db.select(promptColumns).from(prompts).where(eq(prompts.id, promptId)).limit(1);
  if (!prompt) throw notFound(ADMIN_MESSAGES.promptNotFound);
  const publicPieces = and(eq(submissions.promptId, promptId), publicPieceSql(sql`${submissions}`));
  const rows = await db
    .select({ ...signedPieceColumns, isFeatured: submissions.isFeatured, cursorTs: keyTimeSql(submissions.createdAt) })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(and(publicPieces, promptPiecesPager.olderThan(submissions.createdAt, submissions.id, after)))
    .orderBy(...promptPiecesPager.order(submissions.createdAt, submissions.id))
    .limit(promptPiecesPager.limit);
  const n = (await submissionCounts(db, [promptId], true)).get(promptId) ?? 0;
  const { page, nextCursor } = promptPiecesPager.page(rows);
  return {
    prompt,
    total: n,
    // Named field by field: the writer's name and alias stay here, only the label leaves.
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
    nextCursor,
  };
}
