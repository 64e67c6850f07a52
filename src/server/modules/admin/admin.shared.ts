import { and, count, inArray, sql, type AnyColumn } from "drizzle-orm";
import { z } from "zod";
import { uuidSchema } from "#shared/schemas/common.ts";
import { ADMIN_MESSAGES } from "#shared/schemas/admin.ts";
import { publicPieceSql } from "../../db/audience.ts";
import type { Queryable } from "../../db/client.ts";
import { prompts, submissions, users } from "../../db/schema/index.ts";
import { cursorCodec, cursorTime } from "../../http/cursor.ts";

/*
 * What more than one admin service needs: the columns an admin sees of prompts and pieces, piece
 * counts per prompt, the keyset cursor of the newest-first lists, and PostgreSQL error codes.
 */

export const iso = (d: Date) => d.toISOString();

// ---------- prompts ----------

/** The columns of an AdminPrompt. */
export { promptColumns } from "../../db/query-parts.ts";

/** The prompt a piece answers, selected beside the piece's own columns (join prompts). */
export const promptRefColumns = { promptId: prompts.id, promptText: prompts.text, promptKind: prompts.kind, promptDate: prompts.date };

export const toPromptRef = (r: { promptId: string; promptText: string; promptKind: "daily" | "freewrite"; promptDate: string | null }) => ({
  id: r.promptId,
  text: r.promptText,
  kind: r.promptKind,
  date: r.promptDate,
});

/**
 * A public piece with what its author label is made of (join users): the writer's name and the
 * alias stored on the piece go into `authorLabel(...)` and never leave the service themselves.
 */
export const signedPieceColumns = {
  id: submissions.id,
  title: submissions.title,
  content: submissions.content,
  submissionType: submissions.submissionType,
  wordCount: submissions.wordCount,
  featuredAt: submissions.featuredAt,
  createdAt: submissions.createdAt,
  name: users.name,
  alias: submissions.authorAlias,
};

/** Pieces per prompt: every piece (`publicOnly` false) or only those others can read. */
export async function submissionCounts(db: Queryable, promptIds: string[], publicOnly: boolean): Promise<Map<string, number>> {
  if (promptIds.length === 0) return new Map();
  const where = publicOnly
    ? and(inArray(submissions.promptId, promptIds), publicPieceSql(sql`${submissions}`))
    : inArray(submissions.promptId, promptIds);
  const rows = await db.select({ promptId: submissions.promptId, n: count() }).from(submissions).where(where).groupBy(submissions.promptId);
  return new Map(rows.map((r) => [r.promptId, r.n]));
}

// ---------- newest-first keyset pages (a prompt's pieces, a writer's pieces, writers) ----------

/** Where the next page starts: the last row's creation time (to the microsecond) and id. */
export const pageCursor = cursorCodec(z.object({ t: cursorTime, id: uuidSchema }), ADMIN_MESSAGES.invalidCursor);
export type PageCursor = ReturnType<typeof pageCursor.decode>;

/** The cursor a request sent, checked (a crafted one is a 422 `invalid_cursor`), or null for the first page. */
export const decodePageCursor = (raw: string | undefined): PageCursor | null => (raw ? pageCursor.decode(raw) : null);

/** A timestamp as text with microseconds, so a keyset cursor loses nothing JavaScript's Date would. */
export const cursorTimeOf = (col: AnyColumn) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows after the cursor in (created_at DESC, id DESC) order. */
export const olderThan = (createdAt: AnyColumn, id: AnyColumn, after: PageCursor | null) =>
  after ? sql`(${createdAt}, ${id}) < (${after.t}::timestamptz, ${after.id}::uuid)` : undefined;

/** The order of the (created_at DESC, id DESC) keyset. */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn) => [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];

/**
 * One page of rows fetched with `limit(size + 1)`: the first `size`, and the cursor after the
 * last of them when there is more.
 */
export function keysetPage<R extends { id: string; cursorTs: string }>(rows: R[], size: number): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last ? pageCursor.encode({ t: last.cursorTs, id: last.id }) : null };
}

// ---------- PostgreSQL errors ----------

export const PG_ERROR = { foreignKeyViolation: "23503", uniqueViolation: "23505", checkViolation: "23514" } as const;
