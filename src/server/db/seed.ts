import { sql } from "drizzle-orm";
import { FREEWRITE_PROMPT_TEXT } from "#shared/constants.ts";
import { localDate } from "#shared/domain/dates.ts";
import type { Db } from "./client.ts";
import { prompts } from "./schema/index.ts";

const FIRST_PROMPT =
  "**LARGE:The first page**\nWrite about a door you have never opened. Where is it, and what do you imagine waits on the other side?";

/** The Freewrite Session row, created when missing; safe when two requests race. */
export async function ensureFreewritePrompt(db: Db): Promise<{ id: string; text: string }> {
  await db.insert(prompts).values({ text: FREEWRITE_PROMPT_TEXT, kind: "freewrite", date: null }).onConflictDoNothing();
  const rows = await db
    .select({ id: prompts.id, text: prompts.text })
    .from(prompts)
    .where(sql`${prompts.kind} = 'freewrite'`)
    .limit(1);
  return rows[0]!;
}

/** A fresh database gets today's prompt and the freewrite prompt, so the app is usable at once. */
export async function seedFreshDatabase(db: Db, now: Date, timeZone: string): Promise<void> {
  await ensureFreewritePrompt(db);
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(prompts)
    .where(sql`${prompts.kind} = 'daily'`);
  if (count === 0) {
    await db.insert(prompts).values({ text: FIRST_PROMPT, date: localDate(now, timeZone), kind: "daily" }).onConflictDoNothing();
  }
}
