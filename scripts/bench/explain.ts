/**
 * EXPLAIN (ANALYZE, BUFFERS) of every listing query the app runs — the community feed (each
 * view and sort, search, a later page), the prompt history, a piece's comments, a writer's
 * portfolio, and the admin lists — exactly as the API runs them: the app's own service
 * functions run on a database whose Drizzle logger records each statement, which is then
 * explained with the same parameters. `npm run bench` puts the result in BENCHMARKS.md.
 *
 *   DATABASE_URL=postgres://... npx tsx scripts/bench/explain.ts      (PostgreSQL)
 *   DATA_DIR=.tmp/bench-data npx tsx scripts/bench/explain.ts          (embedded; server stopped)
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { weekStart } from "../../src/shared/domain/dates.ts";
import { PORTFOLIO_PAGE_SIZE } from "../../src/shared/schemas/portfolio.ts";
import { PGLITE_EXTENSIONS, type Db } from "../../src/server/db/client.ts";
import { noJit } from "../../src/server/db/postgres.ts";
import { lockDataDir } from "../../src/server/db/lock.ts";
import * as schema from "../../src/server/db/schema/index.ts";
import { loadEnv } from "../../src/server/env.ts";
import { adminPodium, publicPodium } from "../../src/server/modules/admin/picks.service.ts";
import { listPrompts, listPromptSubmissions } from "../../src/server/modules/admin/prompts.service.ts";
import { getWeek } from "../../src/server/modules/admin/scheduler.service.ts";
import { getUserDetail, searchUsers } from "../../src/server/modules/admin/users.service.ts";
import { listComments } from "../../src/server/modules/community/comments.service.ts";
import type { FeedRequest } from "../../src/server/modules/community/feed.query.ts";
import { getFeedPage } from "../../src/server/modules/community/feed.service.ts";
import { queryPromptHistory } from "../../src/server/modules/community/prompt-history.service.ts";
import { listMySubmissions } from "../../src/server/modules/portfolio/my-pieces.query.ts";

export interface ExplainedQuery {
  sql: string;
  plan: string;
  executionMs: number;
}
export interface ExplainedCase {
  label: string;
  queries: ExplainedQuery[];
}

/** A database whose statements are recorded, and a way to EXPLAIN one of them. */
interface Recording {
  db: Db;
  recorded: { sql: string; params: unknown[] }[];
  explain(sql: string, params: unknown[]): Promise<string[]>;
  close(): Promise<void>;
}

async function openRecording(databaseUrl: string | undefined, dataDir: string): Promise<Recording> {
  const recorded: Recording["recorded"] = [];
  const logger: Logger = { logQuery: (sql, params) => void recorded.push({ sql, params }) };
  const prefix = "explain (analyze, buffers, costs off) ";
  if (databaseUrl) {
    // The app's own session settings (no JIT: src/server/db/postgres.ts), so the plans are the app's.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, onConnect: noJit });
    const db = drizzlePg(pool, { schema, casing: "snake_case", logger }) as unknown as Db;
    const explain = async (sql: string, params: unknown[]) => (await pool.query<Record<string, string>>(prefix + sql, params)).rows.map((r) => Object.values(r)[0]!);
    return { db, recorded, explain, close: () => pool.end() };
  }
  const lock = lockDataDir(dataDir, "scripts/bench/explain.ts");
  const client = await PGlite.create(join(dataDir, "db"), { extensions: PGLITE_EXTENSIONS }).catch((err: unknown) => {
    lock.release();
    throw err;
  });
  const db = drizzlePglite(client, { schema, casing: "snake_case", logger }) as unknown as Db;
  const explain = async (sql: string, params: unknown[]) => (await client.query<Record<string, string>>(prefix + sql, params)).rows.map((r) => Object.values(r)[0]!);
  return { db, recorded, explain, close: async () => void (await client.close(), lock.release()) };
}

type Case = [label: string, run: (db: Db) => Promise<unknown>];

/** The listings, with ids taken from the data: writer-1's portfolio, a prompt a few days back. */
async function cases(db: Db): Promise<Case[]> {
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const { rows } = (await db.execute(`
    select (select id from users where email = 'writer-1@seed.inkwell.invalid') as writer,
           (select id from prompts where kind = 'daily' order by date desc offset 3 limit 1) as prompt,
           (select id from submissions where comment_count > 0 and is_private = false order by created_at desc limit 1) as commented`)) as unknown as {
    rows: { writer: string | null; prompt: string; commented: string | null }[];
  };
  const { writer, prompt, commented } = rows[0]!;
  const base: FeedRequest = { prompt: "all", filter: "all", sort: "recent", q: "", viewerId: null, now };
  let page = await getFeedPage(db, base);
  for (let n = 2; n < 5 && page.nextCursor; n++) page = await getFeedPage(db, { ...base, cursor: page.nextCursor });
  const laterCursor = page.nextCursor;
  const feed = (label: string, req: Partial<FeedRequest>): Case => [`feed: ${label}`, (d) => getFeedPage(d, { ...base, ...req })];
  const list: Case[] = [
    feed("first page (Recent)", {}),
    feed("Most Liked", { sort: "liked" }),
    feed('search, common word ("lighthouse")', { q: "lighthouse" }),
    feed('search, rare word ("marovel")', { q: "marovel" }),
    feed("Longest", { sort: "longest" }),
    feed("By Author", { sort: "author" }),
    feed("one prompt", { prompt }),
    feed("Weekly Freewrite", { prompt: "freewrite" }),
    feed("Editor's Picks", { filter: "featured" }),
    feed("This Week, Most Liked", { filter: "week", sort: "liked" }),
    ...(laterCursor ? [feed("page 5 by cursor", { cursor: laterCursor })] : []),
    ["prompt history (the prompt filter's list)", (d) => queryPromptHistory(d, today)],
    ...(commented ? [["a piece's comments", (d: Db) => listComments(d, commented, null)] as Case] : []),
    ["admin: prompts database", (d) => listPrompts(d, undefined)],
    ["admin: a prompt's pieces", (d) => listPromptSubmissions(d, prompt, undefined)],
    ["admin: users, first page", (d) => searchUsers(d, undefined, undefined)],
    ['admin: users, search "ada"', (d) => searchUsers(d, "ada", undefined)],
    ["admin: weekly scheduler", (d) => getWeek(d, weekStart(today), today)],
    ["admin: Editor's Picks podium", (d) => adminPodium(d)],
    ["podium (public)", (d) => publicPodium(d)],
  ];
  if (writer) {
    for (const sort of ["recent", "title", "words"] as const) {
      list.push([`portfolio: ${sort}`, (d) => listMySubmissions(d, writer, { sort, limit: PORTFOLIO_PAGE_SIZE })]);
    }
    list.push(['portfolio: search "lighthouse"', (d) => listMySubmissions(d, writer, { sort: "recent", q: "lighthouse", limit: PORTFOLIO_PAGE_SIZE })]);
    list.push(["admin: a user's details and pieces", (d) => getUserDetail(d, writer, undefined)]);
  }
  return list;
}

export async function explainAll(databaseUrl: string | undefined, dataDir: string): Promise<ExplainedCase[]> {
  const rec = await openRecording(databaseUrl, dataDir);
  try {
    const out: ExplainedCase[] = [];
    for (const [label, run] of await cases(rec.db)) {
      await run(rec.db); // warms the cache: the plan below is what a busy server sees
      rec.recorded.length = 0;
      await run(rec.db);
      const statements = rec.recorded.splice(0).filter((q) => /^\s*(select|with)\b/i.test(q.sql));
      const queries: ExplainedQuery[] = [];
      for (const q of statements) {
        const plan = await rec.explain(q.sql, q.params);
        const ms = /Execution Time: ([\d.]+) ms/.exec(plan.join("\n"))?.[1];
        queries.push({ sql: q.sql, plan: plan.join("\n"), executionMs: Number(ms ?? NaN) });
      }
      out.push({ label, queries });
    }
    return out;
  } finally {
    await rec.close();
  }
}

/** The plans as Markdown: a summary table, then each plan. */
export function explainMarkdown(explained: ExplainedCase[]): string {
  const firstNode = (plan: string) => plan.split("\n").find((l) => /Scan/.test(l))?.replace(/^\s*(->\s*)?/, "").replace(/\s*\(actual.*$/, "") ?? "";
  const rows = explained.map((c) => {
    const total = c.queries.reduce((s, q) => s + q.executionMs, 0);
    const slowest = [...c.queries].sort((a, b) => b.executionMs - a.executionMs)[0];
    return `| ${c.label} | ${c.queries.length} | ${total.toFixed(2)} | ${slowest ? `\`${firstNode(slowest.plan)}\`` : ""} |`;
  });
  const plans = explained.flatMap((c) =>
    c.queries.map((q, i) => `#### ${c.label}${c.queries.length > 1 ? ` (query ${i + 1} of ${c.queries.length})` : ""}\n\n\`\`\`\n${q.plan}\n\`\`\`\n`),
  );
  return [
    "| listing | queries | execution ms (sum) | first scan of the slowest query |",
    "|---|---|---|---|",
    ...rows,
    "",
    ...plans,
  ].join("\n");
}

// Run directly: print the plans for the database in the environment.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const env = loadEnv();
  explainAll(env.DATABASE_URL, env.DATA_DIR).then(
    (explained) => console.log(explainMarkdown(explained)),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
