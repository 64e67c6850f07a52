import { localDate } from "#shared/domain/dates.ts";
import { pagesFor } from "#shared/domain/words.ts";
import { submissions } from "#server/db/schema/index.ts";
import type { WritingStats } from "#shared/schemas/writing-stats.ts";
import { createPrompt } from "#tests/factories.ts";
import type { TestApp } from "#tests/setup/app.ts";

/** A piece for the calendar tests: written at `at` in `zone` (its local day), `words` long, maybe imported. */
export interface CalendarPiece {
  at: Date;
  zone: string;
  words: number;
  imported?: boolean;
}

/** Inserts the pieces directly (the calendar reads what is stored, not how it got there). */
export async function insertPieces(t: TestApp, userId: string, pieces: CalendarPiece[]): Promise<void> {
  if (pieces.length === 0) return;
  const { id: promptId } = await createPrompt(t, { date: "2030-01-01" });
  await t.deps.db.insert(submissions).values(
    pieces.map((p, i) => ({
      userId,
      promptId,
      content: "words ".repeat(3),
      wordCount: p.words,
      pagesWritten: pagesFor(p.words),
      submissionType: "name" as const,
      isPrivate: true,
      localDate: localDate(p.at, p.zone),
      idempotencyKey: `cal-${i}-${p.at.getTime()}-${Math.random()}`,
      importedAt: p.imported ? p.at : null,
      createdAt: p.at,
      updatedAt: p.at,
    })),
  );
}

export const getStats = (t: TestApp, cookie: string | null, query = "") => t.json<WritingStats & { code?: string; message?: string }>(`/api/me/stats${query}`, { cookie });
