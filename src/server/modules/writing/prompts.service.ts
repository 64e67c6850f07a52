import { promptColumns } from "../../db/query-parts.ts";
import { and, desc, eq, lte } from "drizzle-orm";
import { EMERGENCY_PROMPT } from "#shared/constants.ts";
import { WRITING_MESSAGES } from "#shared/domain/writing-session.ts";
import type { Prompt, TodayPromptResponse } from "#shared/schemas/writing.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { prompts } from "../../db/schema/index.ts";
import { ensureFreewritePrompt } from "../../db/seed.ts";
import { HttpError } from "../../http/errors.ts";


/** Today's prompt for the writer's own date; else the latest before it; else the emergency prompt. */
export async function getTodayPrompt(db: Db, today: string): Promise<TodayPromptResponse> {
  // prompts_date_key (unique on date) serves this: one index probe, newest first.
  const [row] = await db
    .select(promptColumns)
    .from(prompts)
    .where(and(eq(prompts.kind, "daily"), lte(prompts.date, today)))
    .orderBy(desc(prompts.date))
    .limit(1);
  if (!row) return { prompt: { id: null, text: EMERGENCY_PROMPT, date: null, author: null, kind: "daily" }, source: "emergency" };
  return { prompt: row, source: row.date === today ? "today" : "earlier" };
}

export async function getFreewritePrompt(db: Db): Promise<Prompt> {
  const row = await ensureFreewritePrompt(db).catch(() => null);
  if (!row) throw new HttpError(503, "no_prompt", WRITING_MESSAGES.noFreewritePrompt);
  return { id: row.id, text: row.text, date: null, author: null, kind: "freewrite" };
}

/** The prompt a piece answers, if it exists (any kind); null for anything that names none. */
export async function findPrompt(q: Queryable, id: string) {
  const [row] = await q.select(promptColumns).from(prompts).where(eq(prompts.id, id)).limit(1);
  return row ?? null;
}
