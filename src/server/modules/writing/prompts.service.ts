import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { EMERGENCY_PROMPT } from "#shared/constants.ts";
import { isUuid } from "#shared/domain/ids.ts";
import { choosePrompt, mayAnswerPrompt, PROMPT_KINDS } from "#shared/domain/prompt-choice.ts";
import { WRITING_MESSAGES } from "#shared/domain/writing-session.ts";
import type { Prompt, TodayPromptResponse } from "#shared/schemas/writing.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { promptColumns } from "../../db/query-parts.ts";
import { prompts } from "../../db/schema/index.ts";
import { ensureFreewritePrompt } from "../../db/seed.ts";
import { HttpError } from "../../http/errors.ts";
import { FixedStatement, fixedRows } from "../../db/typed-rows.ts";

/**
 * The daily prompts nearest a writer's `today`: the one on or before it (`side` 0) and the one
 * after it (`side` 1), each a probe of prompts_date_key (unique on date), in one statement built
 * by Drizzle once (FixedStatement: every writing page and home page asks it).
 */
const nearestPrompts = new FixedStatement(
  ["today"],
  ({ today }) => sql`
    (select id, date::text as date, kind, text, author, 0 as side from prompts
      where kind = 'daily' and date <= ${today}::date order by date desc limit 1)
    union all
    (select id, date::text as date, kind, text, author, 1 as side from prompts
      where kind = 'daily' and date > ${today}::date order by date asc limit 1)`,
);
const nearestRow = z.object({ id: z.string(), date: z.string(), kind: z.enum(PROMPT_KINDS), text: z.string(), author: z.string().nullable(), side: z.coerce.number() });

/**
 * The stored prompt for the writer's `today` by the rule in shared/domain/prompt-choice.ts
 * (own date, else nearest earlier, else nearest later); null only when no daily prompt exists.
 */
export async function chooseStoredPrompt(q: Queryable, today: string): Promise<TodayPromptResponse | null> {
  const rows = await fixedRows(q, nearestPrompts, { today }, nearestRow);
  const prompt = (side: number) => {
    const row = rows.find((r) => r.side === side);
    return row ? { id: row.id, date: row.date, kind: row.kind, text: row.text, author: row.author } : null;
  };
  return choosePrompt(today, prompt(0), prompt(1));
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
