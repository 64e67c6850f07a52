import { eq } from "drizzle-orm";
import type { PromptHistory } from "#shared/schemas/community.ts";
import type { Db } from "../../db/client.ts";
import { prompts } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { promptHistoryQuery, promptHistoryRow } from "./prompt-history.query.ts";
import { typedRows } from "../../db/typed-rows.ts";

/** The prompt filter's options as of `today` (see promptHistoryQuery), and the freewrite prompt. */
export async function queryPromptHistory(db: Db, today: string): Promise<PromptHistory> {
  const rows = await typedRows(db, promptHistoryQuery(today), promptHistoryRow);
  const [free] = await db.select({ id: prompts.id }).from(prompts).where(eq(prompts.kind, "freewrite")).limit(1);
  return {
    prompts: rows.map((r) => ({ id: r.id, date: r.date, text: r.text, responseCount: r.response_count })),
    freewritePromptId: free?.id ?? null,
  };
}

/** The history reads a few rows a prompt (prompt_piece_counts); kept anyway until the counts change, so a busy feed asks once. */
const HISTORY_CACHE_MS = 60_000;
const COUNT_CHANGING_EVENTS = new Set(["piece:published", "piece:deleted"]);
const historyCaches = new WeakMap<Deps, Map<string, { at: number; value: Promise<PromptHistory> }>>();

/**
 * The prompt history, cached per instance and per "today" for up to a minute, and dropped as
 * soon as any instance publishes or deletes a piece (the live events reach every instance; this
 * instance's own also when recorded).
 */
export function getPromptHistory(deps: Deps, today: string): Promise<PromptHistory> {
  let cache = historyCaches.get(deps);
  if (!cache) {
    const entries = new Map<string, { at: number; value: Promise<PromptHistory> }>();
    const drop = (e: { type: string }) => {
      if (COUNT_CHANGING_EVENTS.has(e.type)) entries.clear();
    };
    // Delivered events (any instance, after their commit), and this instance's own as it records
    // them: its next read must not wait for PostgreSQL's NOTIFY to come back.
    deps.realtime.subscribe(drop);
    deps.realtime.onLocalPublish(drop);
    // Events may have been missed while the LISTEN connection was down.
    deps.realtime.onResync(() => entries.clear());
    historyCaches.set(deps, entries);
    cache = entries;
  }
  const now = Date.now();
  const hit = cache.get(today);
  if (hit && now - hit.at < HISTORY_CACHE_MS) return hit.value;
  const value = queryPromptHistory(deps.db, today);
  cache.set(today, { at: now, value });
  value.catch(() => cache.delete(today));
  return value;
}
