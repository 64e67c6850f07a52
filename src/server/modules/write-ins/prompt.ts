import type { Prompt } from "#shared/schemas/writing.ts";
import type { Db } from "../../db/client.ts";
import { todaysCirclePrompts } from "../circles/circle-prompts.service.ts";
import { getTodayPrompt } from "../writing/prompts.service.ts";
import type { SummaryRow } from "./summary.ts";

/**
 * The prompt a participant writes to: the site's prompt of their own day (as /write shows it),
 * or for a circle's write-in on the circle's prompt, the circle's prompt of their day when it has
 * one. `later`: a prompt dated after the writer's day (no earlier one stored), which the writing
 * session must carry for the piece to answer it (as POST /api/writing-sessions does).
 */
export async function writeInPrompt(db: Db, row: Pick<SummaryRow, "circle_id" | "prompt_mode">, userId: string, today: string): Promise<{ prompt: Prompt; later: boolean }> {
  if (row.prompt_mode === "circle" && row.circle_id) {
    const mine = (await todaysCirclePrompts(db, userId, today)).items.find((i) => i.circle.id === row.circle_id);
    if (mine) return { prompt: { id: mine.prompt.id, text: mine.prompt.text, date: mine.prompt.date, author: mine.prompt.author, kind: "circle" }, later: false };
  }
  const site = await getTodayPrompt(db, today);
  return { prompt: site.prompt, later: site.source === "later" };
}
