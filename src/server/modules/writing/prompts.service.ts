import { and, asc, desc, eq, gt, lte, sql } from "drizzle-orm";
import { EMERGENCY_PROMPT } from "#shared/constants.ts";
import { isUuid } from "#shared/domain/ids.ts";
import { choosePrompt, mayAnswerPrompt } from "#shared/domain/prompt-choice.ts";
import { WRITING_MESSAGES } from "#shared/domain/writing-session.ts";
import type { Prompt, TodayPromptResponse } from "#shared/schemas/writing.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { promptColumns } from "../../db/query-parts.ts";
import { prompts } from "../../db/schema/index.ts";
import { ensureFreewritePrompt } from "../../db/seed.ts";
import { HttpError } from "../../http/errors.ts";

const isDaily = eq(prompts.kind, "daily");

/**
 * The stored prompt for the writer's `today` by the rule in shared/domain/prompt-choice.ts
 * (own date, else nearest earlier, else nearest later); null only when no daily prompt exists.
 * prompts_date_key (unique on date) serves both probes.
 */
export async function chooseStoredPrompt(q: Queryable, today: string): Promise<TodayPromptResponse | null> {
  const [onOrBefore] = await q.select(promptColumns).from(prompts).where(and(isDaily, lte(prompts.date, today))).orderBy(desc(prompts.date)).limit(1);
  const [after] = onOrBefore ? [] : await q.select(promptColumns).from(prompts).where(and(isDaily, gt(prompts.date, today))).orderBy(asc(prompts.date)).limit(1);
  return choosePrompt(today, onOrBefore ?? null, after ?? null);
}

/**
 * Today's prompt for a writer whose own date is `today`: always a stored prompt they can save
 * and publish against. Only a truly empty prompts table falls back to the emergency prompt, and
 * then stores it as `today`'s prompt first. That happens under a table lock that conflicts with
 * itself, so writers (or app instances) arriving at once store one prompt, not one each.
 */
export async function getTodayPrompt(db: Db, today: string): Promise<TodayPromptResponse> {
  const chosen = await chooseStoredPrompt(db, today);
  if (chosen) return chosen;
  const stored = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${prompts} in share row exclusive mode`);
    const meanwhile = await chooseStoredPrompt(tx, today);
    if (meanwhile) return meanwhile;
    await tx.insert(prompts).values({ text: EMERGENCY_PROMPT, date: today, kind: "daily" }).onConflictDoNothing();
    return chooseStoredPrompt(tx, today);
  });
  if (!stored) throw new HttpError(503, "no_prompt", WRITING_MESSAGES.noPrompt);
  return stored;
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

/**
 * The prompt named by a piece written on the writer's `today`, when they may answer it
 * (mayAnswerPrompt): dated up to their date, the freewrite prompt, or, dated later, exactly the
 * prompt getTodayPrompt shows them now or showed when their writing session started
 * (`shownAtStart`, signed into it). Null otherwise, and for an id that names no prompt.
 */
export async function findAnswerablePrompt(db: Db, id: string | null | undefined, today: string, shownAtStart?: string) {
  const prompt = id && isUuid(id) ? await findPrompt(db, id) : null;
  if (!prompt || mayAnswerPrompt(prompt, today, shownAtStart ?? null)) return prompt;
  const shown = await chooseStoredPrompt(db, today);
  return mayAnswerPrompt(prompt, today, shown?.prompt.id ?? null) ? prompt : null;
}
