import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { FREEWRITE_PROMPT_TEXT } from "#shared/constants.ts";
import { isUuid } from "#shared/domain/ids.ts";
import { countWords, pagesFor } from "#shared/domain/words.ts";
import { importReportLine, type ImportResponse, type ImportUnreadable } from "#shared/schemas/import.ts";
import type { Tx } from "../../db/client.ts";
import { prompts, submissions } from "../../db/schema/index.ts";
import { ensureFreewritePrompt } from "../../db/seed.ts";
import type { Deps } from "../../deps.ts";
import { streakOf } from "../writing/streak.service.ts";
import type { ImportCandidate } from "./read-files.ts";

/*
 * Writes the pieces of an import (issue 15 item 2) in one transaction, after everything was read
 * and checked: private, with their own dates, marked `imported_at` so that no streak, page,
 * achievement, tier, collection or community count includes them, and nothing else of the writer's
 * (their streak row, achievements, notifications, live events) moves. A piece whose local date and
 * text match one already in the portfolio (or earlier in the same upload), or whose archive id is
 * one of the writer's own pieces, is a duplicate: skipped and counted.
 */

const INSERT_BATCH = 500;

const md5 = (text: string) => createHash("md5").update(text, "utf8").digest("hex");
const key = (localDate: string, textMd5: string) => `${localDate} ${textMd5}`;

/** The writer's existing pieces on the upload's dates (submissions_user_local_date_idx), as date + text keys, and which archive ids are theirs. */
async function existingKeys(tx: Tx, userId: string, pieces: ImportCandidate[]): Promise<{ keys: Set<string>; ids: Set<string> }> {
  const dates = [...new Set(pieces.map((p) => p.localDate))];
  const sourceIds = [...new Set(pieces.map((p) => p.sourceId).filter((id): id is string => !!id && isUuid(id)))];
  const [rows, own] = await Promise.all([
    dates.length
      ? tx
          .select({ localDate: submissions.localDate, content: sql<string>`md5(${submissions.content})`, priv: sql<string | null>`md5(${submissions.privateContent})` })
          .from(submissions)
          .where(and(eq(submissions.userId, userId), inArray(submissions.localDate, dates)))
      : [],
    sourceIds.length
      ? tx.select({ id: submissions.id }).from(submissions).where(and(eq(submissions.userId, userId), inArray(submissions.id, sourceIds)))
      : [],
  ]);
  const keys = new Set<string>();
  for (const r of rows) {
    keys.add(key(r.localDate, r.content));
    if (r.priv) keys.add(key(r.localDate, r.priv));
  }
  return { keys, ids: new Set(own.map((r) => r.id)) };
}

/**
 * The prompt each piece answers: the stored daily prompt of its `prompt_date` when its text is
 * the same (a piece written here, exported, imported back), else the Freewrite Session row, the
 * original prompt text kept in `imported_prompt` to be shown on the piece.
 */
async function promptsFor(tx: Tx, freewriteId: string, pieces: ImportCandidate[]) {
  const dates = [...new Set(pieces.map((p) => p.promptDate).filter((d): d is string => d !== null))];
  const stored = dates.length
    ? await tx.select({ id: prompts.id, date: prompts.date, text: prompts.text }).from(prompts).where(and(eq(prompts.kind, "daily"), inArray(prompts.date, dates)))
    : [];
  const byDate = new Map(stored.map((p) => [p.date, p]));
  return (piece: ImportCandidate): { promptId: string; importedPrompt: string | null } => {
    const match = piece.promptDate ? byDate.get(piece.promptDate) : undefined;
    if (match && piece.prompt && match.text.trim() === piece.prompt.trim()) return { promptId: match.id, importedPrompt: null };
    const own = piece.prompt && piece.prompt !== FREEWRITE_PROMPT_TEXT ? piece.prompt : null;
    return { promptId: freewriteId, importedPrompt: own };
  };
}

function versionColumns(piece: ImportCandidate) {
  const words = countWords(piece.published.text);
  const priv = piece.private;
  const privWords = priv ? countWords(priv.text) : null;
  return {
    title: piece.published.title,
    content: piece.published.text,
    wordCount: words,
    pagesWritten: pagesFor(words),
    privateTitle: priv ? priv.title : null,
    privateContent: priv ? priv.text : null,
    privateWordCount: privWords,
    privatePagesWritten: privWords === null ? null : pagesFor(privWords),
  };
}

export async function importPieces(deps: Deps, userId: string, pieces: ImportCandidate[], unreadable: ImportUnreadable[]): Promise<ImportResponse> {
  const now = deps.clock.now();
  const freewrite = pieces.length ? await ensureFreewritePrompt(deps.db) : null;
  const counts = await deps.db.transaction(async (tx) => {
    // One import (or piece) at a time per writer: a second upload sees this one's pieces as duplicates.
    await streakOf(tx, userId, true);
    const existing = await existingKeys(tx, userId, pieces);
    const promptOf = await promptsFor(tx, freewrite?.id ?? "", pieces);
    const seen = existing.keys;
    let duplicates = 0;
    const rows: (typeof submissions.$inferInsert)[] = [];
    for (const piece of pieces) {
      const k = key(piece.localDate, md5(piece.published.text));
      if (seen.has(k) || (piece.sourceId && existing.ids.has(piece.sourceId))) {
        duplicates++;
        continue;
      }
      seen.add(k);
      rows.push({
        userId,
        ...promptOf(piece),
        ...versionColumns(piece),
        submissionType: "name",
        isPrivate: true,
        localDate: piece.localDate,
        createdAt: piece.createdAt,
        updatedAt: piece.updatedAt,
        importedAt: now,
      });
    }
    for (let at = 0; at < rows.length; at += INSERT_BATCH) await tx.insert(submissions).values(rows.slice(at, at + INSERT_BATCH));
    return { imported: rows.length, duplicates };
  });
  const result = { ...counts, unreadable };
  return { ...result, report: importReportLine(result) };
}
