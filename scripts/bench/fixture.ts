/**
 * What the load needs from a seeded database and its running server: pieces to read, like and
 * comment on, a prompt to filter by and one to publish to, a cursor deep in the feed, and
 * signed-in writers (the seed gives the first writers a password; they sign in through the API,
 * as a browser would, and the benchmark keeps their cookies).
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../../src/server/db/client.ts";

export const BENCH_PASSWORD = "bench-password-2026";
/** How many of the newest public pieces the writes and piece reads spread over (none by the writers who sign in: nobody may like their own piece). */
const PIECE_POOL = 40_000;

export interface Fixture {
  appUrl: string;
  /** Cookie headers, index 0 is the portfolio's owner. */
  cookies: string[];
  pieceIds: string[];
  /** A daily prompt a few days back, with its pieces (the prompt filter). */
  filterPromptId: string;
  /** Today's prompt (publishing). */
  todayPromptId: string;
  /** The cursor of the feed's second page. */
  page2Cursor: string;
  /** The cursor of the feed's fifth page. */
  laterCursor: string;
}

/** Read from the database while no server holds it (the embedded one allows one process). */
export async function readPieceIds(databaseUrl: string | undefined, dataDir: string): Promise<{ pieceIds: string[]; filterPromptId: string }> {
  const database = await openDatabase({ databaseUrl, dataDir, holder: "npm run bench" });
  try {
    const exec = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
    const pieces = await exec<{ id: string }>(sql`
      select id from submissions
      where is_private = false and user_id not in (select user_id from account where provider_id = 'credential')
      order by created_at desc limit ${PIECE_POOL}`);
    const [prompt] = await exec<{ id: string }>(sql`select id from prompts where kind = 'daily' order by date desc offset 3 limit 1`);
    if (!prompt || pieces.length === 0) throw new Error("the database has no seeded pieces");
    return { pieceIds: pieces.map((p) => p.id), filterPromptId: prompt.id };
  } finally {
    await database.close();
  }
}

/** The headers of a write: our own origin, JSON, and a client address of its own. */
export function writeHeaders(appUrl: string, client: number, cookie: string): Record<string, string> {
  return { origin: appUrl, "content-type": "application/json", cookie, "x-forwarded-for": clientAddress(client) };
}

/** 10.x.y.z per connection: per-client rate-limit counters are then per connection, as per person. */
export function clientAddress(client: number): string {
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
}

/** Signs in seeded writer n (writer-(n + 1)) from a client address of its own: its session cookie. */
export async function signIn(appUrl: string, n: number): Promise<string> {
  const res = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: appUrl, "content-type": "application/json", "x-forwarded-for": clientAddress(100_000 + n) },
    body: JSON.stringify({ email: `writer-${n + 1}@seed.inkwell.invalid`, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`signing in writer-${n + 1} failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (cookies.length === 0) throw new Error(`signing in writer-${n + 1} set no cookie`);
  return cookies.join("; ");
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs in `writers` writers: writer 0 (writer-1, about 365 pieces) reads its portfolio, the others write, one per connection. */
export async function prepareFixture(appUrl: string, fromDb: { pieceIds: string[]; filterPromptId: string }, writers: number): Promise<Fixture> {
  const cookies: string[] = [];
  // Four at a time: signing in checks a password hash (scrypt), which is meant to be slow.
  for (let n = 0; n < writers; n += 4) {
    const batch = Array.from({ length: Math.min(4, writers - n) }, (_, k) => signIn(appUrl, n + k));
    cookies.push(...(await Promise.all(batch)));
  }
  const today = await getJson<{ prompt: { id: string | null } }>(`${appUrl}/api/prompts/today`);
  if (!today.prompt.id) throw new Error("no prompt for today in the seeded database");
  return { appUrl, cookies, ...fromDb, todayPromptId: today.prompt.id, ...(await feedCursors(appUrl)) };
}

/** The cursors of the feed's second and fifth pages as a visitor is handed them now. */
export async function feedCursors(appUrl: string): Promise<Pick<Fixture, "page2Cursor" | "laterCursor">> {
  const cursors: string[] = [];
  let cursor: string | null = null;
  for (let page = 1; page < 5; page++) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
    const feed: { nextCursor: string | null } = await getJson(`${appUrl}/api/community/feed${query}`);
    cursor = feed.nextCursor;
    if (!cursor) throw new Error(`the feed has no page ${page + 1}`);
    cursors.push(cursor);
  }
  return { page2Cursor: cursors[0]!, laterCursor: cursors[3]! };
}
