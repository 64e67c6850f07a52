import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, PGLITE_EXTENSIONS } from "../db/client.ts";
import { openEmbedded } from "../db/embedded.ts";
import { restoreEmbedded } from "./offline.ts";
import { unpackSnapshot } from "./snapshot.ts";

/*
 * Start-up on an embedded database with data, with code that brings a new migration: the database
 * as it was is backed up before it is migrated; a new database, or one with nothing to migrate, is not.
 */

const dirs: string[] = [];
const tmp = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), `inkwell-${name}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The app's migrations plus one more, as the next release would bring. */
function withOneMoreMigration(): string {
  const folder = tmp("migrations");
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ idx: last.idx + 1, version: last.version, when: last.when + 1000, tag: "9999_next_release", breakpoints: true });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(join(folder, "9999_next_release.sql"), "CREATE TABLE next_release (id integer);");
  return folder;
}

describe("the backup before migrations", () => {
  it("keeps the database as it was before a start-up migrates it, and only then", async () => {
    const dataDir = tmp("premigrate");
    const backups = join(dataDir, "backups");
    let db = await openEmbedded(dataDir, "before-migrations.test", migrationsFolder);
    await db.sql("CREATE TABLE kept (words text); INSERT INTO kept VALUES ('written before the upgrade')");
    await db.close();
    // A new database was migrated from nothing: nothing to keep.
    expect(existsSync(backups)).toBe(false);

    const next = withOneMoreMigration();
    db = await openEmbedded(dataDir, "before-migrations.test", next);
    await db.close();
    const files = readdirSync(backups);
    expect(files).toEqual([expect.stringMatching(/^inkwell-.*-before-migrations\.zip$/)]);

    // Opened again with nothing left to migrate: no second backup.
    db = await openEmbedded(dataDir, "before-migrations.test", next);
    await db.close();
    expect(readdirSync(backups)).toEqual(files);

    // The backup is the database before the new migration, with its data.
    const snapshot = unpackSnapshot(new Uint8Array(readFileSync(join(backups, files[0]!))), files[0]!);
    const journalLength = (JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;
    expect(snapshot.manifest).toMatchObject({ engine: "pglite", migrations: journalLength });
    const restoredDir = tmp("premigrate-restored");
    await restoreEmbedded(restoredDir, snapshot, false);
    const restored = await PGlite.create(join(restoredDir, "db"), { extensions: PGLITE_EXTENSIONS });
    try {
      expect((await restored.query<{ words: string }>("select words from kept")).rows).toEqual([{ words: "written before the upgrade" }]);
      expect((await restored.query("select * from information_schema.tables where table_name = 'next_release'")).rows).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
