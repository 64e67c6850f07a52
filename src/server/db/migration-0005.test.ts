import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, PGLITE_EXTENSIONS } from "./client.ts";

/*
 * Migration 0005 on a database that already has pieces and likes (issue 11, items 11 and 12):
 * the database is migrated up to 0004, filled as the app had left it, then migrated to the end.
 */

const TAG = "0005_author_alias_no_self_likes";

let client: PGlite;
let before: string;
const rows = async <T,>(query: string) => (await client.query<T>(query)).rows;

beforeAll(async () => {
  // The migrations folder as it was before 0005.
  before = mkdtempSync(join(tmpdir(), "inkwell-migrations-"));
  cpSync(migrationsFolder, before, { recursive: true });
  const journalFile = join(before, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === TAG);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));

  client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle(client), { migrationsFolder: before });
  await client.exec(`
    insert into users (id, email, name, alias) values
      ('00000000-0000-4000-8000-00000000000a', 'a@example.com', 'Ada Name', 'Quill'),
      ('00000000-0000-4000-8000-00000000000b', 'b@example.com', 'Ben Name', null),
      ('00000000-0000-4000-8000-00000000000c', 'c@example.com', 'Cy Name', '  ');
    insert into prompts (id, text, date) values ('00000000-0000-4000-8000-0000000000f1', 'A prompt', '2026-11-01');
    insert into submissions (id, user_id, prompt_id, content, word_count, pages_written, submission_type, is_private, local_date, like_count) values
      ('00000000-0000-4000-8000-000000000a01', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000f1', 'x', 1, 0, 'alias', false, '2026-11-01', 3),
      ('00000000-0000-4000-8000-000000000a02', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000f1', 'x', 1, 0, 'anonymous', false, '2026-11-01', 1),
      ('00000000-0000-4000-8000-000000000a03', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000f1', 'x', 1, 0, 'name', false, '2026-11-01', 0),
      ('00000000-0000-4000-8000-000000000b01', '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-0000000000f1', 'x', 1, 0, 'alias', false, '2026-11-01', 1),
      ('00000000-0000-4000-8000-000000000c01', '00000000-0000-4000-8000-00000000000c', '00000000-0000-4000-8000-0000000000f1', 'x', 1, 0, 'alias', false, '2026-11-01', 0);
    -- a01: liked by its writer and both others (count 3); a02: liked by its writer only (count 1);
    -- b01: liked by a (count 1).
    insert into submission_likes (submission_id, user_id) values
      ('00000000-0000-4000-8000-000000000a01', '00000000-0000-4000-8000-00000000000a'),
      ('00000000-0000-4000-8000-000000000a01', '00000000-0000-4000-8000-00000000000b'),
      ('00000000-0000-4000-8000-000000000a01', '00000000-0000-4000-8000-00000000000c'),
      ('00000000-0000-4000-8000-000000000a02', '00000000-0000-4000-8000-00000000000a'),
      ('00000000-0000-4000-8000-000000000b01', '00000000-0000-4000-8000-00000000000a');
  `);
  await migrate(drizzle(client), { migrationsFolder });
});

afterAll(async () => {
  await client?.close();
  rmSync(before, { recursive: true, force: true });
});

const piece = async (id: string) =>
  (await rows<{ author_alias: string | null; like_count: number }>(`select author_alias, like_count from submissions where id = '00000000-0000-4000-8000-000000000${id}'`))[0]!;

describe("migration 0005", () => {
  it("signs alias-signed pieces with their writer's alias of now, and no other piece", async () => {
    expect((await piece("a01")).author_alias).toBe("Quill");
    expect((await piece("a02")).author_alias).toBeNull();
    expect((await piece("a03")).author_alias).toBeNull();
    // No alias (or a blank one) left: the piece stays "Anonymous", as it showed before.
    expect((await piece("b01")).author_alias).toBeNull();
    expect((await piece("c01")).author_alias).toBeNull();
  });

  it("keeps the stored alias off every piece not signed by alias", async () => {
    await expect(client.query(`update submissions set author_alias = 'Quill' where id = '00000000-0000-4000-8000-000000000a02'`)).rejects.toThrow(
      /submissions_author_alias_only_alias_signed/,
    );
  });

  it("removes self-likes and counts only the other readers' likes", async () => {
    const likes = await rows<{ submission_id: string; user_id: string }>(`select l.submission_id, l.user_id from submission_likes l join submissions s on s.id = l.submission_id where l.user_id = s.user_id`);
    expect(likes).toEqual([]);
    expect((await piece("a01")).like_count).toBe(2);
    expect((await piece("a02")).like_count).toBe(0);
    expect((await piece("b01")).like_count).toBe(1);
    expect((await piece("a03")).like_count).toBe(0);
  });
});
