/**
 * The writing calendar benchmark (issue 16 item 6): GET /api/me/stats's one statement
 * (getWritingStats) for a writer with 1,000 and with 10,000 pieces, on PostgreSQL, among other
 * writers' pieces. Reports the plan (which index, how many buffers), the median time of the
 * current year and of a past year, and the 10,000 : 1,000 ratio.
 *
 *   npx tsx scripts/bench/calendar.ts [--sizes 1000,10000] [--others 50000]
 *
 * BENCH_DATABASE_URL names a PostgreSQL server to use (else a throwaway cluster is started).
 */
import type { Logger } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsFolder, type Db } from "../../src/server/db/client.ts";
import * as schema from "../../src/server/db/schema/index.ts";
import { getWritingStats } from "../../src/server/modules/portfolio/writing-stats.query.ts";
import { dropDatabase, findPostgres, freshDatabase, serverVersion } from "./cluster.ts";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const SIZES = arg("--sizes", "1000,10000").split(",").map(Number);
const OTHERS = Number(arg("--others", "50000"));
const RUNS = 15;
/** Pieces spread over this many days back (four years): several a day at 10,000. */
const SPAN_DAYS = 1460;

/** A writer and `n` of their pieces (a tenth of them imported), spread over SPAN_DAYS. */
async function seedWriter(client: pg.Client, email: string, n: number): Promise<string> {
  const { rows } = await client.query<{ id: string }>(`insert into users (email, name, time_zone) values ($1, 'Bench Writer', 'America/New_York') returning id`, [email]);
  const id = rows[0]!.id;
  await client.query(
    `insert into submissions (user_id, prompt_id, content, word_count, pages_written, submission_type, is_private, local_date, created_at, updated_at, imported_at)
     select $1::uuid, (select id from prompts order by date limit 1), 'Words for the calendar bench.', 100 + g % 900, round((100 + g % 900) / 250.0, 2),
            'name', g % 3 = 0, current_date - (g % ${SPAN_DAYS}),
            (current_date - (g % ${SPAN_DAYS}))::timestamptz + make_interval(hours => g % 24),
            (current_date - (g % ${SPAN_DAYS}))::timestamptz + make_interval(hours => g % 24),
            case when g % 10 = 0 then now() end
     from generate_series(1, $2::int) g`,
    [id, n],
  );
  return id;
}

async function median(db: Db, userId: string, year: number | undefined): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await getWritingStats(db, userId, new Date(), year);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)]!;
}

async function main() {
  const pgServer = await findPostgres();
  const name = "inkwell_bench_calendar";
  try {
    const url = await freshDatabase(pgServer, name);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const recorded: { sql: string; params: unknown[] }[] = [];
    const logger: Logger = { logQuery: (sql, params) => void recorded.push({ sql, params }) };
    const db = drizzle(pool, { schema, casing: "snake_case", logger }) as unknown as Db;
    await migrate(drizzle(pool), { migrationsFolder });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`insert into prompts (text, date, kind) values ('A bench prompt', current_date - ${SPAN_DAYS}, 'daily')`);
    // Other writers' pieces around ours, so the plan must pick one writer's entries.
    const others = 20;
    for (let w = 0; w < others; w++) await seedWriter(client, `other-${w}@bench.invalid`, Math.round(OTHERS / others));
    const writers = new Map<number, string>();
    for (const n of SIZES) writers.set(n, await seedWriter(client, `writer-${n}@bench.invalid`, n));
    await client.query("vacuum analyze submissions");
    await client.end();

    console.log(`PostgreSQL: ${await serverVersion(url)}; ${OTHERS} pieces of ${others} other writers; ${RUNS} runs each, median.`);
    const results: { n: number; current: number; past: number }[] = [];
    for (const n of SIZES) {
      const userId = writers.get(n)!;
      const thisYear = new Date().getUTCFullYear();
      await median(db, userId, undefined); // warm
      const current = await median(db, userId, undefined);
      const past = await median(db, userId, thisYear - 2);
      results.push({ n, current, past });
      recorded.length = 0;
      await getWritingStats(db, userId, new Date(), thisYear - 2);
      const { sql, params } = recorded.at(-1)!;
      const plan = (await pool.query<Record<string, string>>(`explain (analyze, buffers, costs off) ${sql}`, params)).rows.map((r) => Object.values(r)[0]!);
      const usesIndex = plan.some((l) => l.includes("submissions_user_calendar_idx"));
      console.log(`\n${n} pieces: current year ${current.toFixed(2)} ms, year ${thisYear - 2} ${past.toFixed(2)} ms; submissions_user_calendar_idx used: ${usesIndex}`);
      console.log(plan.filter((l) => /Scan|Buffers|Execution|Heap Fetches/.test(l)).join("\n"));
    }
    const [small, large] = [results[0], results.at(-1)];
    if (small && large && small !== large) {
      console.log(`\nratio ${large.n} : ${small.n} pieces: current year ${(large.current / small.current).toFixed(2)}x, past year ${(large.past / small.past).toFixed(2)}x`);
    }
    await pool.end();
  } finally {
    await dropDatabase(pgServer, name).catch(() => undefined);
    await pgServer.stop();
  }
}

await main();
