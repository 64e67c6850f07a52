import { sql } from "drizzle-orm";
import { z } from "zod";
import { WRITING_MESSAGES } from "#shared/domain/writing-session.ts";
import type { Prompt } from "#shared/schemas/writing.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { typedRows } from "../../db/typed-rows.ts";
import { HttpError } from "../../http/errors.ts";
import { todaysCirclePrompts } from "../circles/circle-prompts.service.ts";
import { getTodayPrompt } from "../writing/prompts.service.ts";
import type { SummaryRow } from "./summary.ts";

/**
 * The prompt a participant writes to: the write-in's own prompt (prompt_mode "own", a prompts row
 * of kind "write_in"), or the site's prompt of their own day (as /write shows it), or for a
 * circle's write-in on the circle's prompt, the circle's prompt of their day when it has one.
 * `later`: a prompt dated after the writer's day (no earlier one stored), which the writing
 * session must carry for the piece to answer it (as POST /api/writing-sessions does).
 */
export async function writeInPrompt(
  db: Db,
  row: Pick<SummaryRow, "circle_id" | "prompt_mode" | "prompt_id" | "prompt_text">,
  userId: string,
  today: string,
): Promise<{ prompt: Prompt; later: boolean }> {
  if (row.prompt_mode === "own" && row.prompt_id && row.prompt_text !== null) {
    return { prompt: { id: row.prompt_id, text: row.prompt_text, date: null, author: null, kind: "write_in" }, later: false };
  }
  if (row.prompt_mode === "circle" && row.circle_id) {
    const mine = (await todaysCirclePrompts(db, userId, today)).items.find((i) => i.circle.id === row.circle_id);
    if (mine) return { prompt: { id: mine.prompt.id, text: mine.prompt.text, date: mine.prompt.date, author: mine.prompt.author, kind: "circle" }, later: false };
  }
  const site = await getTodayPrompt(db, today);
  return { prompt: site.prompt, later: site.source === "later" };
}

const ruleRow = z.object({ circle_id: z.string().nullable(), member: z.boolean() });

/**
 * A piece answering the write-in prompt `promptId` (kind "write_in"): its writer must have joined a
 * write-in that brings it (a weekly series' weeks share one, write_ins_prompt_idx), and for a
 * circle's write-in still be in the circle, whose words it is: a publish then goes to that circle
 * alone, as a circle's prompt's does. Returns that circle's id (null: a community write-in, any
 * audience), or throws the refusal /write gives for a prompt one may not answer.
 */
export async function writeInPromptRule(q: Queryable, userId: string, promptId: string): Promise<string | null> {
  const [row] = await typedRows(
    q,
    sql`select w.circle_id,
        (w.circle_id is null or exists (select 1 from circle_members cm where cm.circle_id = w.circle_id and cm.user_id = ${userId}::uuid)) as member
      from write_ins w
      join write_in_participants p on p.write_in_id = w.id and p.user_id = ${userId}::uuid
      where w.prompt_id = ${promptId}::uuid
      limit 1`,
    ruleRow,
  );
  if (!row?.member) throw new HttpError(422, "no_prompt", WRITING_MESSAGES.noPrompt);
  return row.circle_id;
}
