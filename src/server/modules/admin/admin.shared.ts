import { inArray, sql } from "drizzle-orm";
import type { PromptKind } from "#shared/domain/prompt-choice.ts";
import type { Queryable } from "../../db/client.ts";
import { promptPieceCounts, prompts, submissions, users } from "../../db/schema/index.ts";

/*
 * What more than one admin service needs: the columns an admin sees of prompts and pieces, piece
 * counts per prompt, and PostgreSQL error codes (the lists page through db/keyset.ts).
 */

export const iso = (d: Date) => d.toISOString();

// ---------- prompts ----------

/** The columns of an AdminPrompt. */
export { promptColumns } from "../../db/query-parts.ts";

/** The prompt a piece answers, selected beside the piece's own columns (join prompts). */
export const promptRefColumns = { promptId: prompts.id, promptText: prompts.text, promptKind: prompts.kind, promptDate: prompts.date };

export const toPromptRef = (r: { promptId: string; promptText: string; promptKind: PromptKind; promptDate: string | null }) => ({
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

/**
 * Pieces per prompt: every piece (`publicOnly` false) or the public ones, hidden or not
 * (publicPieceSql). Read from prompt_piece_counts (schema/prompt-counts.ts), a few rows a prompt
 * whatever the number of pieces (issue 28 item 5).
 */
export async function submissionCounts(db: Queryable, promptIds: string[], publicOnly: boolean): Promise<Map<string, number>> {
  if (promptIds.length === 0) return new Map();
  const rows = await submissionCountsQuery(db, promptIds, publicOnly);
  return new Map(rows.map((r) => [r.promptId, Number(r.n)]));
}

/** The statement of submissionCounts (exported for the test of its plan). */
export function submissionCountsQuery(db: Queryable, promptIds: string[], publicOnly: boolean) {
  const counted = publicOnly ? promptPieceCounts.publicPieces : promptPieceCounts.pieces;
  return db
    .select({ promptId: promptPieceCounts.promptId, n: sql<number>`coalesce(sum(${counted}), 0)::int` })
    .from(promptPieceCounts)
    .where(inArray(promptPieceCounts.promptId, promptIds))
    .groupBy(promptPieceCounts.promptId);
}

// ---------- PostgreSQL errors ----------

export const PG_ERROR = { foreignKeyViolation: "23503", uniqueViolation: "23505", checkViolation: "23514" } as const;
