/**
 * Circles at scale (issue 29, "Performance"): with 1,000,000 pieces and 10,000 circles on
 * PostgreSQL, the plans of a circle's feed (first page and a later one), a member's list of
 * circles (a writer in 50) and a moderator's progress view of a 1,000-member circle, exactly as
 * the app builds them. Each plan must read through an index and a bounded number of rows; the
 * script prints each plan's scans, buffers and time, and fails when a listed table is read whole.
 *
 *   npx tsx scripts/bench/circles.ts [--pieces 1000000] [--circles 10000]
 *
 * BENCH_DATABASE_URL names a PostgreSQL server to use (else a throwaway cluster is started).
 */
import type { Logger } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { addDays, weekStart } from "../../src/shared/domain/dates.ts";
import { migrationsFolder, type Db } from "../../src/server/db/client.ts";
import * as schema from "../../src/server/db/schema/index.ts";
import { feedPageQuery, type FeedRequest } from "../../src/server/modules/community/feed.query.ts";
import { myCircles } from "../../src/server/modules/circles/circles.service.ts";
import { progressQuery } from "../../src/server/modules/circles/progress.service.ts";
import { dropDatabase, findPostgres, freshDatabase, serverVersion } from "./cluster.ts";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const PIECES = Number(arg("--pieces", "1000000"));
const CIRCLES = Number(arg("--circles", "10000"));
const WRITERS = 20_000;
const MEMBERS_PER_CIRCLE = 20;

/** Writers, pieces over two years (a third outside the community), circles of 20, one of 1,000, one writer in 50, a third of pieces shared. */
async function seed(client: pg.Client): Promise<{ big: string; busy: string; later: { t: string; id: string } }> {
  await client.query(`insert into prompts (text, date, kind) values ('A bench prompt', current_date - 800, 'daily')`);
  await client.query(`insert into users (email, name) select 'w' || g || '@bench.invalid', 'Writer ' || g from generate_series(1, ${WRITERS}) g`);
  await client.query(`create temporary table w as select row_number() over (order by id) as n, id from users`);
  await client.query(`
    insert into submissions (user_id, prompt_id, content, word_count, pages_written, submission_type, is_private, local_date, created_at, updated_at)
    select w.id, p.id, 'A piece of bench words number ' || g, 6, 0.02, 'name', g % 3 = 0,
      (now() - (g * interval '1 minute'))::date, now() - (g * interval '1 minute'), now() - (g * interval '1 minute')
    from generate_series(1, ${PIECES}) g
    join w on w.n = 1 + (g % ${WRITERS})
    cross join (select id from prompts limit 1) p`);
  await client.query(`
    insert into circles (slug, name, owner_id, member_count)
    select 'circle-' || g, 'Circle ' || g, w.id, ${MEMBERS_PER_CIRCLE} from generate_series(1, ${CIRCLES}) g join w on w.n = g`);
  await client.query(`create temporary table c as select row_number() over (order by created_at, id) as n, id, owner_id from circles`);
  await client.query(`
    insert into circle_members (circle_id, user_id, role, joined_at)
    select c.id, w.id, case when k = 0 then 'owner' else 'member' end, now() - (k * interval '1 hour')
    from c cross join generate_series(0, ${MEMBERS_PER_CIRCLE - 1}) k
    join w on w.n = 1 + ((c.n - 1 + k * 997) % ${WRITERS})
    on conflict do nothing`);
  // One circle of 1,000 (a school year), and one writer in 50 circles.
  const big = (await client.query<{ id: string }>(`select id from c where n = 1`)).rows[0]!.id;
  await client.query(`insert into circle_members (circle_id, user_id) select $1::uuid, w.id from w where w.n between 2 and 1000 on conflict do nothing`, [big]);
  await client.query(`update circles set member_count = (select count(*) from circle_members where circle_id = $1) where id = $1`, [big]);
  const busy = (await client.query<{ id: string }>(`select id from w where n = ${WRITERS}`)).rows[0]!.id;
  await client.query(`insert into circle_members (circle_id, user_id) select c.id, $1 from c where c.n between 101 and 150 on conflict do nothing`, [busy]);
  // A third of the pieces shared with one of their writer's circles (the big one gets its members' pieces).
  await client.query(`
    insert into piece_circles (submission_id, circle_id, created_at)
    select s.id, m.circle_id, s.created_at
    from submissions s
    join lateral (select circle_id from circle_members m where m.user_id = s.user_id order by circle_id limit 1) m on true
    where s.is_private or (hashtext(s.id::text) % 3 = 0)
    on conflict do nothing`);
  await client.query("vacuum analyze");
  const later = (
    await client.query<{ t: string; id: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t, submission_id as id from piece_circles where circle_id = $1 order by created_at desc, submission_id desc offset 300 limit 1`,
      [big],
    )
  ).rows[0]!;
  return { big, busy, later };
}

/** The tables that grow with the site: none may be read whole (a small one, such as 10,000 circles, may be, when the planner finds that cheaper). */
const READ_WHOLE = /Seq Scan on (submissions|piece_circles|circle_members)\b/;

async function explain(pool: pg.Pool, label: string, sql: string, params: unknown[]): Promise<boolean> {
  const plan = (await pool.query<Record<string, string>>(`explain (analyze, buffers, costs off) ${sql}`, params)).rows.map((r) => Object.values(r)[0]!);
  const whole = plan.filter((l) => READ_WHOLE.test(l));
  console.log(`\n### ${label}\n`);
  console.log("```");
  console.log(plan.filter((l) => /Scan|Buffers|Execution|rows=|Limit/.test(l) && !/Planning/.test(l)).join("\n"));
  console.log("```");
  if (whole.length > 0) console.log(`**Reads a table whole:** ${whole.join("; ")}`);
  return whole.length === 0;
}

async function main() {
  const pgServer = await findPostgres();
  const name = "inkwell_bench_circles";
  try {
    const url = await freshDatabase(pgServer, name);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    await migrate(drizzle(pool), { migrationsFolder });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const started = performance.now();
    const { big, busy, later } = await seed(client);
    await client.end();
    console.log(`PostgreSQL: ${await serverVersion(url)}; ${PIECES.toLocaleString("en-US")} pieces, ${CIRCLES.toLocaleString("en-US")} circles (seeded in ${((performance.now() - started) / 1000).toFixed(0)} s).`);

    const member = (await pool.query<{ user_id: string }>(`select user_id from circle_members where circle_id = $1 and role = 'member' limit 1`, [big])).rows[0]!.user_id;
    const recorded: { sql: string; params: unknown[] }[] = [];
    const logger: Logger = { logQuery: (sql, params) => void recorded.push({ sql, params }) };
    const db = drizzle(pool, { schema, casing: "snake_case", logger }) as unknown as Db;
    const run = async (query: NonNullable<ReturnType<typeof feedPageQuery>> | ReturnType<typeof progressQuery>) => {
      recorded.length = 0;
      await db.execute(query);
      return recorded.at(-1)!;
    };
    let ok = true;
    // A circle's views, as the API reads them for a member (the cached page is the same query without the member's blocks).
    const view = (over: Partial<FeedRequest>): FeedRequest => ({ prompt: "all", filter: "all", sort: "recent", q: "", viewerId: member, now: new Date(), circleId: big, ...over });
    const views: [string, FeedRequest, Parameters<typeof feedPageQuery>[1]][] = [
      ["A circle's feed, first page (the 1,000-member circle)", view({}), null],
      ["A circle's feed, a later page (after 300 pieces)", view({}), { h: [later.t, later.id], k: [null, later.t, later.id], n: 30 }],
      ["A circle's feed, Most Liked", view({ sort: "liked" }), null],
      ["A circle's feed, This Week by author", view({ filter: "week", sort: "author" }), null],
      ["A circle's feed, Editors' Picks (the picks' index, each looked up in the circle)", view({ filter: "featured" }), null],
      ["A circle's feed, search of a common word", view({ q: "bench" }), null],
      ["A circle's feed, search of a word no piece has", view({ q: "zyzzyva" }), null],
    ];
    for (const [label, req, cursor] of views) {
      const q = await run(feedPageQuery(req, cursor)!);
      ok = (await explain(pool, label, q.sql, q.params)) && ok;
    }
    recorded.length = 0;
    await myCircles(db, busy);
    const mine = recorded.at(-1)!;
    ok = (await explain(pool, "My circles (a writer in 50, with what is new in each)", mine.sql, mine.params)) && ok;
    const week = weekStart(new Date().toISOString().slice(0, 10));
    const progress = await run(progressQuery(big, week, addDays(week, 6)));
    ok = (await explain(pool, "Progress of the 1,000-member circle for a week", progress.sql, progress.params)) && ok;
    await pool.end();
    if (!ok) process.exitCode = 1;
  } finally {
    await dropDatabase(pgServer, name).catch(() => undefined);
    await pgServer.stop();
  }
}

await main();
