import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { PROMPT_HISTORY_LIMIT } from "#shared/constants.ts";

/** A prompt's public, not hidden pieces (no viewer's blocks: the counts are shared), summed over its count rows. */
const shownCount = (promptId: SQL) => sql`(select coalesce(sum(c.shown_pieces), 0)::int from prompt_piece_counts c where c.prompt_id = ${promptId})`;

/**
 * Spec §7 prompt history: daily prompts dated up to the viewer's today whose text contains
 * neither "test" nor "draft", and (issue 11 item 3) every prompt with a public piece, whatever
 * its date or text: a viewer whose date is behind the server's (or ahead of it) sees cards for
 * prompts dated after their today, and the filter must offer each prompt a card can show. With
 * their public response counts (hidden pieces not counted), most answered first, then newest.
 * Bounded whatever the number of pieces (issue 28 item 5): the PROMPT_HISTORY_LIMIT most recent
 * such prompts, walked newest first along prompts_date_key, each count read from the prompt's
 * rows of prompt_piece_counts (kept by triggers as pieces come and go, migration 0019), not
 * counted from `submissions`.
 */
export function promptHistoryQuery(today: string): SQL {
  return sql`
    select p.id, p.date::text as date, p.text,
      ${shownCount(sql`p.id`)} as response_count
    from (
      select id, date, text from prompts
      where kind = 'daily' and (
        (date <= ${today}::date and text not ilike '%test%' and text not ilike '%draft%')
        or ${shownCount(sql`prompts.id`)} > 0
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
