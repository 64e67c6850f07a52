import { and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { promptLine } from "#shared/domain/markup.ts";
import { monthDays, monthLabel } from "#shared/domain/months.ts";
import { namedByPrompt, pieceName } from "#shared/domain/piece-name.ts";
import { countWords, pagesFor, totalPages } from "#shared/domain/words.ts";
import { COLLECTION_MAX_PIECES, type CollectionPiece, type CollectionResponse } from "#shared/schemas/collections.ts";
import type { Queryable } from "../../db/client.ts";
import { pieceVersionColumns } from "../../db/piece-versions.ts";
import { prompts, submissions } from "../../db/schema/index.ts";

/** Names in a collection: long enough to read, short enough for a list. */
const NAME_MAX = 120;

/**
 * A writer's own pieces of `month` by their own calendar dates (submissions_user_local_date_idx),
 * oldest first, each in the writer's current version: what the collection page, its downloads
 * and the monthly email show. Only ever the caller's own pieces (hidden ones too: they are theirs),
 * and only those written here (an imported piece is not part of the month's writing).
 */
export async function getCollection(db: Queryable, userId: string, month: string): Promise<CollectionResponse> {
  const { first, next } = monthDays(month);
  const inMonth = and(eq(submissions.userId, userId), gte(submissions.localDate, first), lt(submissions.localDate, next), isNull(submissions.importedAt));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ...pieceVersionColumns,
        localDate: submissions.localDate,
        isPrivate: submissions.isPrivate,
        promptText: prompts.text,
        promptKind: prompts.kind,
      })
      .from(submissions)
      .innerJoin(prompts, eq(prompts.id, submissions.promptId))
      .where(inMonth)
      .orderBy(asc(submissions.localDate), asc(submissions.createdAt), asc(submissions.id))
      .limit(COLLECTION_MAX_PIECES),
    db.select({ n: sql<number>`count(*)::int` }).from(submissions).where(inMonth),
  ]);
  const pieces = rows.map((r): CollectionPiece => {
    // The writer's current version: once edited, the private version (its title is their word, even removed).
    const edited = r.privateContent !== null;
    const title = edited ? r.privateTitle : r.title;
    const content = r.privateContent ?? r.content;
    const wordCount = edited ? (r.privateWordCount ?? countWords(content)) : r.wordCount;
    const prompt = { text: r.promptText, kind: r.promptKind };
    return {
      id: r.id,
      name: pieceName(title, prompt, { max: NAME_MAX }),
      prompt: namedByPrompt(title, prompt) || prompt.kind === "freewrite" ? null : promptLine(prompt.text),
      date: r.localDate,
      content,
      wordCount,
      pages: edited ? (r.privatePages ?? pagesFor(wordCount)) : r.pages,
      isPrivate: r.isPrivate,
    };
  });
  return {
    month,
    label: monthLabel(month),
    pieces,
    more: Math.max(0, (count?.n ?? 0) - pieces.length),
    wordCount: pieces.reduce((n, p) => n + p.wordCount, 0),
    pages: totalPages(pieces.map((p) => p.pages)),
  };
}
