/**
 * npm run seed -- [--pieces 100000] [--writers 10000]
 *
 * Fills the database with public pieces for load tests and screenshots: daily prompts for the
 * past year, WRITERS writers (a third with an alias; they have no password and cannot sign in),
 * PIECES public pieces spread over the year (a tenth are freewrites; signed with the name, the
 * alias or anonymously; one in 200 an Editor's Pick), real like rows (the counters match them)
 * and a few comments. Everything is generated inside the database with generate_series, so
 * 100,000 pieces take seconds, not minutes.
 *
 * Like `npm run admin`, it works on PostgreSQL (DATABASE_URL) at any time and on the embedded
 * database only while the server is stopped (it takes the same DATA_DIR lock). Seeding twice
 * is refused: seeded writers have emails ending in @seed.inkwell.invalid.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client.ts";
import { DataDirLockedError } from "../src/server/db/lock.ts";
import { ensureFreewritePrompt } from "../src/server/db/seed.ts";
import { EnvError, loadEnv } from "../src/server/env.ts";

const SEED_DOMAIN = "seed.inkwell.invalid";
const DAYS = 365;
const MAX_LIKES_PER_PIECE = 12;

const PROMPTS = [
  "Write about a door you have never opened.",
  "Describe the kitchen of your childhood, one object at a time.",
  "A letter to someone you will never send it to.",
  "The last time you were truly lost.",
  "What does the rain sound like where you are?",
  "Write about a promise you kept, or the one you did not.",
  "A stranger on a train tells you a secret.",
  "Describe a photograph that does not exist.",
  "The smell that takes you home.",
  "Write about your hands and what they have made.",
  "A map of a place you invented as a child.",
  "The first snow of the year.",
  "What the river remembers.",
  "An argument with the moon.",
  "Write about something you have been putting off.",
];
const FIRST = ["Ada", "Ben", "Cora", "Dev", "Elena", "Farid", "Greta", "Hugo", "Iris", "Jonah", "Kemi", "Luca", "Maya", "Nils", "Oona", "Priya", "Quinn", "Rosa", "Sami", "Tove"];
const LAST = ["Ahn", "Brooks", "Castillo", "Dimitrov", "Eze", "Fischer", "Garcia", "Haddad", "Ito", "Jensen", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quispe", "Rossi", "Silva", "Tanaka"];
const ALIASES = ["Night Owl", "Paper Moth", "Ink Fox", "Quiet Heron", "Lamplighter", "Salt Wind", "Wren", "Old Pine", "Blue Hour", "Driftwood"];
const TITLE_A = ["Small", "Quiet", "Borrowed", "Late", "Salt", "Paper", "Winter", "Half", "Blue", "Unsent", "Lighthouse", "Kitchen"];
const TITLE_B = ["Hours", "Letters", "Harbour", "Rooms", "Maps", "Rain", "Doors", "Keeper", "Stones", "Weather", "Orchard", "Station"];
const SENTENCES = [
  "The kettle sang in the next room and nobody moved to lift it.",
  "I remember the harbour lights, how they blinked like slow punctuation.",
  "My grandmother kept every button she ever found in a biscuit tin.",
  "There is a door at the end of the hall that nobody opens.",
  "The rain started before the sentence did, and outlasted it.",
  "We walked to the lighthouse keeper's house and knocked twice.",
  "Some mornings the words come easily; most mornings they do not.",
  "The orchard was full of wasps and fallen, split plums.",
  "I wrote her a letter in pencil so it could still be undone.",
  "The station clock had stopped at a quarter past four for years.",
  "Snow changes the sound of a street before it changes the colour.",
  "He said the river remembers every stone it has ever moved.",
  "I have been putting off this page for most of the afternoon.",
  "The map I drew as a child had a sea where our garden was.",
  "Her hands smelled of oranges and cold metal.",
  "Ten minutes is longer than it sounds, and shorter than it feels.",
  "The moon argued back, which I had not expected.",
  "A stranger on the train told me the ending of a book I had not read.",
  "The photograph shows a house that was never built.",
  "**Everything** in the kitchen was yellow, even the *silence*.",
  "I kept one promise that year, and it was the wrong one.",
  "The window fogged and I wrote my name in it backwards.",
  "Somewhere a radio was playing a song in a language I almost knew.",
  "The pine tree outside has outlived three families.",
  "I counted the steps to the sea: two hundred and twelve.",
  "My father fixed the clock with a hairpin and a prayer.",
  "The library smelled of dust, glue and other people's summers.",
  "We ate bread on the wall and watched the ferry leave without us.",
  "Blue hour is the only time the city tells the truth.",
  "I found the key years after I had stopped looking for the lock.",
  "Driftwood piled on the beach like the bones of sentences.",
  "The cat sat on the manuscript, which was the best review it got.",
];

/** Place names: 1,000 distinct rare words, each in one piece of 1,000 (a selective search). */
const SYLLABLES: [string[], string[], string[]] = [
  ["mar", "tel", "or", "bel", "cas", "dun", "ev", "hal", "lin", "sor"],
  ["o", "a", "e", "i", "u", "ae", "ia", "io", "ea", "ou"],
  ["vel", "dor", "mund", "th", "rin", "sk", "lyn", "ford", "wick", "mere"],
];

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a whole number above 0`);
    process.exit(2);
  }
  return n;
}

/** A text[] literal for SQL, quoted safely. */
const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}::text`), sql`, `)}]`;

async function main(): Promise<number> {
  const pieces = arg("pieces", 100_000);
  const writers = arg("writers", Math.max(1, Math.round(pieces / 10)));
  if (writers <= MAX_LIKES_PER_PIECE) {
    console.error(`--writers must be above ${MAX_LIKES_PER_PIECE} (likes come from distinct writers)`);
    return 2;
  }
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, holder: "npm run seed" });
  const { db } = database;
  const started = performance.now();
  const step = (label: string) => console.log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  try {
    const exec = async (q: ReturnType<typeof sql>) => (await db.execute(q)) as unknown as { rows: Record<string, unknown>[] };
    const existing = await exec(sql`select count(*)::int as n from users where email like ${`%@${SEED_DOMAIN}`}`);
    if (Number(existing.rows[0]?.n) > 0) {
      console.error(`This database is already seeded (${existing.rows[0]!.n} seeded writers). Use a fresh DATA_DIR or database.`);
      return 1;
    }
    console.log(`Seeding ${pieces.toLocaleString("en-US")} public pieces by ${writers.toLocaleString("en-US")} writers into ${env.DATABASE_URL ? "PostgreSQL" : env.DATA_DIR}...`);
    const now = new Date();
    const nowIso = now.toISOString();
    const today = nowIso.slice(0, 10);
    const freewrite = await ensureFreewritePrompt(db);

    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into prompts (text, date, kind)
        select (${textArray(PROMPTS)})[1 + g % ${PROMPTS.length}], ${today}::date - g, 'daily'
        from generate_series(0, ${DAYS - 1}) g
        on conflict do nothing
      `);

      await tx.execute(sql`
        insert into users (email, email_verified, name, alias, time_zone, current_streak, longest_streak, last_write_date, created_at, updated_at)
        select 'writer-' || g || ${`@${SEED_DOMAIN}`}, true,
          (${textArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
          case when g % 3 = 0 then (${textArray(ALIASES)})[1 + g % ${ALIASES.length}] || ' ' || g end,
          'UTC', g % 15, g % 15 + g % 7, ${today}::date - (g % 3), ${nowIso}::timestamptz, ${nowIso}::timestamptz
        from generate_series(1, ${writers}) g
      `);
    });
    step(`prompts and ${writers} writers`);

    // Pieces: piece g is written by writer 1 + (g * 7919) % W, at a time spread over the year
    // (g = 1 is the newest), answering that day's prompt, or the freewrite one in ten.
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        create temporary table seed_writers on commit drop as
        select id, alias, row_number() over (order by created_at, email) - 1 as n
        from users where email like ${`%@${SEED_DOMAIN}`}
      `);
      await tx.execute(sql`create index on seed_writers (n)`);
      await tx.execute(sql`
        insert into submissions (user_id, prompt_id, content, title, word_count, pages_written, submission_type, author_alias,
          is_featured, featured_at, is_private, local_date, like_count, comment_count, created_at, updated_at)
        select w.id, coalesce(case when g % 10 = 0 then ${freewrite.id}::uuid end, p.id, ${freewrite.id}::uuid),
          t.content,
          case when g % 10 < 7 then (${textArray(TITLE_A)})[1 + g % ${TITLE_A.length}] || ' ' || (${textArray(TITLE_B)})[1 + (g / 7) % ${TITLE_B.length}] end,
          t.words, round(t.words / 250.0, 2),
          case when g % 5 = 0 then 'anonymous' when g % 5 = 1 and w.alias is not null then 'alias' else 'name' end,
          case when g % 5 = 1 then w.alias end,
          g % 200 = 0, case when g % 200 = 0 then c.at end, false, (c.at at time zone 'UTC')::date,
          0, 0, c.at, c.at
        from generate_series(1, ${pieces}) g
        cross join lateral (
          select ${nowIso}::timestamptz - make_interval(secs => (g::float8 / ${pieces}) * ${DAYS} * 86400 - (g % 97)) as at
        ) c
        join seed_writers w on w.n = (g * 7919) % ${writers}
        left join prompts p on p.kind = 'daily' and p.date = (c.at at time zone 'UTC')::date
        cross join lateral (
          select string_agg((${textArray(SENTENCES)})[1 + (g * 31 + i * 17 + (g / 3) * i) % ${SENTENCES.length}], ' ' order by i)
            || ' On the old map the town was called '
            || initcap((${textArray(SYLLABLES[0])})[1 + g % 10] || (${textArray(SYLLABLES[1])})[1 + (g / 10) % 10] || (${textArray(SYLLABLES[2])})[1 + (g / 100) % 10])
            || '.' as content
          from generate_series(1, 3 + (g * 13) % 14) i
        ) s
        cross join lateral (
          select s.content, array_length(regexp_split_to_array(s.content, '[[:space:]]+'), 1) as words
        ) t
      `);
    });
    step(`${pieces} pieces`);

    // Likes: a skewed number per seeded piece (most get few, some many) from distinct writers;
    // like_count is then set from the rows, so the counters are true.
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        create temporary table seed_likers on commit drop as
        select id, row_number() over (order by created_at, email) - 1 as n from users where email like ${`%@${SEED_DOMAIN}`}
      `);
      await tx.execute(sql`create index on seed_likers (n)`);
      await tx.execute(sql`
        insert into submission_likes (submission_id, user_id, created_at)
        select s.id, w.id, s.created_at + interval '1 hour'
        from (
          select s.id, s.user_id, s.created_at, row_number() over (order by s.created_at desc, s.id) as g
          from submissions s join users u on u.id = s.user_id
          where s.is_private = false and u.email like ${`%@${SEED_DOMAIN}`}
        ) s
        cross join lateral generate_series(1, floor(power(((s.g * 37) % 100) / 100.0, 3) * ${MAX_LIKES_PER_PIECE})::int) k
        join seed_likers w on w.n = (s.g * 13 + k * 7919) % ${writers} and w.id <> s.user_id
        on conflict do nothing
      `);
      await tx.execute(sql`
        update submissions s set like_count = l.n
        from (select submission_id, count(*)::int as n from submission_likes group by submission_id) l
        where s.id = l.submission_id and s.like_count <> l.n
      `);
    });
    step("likes");

    // A couple of comments on one piece in fifty.
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into submission_comments (submission_id, user_id, content, created_at)
        select s.id, s.user_id, c.content, s.created_at + c.after
        from (
          select id, user_id, created_at, row_number() over (order by created_at desc, id) as g
          from submissions where is_private = false
        ) s
        cross join (values ('This stayed with me all day.', interval '2 hours'), ('The *last line* is perfect.', interval '3 hours')) as c(content, after)
        where s.g % 50 = 0 and s.user_id in (select id from users where email like ${`%@${SEED_DOMAIN}`})
      `);
      await tx.execute(sql`
        update submissions s set comment_count = c.n
        from (select submission_id, count(*)::int as n from submission_comments group by submission_id) c
        where s.id = c.submission_id and s.comment_count <> c.n
      `);
    });
    step("comments");

    await db.execute(sql`analyze`);
    step("analyze");
    const counts = await exec(sql`
      select (select count(*) from submissions where is_private = false)::int as pieces,
             (select count(*) from users)::int as writers,
             (select count(*) from submission_likes)::int as likes,
             (select count(*) from submission_comments)::int as comments
    `);
    const c = counts.rows[0]!;
    console.log(`Done: ${c.pieces} public pieces, ${c.writers} writers, ${c.likes} likes, ${c.comments} comments.`);
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
