import { and, desc, eq, gte, lt, notInArray, sql } from "drizzle-orm";
import type { PromptKind } from "#shared/domain/prompt-choice.ts";
import { authorLabel, type Signature } from "#shared/domain/author.ts";
import type { Queryable } from "../../db/client.ts";
import { readablePieceSql, readerById } from "../../db/audience.ts";
import { prompts, submissions, users } from "../../db/schema/index.ts";

/*
 * The community's best pieces of a stretch of time, as one reader may be shown them: public, not
 * hidden (deleted pieces are gone), none the reader's blocks cover. Each is signed as its writer
 * chose: the label is built here and the writer's name and alias never leave this file.
 */

/** At most this many Editors' Picks in one weekly email. */
export const WEEKLY_MAX_PICKS = 5;
/** Fewer picks than this and the week's most-liked pieces fill up to it. */
export const WEEKLY_MIN_PIECES = 3;
/** The month's best community pieces in the monthly collection. */
export const MONTHLY_BEST = 3;

export interface BestPieceRow {
  id: string;
  title: string | null;
  content: string;
  contentWarning: string | null;
  authorLabel: string;
  prompt: { text: string; kind: PromptKind };
}

const columns = {
  id: submissions.id,
  title: submissions.title,
  content: submissions.content,
  contentWarning: submissions.contentWarning,
  submissionType: submissions.submissionType,
  pieceAlias: submissions.authorAlias,
  name: users.name,
  promptText: prompts.text,
  promptKind: prompts.kind,
};

interface Row {
  id: string;
  title: string | null;
  content: string;
  contentWarning: string | null;
  submissionType: Signature;
  pieceAlias: string | null;
  name: string;
  promptText: string;
  promptKind: PromptKind;
}

/** Signed here: the writer's name and the alias go into the label and nowhere else. */
function toBest({ submissionType, name, pieceAlias, promptText, promptKind, ...piece }: Row): BestPieceRow {
  return { ...piece, authorLabel: authorLabel(submissionType, name, pieceAlias), prompt: { text: promptText, kind: promptKind } };
}

function shown(readerId: string) {
  return readablePieceSql(readerById(readerId), sql`${submissions}`, "list");
}

/** Editors' Picks featured in [start, end), most recently picked first (submissions_featured_idx). */
export async function picksBetween(db: Queryable, readerId: string, start: Date, end: Date, limit = WEEKLY_MAX_PICKS): Promise<BestPieceRow[]> {
  const rows = await db
    .select(columns)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .where(and(eq(submissions.isFeatured, true), gte(submissions.featuredAt, start), lt(submissions.featuredAt, end), shown(readerId)))
    .orderBy(desc(submissions.featuredAt), desc(submissions.id))
    .limit(limit);
  return rows.map(toBest);
}

/**
 * The most-liked public pieces created in [start, end), leaving out `except` (bounded by `limit`;
 * the range reads submissions_public_created_idx, a week's or a month's public pieces).
 */
export async function mostLikedBetween(db: Queryable, readerId: string, start: Date, end: Date, limit: number, except: string[] = []): Promise<BestPieceRow[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select(columns)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .where(
      and(
        gte(submissions.createdAt, start),
        lt(submissions.createdAt, end),
        shown(readerId),
        except.length ? notInArray(submissions.id, except) : undefined,
      ),
    )
    .orderBy(desc(submissions.likeCount), desc(submissions.createdAt), desc(submissions.id))
    .limit(limit);
  return rows.map(toBest);
}

/** The weekly best-of of [start, end): the picks, filled up by likes when there are fewer than three. */
export async function weeklyBest(db: Queryable, readerId: string, start: Date, end: Date): Promise<{ picks: BestPieceRow[]; fill: BestPieceRow[] }> {
  const picks = await picksBetween(db, readerId, start, end);
  const fill = await mostLikedBetween(db, readerId, start, end, WEEKLY_MIN_PIECES - picks.length, picks.map((p) => p.id));
  return { picks, fill };
}
