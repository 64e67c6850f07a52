import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { PROMPT_HISTORY_LIMIT } from "#shared/constants.ts";
import { readablePieceSql, VISITOR } from "../../db/audience.ts";

/** Responses as everyone counts them: public and not hidden (no viewer's blocks: the counts are shared). */
const counted = readablePieceSql(VISITOR, sql`s`, "list");

/**
 * Spec §7 prompt history: daily prompts dated up to the viewer's today whose text contains
 * neither "test" nor "draft", and (issue 11 item 3) every prompt with a public piece, whatever
 * its date or text: a viewer whose date is behind the server's (or ahead of it) sees cards for
 * prompts dated after their today, and the filter must offer each prompt a card can show. With
 * their public response counts (hidden pieces not counted), most answered first, then newest. Bounded: the
 * PROMPT_HISTORY_LIMIT most recent such prompts, walked newest first along prompts_date_key; the
 * public-piece test and each count go through submissions_prompt_created_idx.
 */
export function promptHistoryQuery(today: string): SQL {
  return sql`
    select p.id, p.date::text as date, p.text,
      (select count(*)::int from submissions s where s.prompt_id = p.id and ${counted}) as response_count
    from (
      select id, date, text from prompts
      where kind = 'daily' and (
        (date <= ${today}::date and text not ilike '%test%' and text not ilike '%draft%')
        or exists (select 1 from submissions s where s.prompt_id = prompts.id and ${counted})
      )
      order by date desc
      limit ${PROMPT_HISTORY_LIMIT}
    ) p
    order by response_count desc, p.date desc
  `;
}

export const promptHistoryRow = z.object({
  id: z.string(),
  date: z.string(),
  text: z.string(),
  response_count: z.number(),
});
