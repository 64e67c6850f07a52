/**
 * EXPLAIN ANALYZE of the community queries exactly as the API builds them.
 *
 *   DATA_DIR=.tmp/bench-data npx tsx scripts/bench/explain.ts        (embedded; server stopped)
 *   DATABASE_URL=postgres://... npx tsx scripts/bench/explain.ts     (PostgreSQL)
 *
 * Optional: --q WORD (the search, default "lighthouse").
 */
import { sql, type SQL } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client.ts";
import { DataDirLockedError } from "../../src/server/db/lock.ts";
import { EnvError, loadEnv } from "../../src/server/env.ts";
import { feedPageQuery, type FeedRequest } from "../../src/server/modules/community/feed.query.ts";
import { queryPromptHistory } from "../../src/server/modules/community/prompt-history.service.ts";

const qi = process.argv.indexOf("--q");
const search = qi >= 0 ? process.argv[qi + 1]! : "lighthouse";

async function main() {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, holder: "scripts/bench/explain.ts" });
  try {
    const { db } = database;
    const explain = async (label: string, query: SQL) => {
      const result = (await db.execute(sql`explain (analyze, buffers, costs off) ${query}`)) as unknown as { rows: Record<string, string>[] };
      console.log(`\n=== ${label}\n${result.rows.map((r) => Object.values(r)[0]).join("\n")}`);
    };
    const now = new Date();
    const base: FeedRequest = { prompt: "all", filter: "all", sort: "recent", q: "", viewerId: null, now };
    const [somePrompt] = ((await db.execute(sql`select id from prompts where kind = 'daily' order by date desc offset 3 limit 1`)) as unknown as { rows: { id: string }[] }).rows;
    const cases: [string, FeedRequest][] = [
      ["feed: first page (Recent)", base],
      ["feed: Most Liked", { ...base, sort: "liked" }],
      [`feed: search "${search}"`, { ...base, q: search }],
      ["feed: Longest", { ...base, sort: "longest" }],
      ["feed: By Author", { ...base, sort: "author" }],
      ["feed: one prompt", { ...base, prompt: somePrompt!.id }],
      ["feed: Weekly Freewrite", { ...base, prompt: "freewrite" }],
      ["feed: Editor's Picks", { ...base, filter: "featured" }],
      ["feed: This Week, Most Liked", { ...base, filter: "week", sort: "liked" }],
    ];
    for (const [label, req] of cases) {
      // Twice: the first run warms the cache; the second is what a busy server sees.
      await db.execute(feedPageQuery(req, null)!);
      await explain(label, feedPageQuery(req, null)!);
    }
    const started = performance.now();
    const history = await queryPromptHistory(db, now.toISOString().slice(0, 10));
    console.log(`\n=== prompt history: ${history.prompts.length} prompts in ${(performance.now() - started).toFixed(1)} ms`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError || err instanceof EnvError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
