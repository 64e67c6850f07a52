import { eq } from "drizzle-orm";
import type { PromptKind } from "#shared/domain/prompt-choice.ts";
import { pieceName } from "#shared/domain/piece-name.ts";
import type { Queryable } from "../../db/client.ts";
import { prompts, submissions } from "../../db/schema/index.ts";

/** How long a piece's name may be in a notification. */
export const NOTIFIED_PIECE_NAME_MAX = 80;

/** A piece's name as its community copy is called (title, else its prompt, else "Untitled"), cut for a notification. */
export function notifiedPieceName(title: string | null, promptText: string | null, promptKind: PromptKind | null): string {
  return pieceName(title, promptText !== null && promptKind !== null ? { text: promptText, kind: promptKind } : null, { max: NOTIFIED_PIECE_NAME_MAX });
}

/** The columns that name a notification's piece (a left join of submissions and prompts). */
export const pieceNameColumns = { title: submissions.title, promptText: prompts.text, promptKind: prompts.kind };

/** The piece's name now, or null when it is gone. */
export async function pieceNameOf(tx: Queryable, pieceId: string): Promise<string | null> {
  const [row] = await tx
    .select(pieceNameColumns)
    .from(submissions)
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .where(eq(submissions.id, pieceId));
  return row ? notifiedPieceName(row.title, row.promptText, row.promptKind) : null;
}
