/**
 * npm run seed -- [--pieces 100000] [--writers PIECES/10] [--sign-in 0 --password PASSWORD]
 *
 * Fills the database with public pieces for load tests and screenshots: daily prompts for the
 * past year, WRITERS writers (a third with an alias), PIECES public pieces spread over the year
 * (a tenth are freewrites; signed with the name, the alias or anonymously; one in 200 an
 * Editor's Pick), real like rows (the counters match them) and a few comments. The first writer
 * (writer-1) also wrote one piece a day all year: a portfolio of about 365 pieces.
 *
 * Seeded writers have no password and cannot sign in, except the first N with `--sign-in N
 * --password P` (writer-1 ... writer-N @seed.inkwell.invalid): the benchmark signs in as them.
 *
 * Everything is generated inside the database with generate_series (no row-by-row inserts); the
 * secondary indexes of the big tables are dropped first and built again at the end, from their
 * own definitions, which is much faster than maintaining them row by row. 1,000,000 pieces fit.
 *
 * Like `npm run admin`, it works on PostgreSQL (DATABASE_URL) at any time and on the embedded
 * database only while the server is stopped (it takes the same DATA_DIR lock). Seeding twice
 * is refused: seeded writers have emails ending in @seed.inkwell.invalid.
 */
import { hashPassword } from "better-auth/crypto";
import { sql, type SQL } from "drizzle-orm";
import { openDatabase, type Tx } from "../src/server/db/client.ts";
import { DataDirLockedError } from "../src/server/db/lock.ts";
import { ensureFreewritePrompt } from "../src/server/db/seed.ts";
import { countWords } from "../src/shared/domain/words.ts";
import { EnvError, loadEnv } from "../src/server/env.ts";
import { PROMPTS, FIRST, LAST, ALIASES, TITLE_A, TITLE_B, SENTENCES, SYLLABLES } from "./seed-words.ts";

const SEED_DOMAIN = "seed.inkwell.invalid";
const DAYS = 365;
const MAX_LIKES_PER_PIECE = 12;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number`);
    process.exit(2);
  }
  return n;
}

/** A text[] literal for SQL, quoted safely. */
const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}::text`), sql`, `)}]`;
/** `arr[1 + n % len]`: one of the words, chosen by a number (bigint-safe). */
const pick = (values: string[], n: SQL) => sql`(${textArray(values)})[(1 + (${n}) % ${values.length})::int]`;
const pickInt = (values: number[], n: SQL) => sql`(${sql.raw(`array[${values.join(",")}]`)})[(1 + (${n}) % ${values.length})::int]`;
const TOWN_PREFIX = " On the old map the town was called ";

type Exec = (q: SQL) => Promise<{ rows: Record<string, unknown>[] }>;
const execOn = (q: { execute(query: SQL): Promise<unknown> }): Exec => async (query) => (await q.execute(query)) as { rows: Record<string, unknown>[] };

/** The tables the seed fills, whose non-unique indexes are rebuilt after it (unique ones stay: they guard). */
const BULK_TABLES = ["users", "submissions", "submission_likes", "submission_comments"];

/** Drops the non-unique, non-constraint indexes of the bulk tables; returns how to build them again. */
async function dropBulkIndexes(exec: Exec): Promise<string[]> {
  const { rows } = await exec(sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class t on t.oid = i.indrelid
    where t.relname in (${sql.join(BULK_TABLES.map((t) => sql`${t}`), sql`, `)})
      and t.relnamespace = current_schema()::regnamespace
      and not i.indisunique and not i.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
  `);
  for (const r of rows) await exec(sql.raw(`drop index ${String(r.name)}`));
  return rows.map((r) => String(r.def));
}

interface Plan {
  pieces: number;
  writers: number;
  signIn: number;
  password: string | null;
  freewriteId: string;
  nowIso: string;
  today: string;
}

async function seedWriters(tx: Tx, p: Plan) {
  const exec = execOn(tx);
  await exec(sql`
    insert into prompts (text, date, kind)
    select ${pick(PROMPTS, sql`g`)}, ${p.today}::date - g, 'daily'
    from generate_series(0, ${DAYS - 1}) g
    on conflict do nothing
  `);
  await exec(sql`
    insert into users (email, email_verified, name, alias, time_zone, current_streak, longest_streak, last_write_date, created_at, updated_at)
    select 'writer-' || g || ${`@${SEED_DOMAIN}`}, true,
      ${pick(FIRST, sql`g`)} || ' ' || ${pick(LAST, sql`g / ${FIRST.length}`)},
      case when g % 3 = 0 then ${pick(ALIASES, sql`g`)} || ' ' || g end,
      'UTC', g % 15, g % 15 + g % 7, ${p.today}::date - (g % 3), ${p.nowIso}::timestamptz, ${p.nowIso}::timestamptz
    from generate_series(1, ${p.writers}) g
  `);
  // Writer n is writer-(n + 1).
  await exec(sql`
    create temporary table seed_writers on commit drop as
    select id, alias, substring(email from 8 for position('@' in email) - 8)::bigint - 1 as n
    from users where email like ${`%@${SEED_DOMAIN}`}
  `);
  await exec(sql`create unique index on seed_writers (n)`);
  if (p.signIn > 0 && p.password) {
    // better-auth's email-and-password account: provider "credential", account id = user id.
    const hash = await hashPassword(p.password);
    await exec(sql`
      insert into account (account_id, provider_id, user_id, password, created_at, updated_at)
      select id::text, 'credential', id, ${hash}, ${p.nowIso}::timestamptz, ${p.nowIso}::timestamptz
      from seed_writers where n < ${p.signIn}
    `);
  }
}

/**
 * Piece g (g = 1 is the newest) is written at a time spread over the year by writer
 * (g * 7919) % W — bigint: g * 7919 passes int4 at 271,183 pieces — or, one piece a day, by
 * writer-1; it answers that day's prompt (the freewrite one in ten), has likes(g) likes and two
 * comments one piece in fifty. One temporary row per piece names its id for the likes.
 */
async function seedPieces(tx: Tx, p: Plan) {
  const exec = execOn(tx);
  const daily = Math.max(1, Math.floor(p.pieces / DAYS));
  // The words are counted as the app counts them, per sentence, not by splitting every text.
  const sentence = sql`g * 31 + i * 17 + (g / 3) * i`;
  await exec(sql`
    create temporary table seed_pieces on commit drop as
    select g, gen_random_uuid() as id,
      ${p.nowIso}::timestamptz - make_interval(secs => (g::float8 / ${p.pieces}) * ${DAYS} * 86400 - (g % 97)) as at,
      case when g % ${daily} = 0 then 0 else (g * 7919) % ${p.writers} end as n,
      floor(power(((g * 37) % 100) / 100.0, 3) * ${MAX_LIKES_PER_PIECE})::int as likes
    from generate_series(1::bigint, ${p.pieces}::bigint) g
  `);
  await exec(sql`
    insert into submissions (id, user_id, prompt_id, content, title, word_count, pages_written, submission_type, author_alias,
      is_featured, featured_at, is_private, local_date, like_count, comment_count, created_at, updated_at)
    select sp.id, w.id, coalesce(case when g % 10 = 0 then ${p.freewriteId}::uuid end, pr.id, ${p.freewriteId}::uuid),
      t.content,
      case when g % 10 < 7 then ${pick(TITLE_A, sql`g`)} || ' ' || ${pick(TITLE_B, sql`g / 7`)} end,
      t.words, round(t.words / 250.0, 2),
      case when g % 5 = 0 then 'anonymous' when g % 5 = 1 and w.alias is not null then 'alias' else 'name' end,
      case when g % 5 = 1 then w.alias end,
      g % 200 = 0, case when g % 200 = 0 then sp.at end, false, (sp.at at time zone 'UTC')::date,
      sp.likes, case when g % 50 = 0 then 2 else 0 end, sp.at, sp.at
    from seed_pieces sp
    join seed_writers w on w.n = sp.n
    left join prompts pr on pr.kind = 'daily' and pr.date = (sp.at at time zone 'UTC')::date
    cross join lateral (
      select string_agg(${pick(SENTENCES, sentence)}, ' ' order by i) || ${TOWN_PREFIX}
        || initcap(${pick(SYLLABLES[0], sql`g`)} || ${pick(SYLLABLES[1], sql`g / 10`)} || ${pick(SYLLABLES[2], sql`g / 100`)}) || '.' as content,
        sum(${pickInt(SENTENCES.map(countWords), sentence)})::int + ${countWords(TOWN_PREFIX) + 1} as words
      from generate_series(1, 3 + (g * 13) % 14) i
    ) t
  `);
  // likes(g) distinct writers, never the author: (13 g + k) % W for k = 1..likes(g), the author's
  // slot (if among them) taken by (13 g + likes(g) + 1) % W; all distinct since W > likes(g) + 1.
  await exec(sql`
    insert into submission_likes (submission_id, user_id, created_at)
    select sp.id, w.id, sp.at + interval '1 hour'
    from seed_pieces sp
    cross join lateral generate_series(1, sp.likes) k
    join seed_writers w on w.n = case when (sp.g * 13 + k) % ${p.writers} = sp.n
      then (sp.g * 13 + sp.likes + 1) % ${p.writers} else (sp.g * 13 + k) % ${p.writers} end
  `);
  await exec(sql`
    insert into submission_comments (submission_id, user_id, content, created_at)
    select sp.id, w.id, c.content, sp.at + c.after
    from seed_pieces sp
    join seed_writers w on w.n = sp.n
    cross join (values ('This stayed with me all day.', interval '2 hours'), ('The *last line* is perfect.', interval '3 hours')) as c(content, after)
    where sp.g % 50 = 0
  `);
}

async function main(): Promise<number> {
  const pieces = arg("pieces", 100_000);
  const writers = arg("writers", Math.max(1, Math.round(pieces / 10)));
  const signIn = arg("sign-in", 0);
  const pi = process.argv.indexOf("--password");
  const password = pi >= 0 ? (process.argv[pi + 1] ?? null) : null;
  if (pieces < 1 || writers <= MAX_LIKES_PER_PIECE + 1) {
    console.error(`--pieces must be above 0 and --writers above ${MAX_LIKES_PER_PIECE + 1} (likes come from distinct writers)`);
    return 2;
  }
  if (signIn > 0 && (!password || password.length < 8 || signIn > writers)) {
    console.error("--sign-in N needs --password (8+ characters) and N at most the number of writers");
    return 2;
  }
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, holder: "npm run seed" });
  const { db } = database;
  const started = performance.now();
  const step = (label: string) => console.log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  try {
    const exec = execOn(db);
    const existing = await exec(sql`select count(*)::int as n from users where email like ${`%@${SEED_DOMAIN}`}`);
    if (Number(existing.rows[0]?.n) > 0) {
      console.error(`This database is already seeded (${String(existing.rows[0]!.n)} seeded writers). Use a fresh DATA_DIR or database.`);
      return 1;
    }
    console.log(`Seeding ${pieces.toLocaleString("en-US")} public pieces by ${writers.toLocaleString("en-US")} writers into ${env.DATABASE_URL ? "PostgreSQL" : env.DATA_DIR}...`);
    const nowIso = new Date().toISOString();
    const freewrite = await ensureFreewritePrompt(db);
    const plan: Plan = { pieces, writers, signIn, password, freewriteId: freewrite.id, nowIso, today: nowIso.slice(0, 10) };

    // One transaction: a seed that fails leaves the database as it was, indexes included.
    await db.transaction(async (tx) => {
      const txExec = execOn(tx);
      await txExec(sql`set local maintenance_work_mem = '256MB'`);
      // Foreign keys hold by construction: skip their per-row checks when allowed (superuser).
      await tx.transaction((sp) => sp.execute(sql`set local session_replication_role = replica`)).catch(() => undefined);
      const indexes = await dropBulkIndexes(txExec);
      await seedWriters(tx, plan);
      step(`prompts and ${writers} writers`);
      await seedPieces(tx, plan);
      // Pieces per prompt (migration 0019): its triggers do not run under the replica role above.
      await txExec(sql`select prompt_piece_counts_recount()`);
      step(`${pieces} pieces, their likes and comments`);
      for (const def of indexes) await txExec(sql.raw(def));
      step(`${indexes.length} indexes built`);
    });
    await exec(sql.raw(`vacuum (analyze) ${BULK_TABLES.join(", ")}`));
    await exec(sql`analyze`);
    step("vacuum and analyze");
    const counts = await exec(sql`
      select (select count(*) from submissions where is_private = false)::int as pieces,
             (select count(*) from users)::int as writers,
             (select count(*) from submission_likes)::int as likes,
             (select count(*) from submission_comments)::int as comments
    `);
    const c = counts.rows[0]!;
    console.log(`Done: ${String(c.pieces)} public pieces, ${String(c.writers)} writers, ${String(c.likes)} likes, ${String(c.comments)} comments.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof DataDirLockedError || err instanceof EnvError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
