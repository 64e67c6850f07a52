import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorLabel, commenterLabel, SIGNATURES } from "#shared/domain/author.ts";
import { authorLabelSql, commenterLabelSql } from "./author-label.ts";

/** Names and aliases as writers leave them: set, blank, whitespace, missing. */
const NAMES = ["Ada Lovelace", "  Mary  ", "", "   ", null];
const ALIASES = ["inkfox", " quill ", "", "  ", null];

describe("author labels: SQL and TypeScript agree", () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzle>;
  beforeAll(async () => {
    client = new PGlite();
    db = drizzle(client);
  });
  afterAll(async () => client.close());

  const cases = SIGNATURES.flatMap((signature) => NAMES.flatMap((name) => ALIASES.map((alias) => ({ signature, name, alias }))));

  it("labels every signature, name and alias the same way in both", async () => {
    for (const c of cases) {
      const label = authorLabelSql(sql`${c.signature}::text`, sql`${c.name}::text`, sql`${c.alias}::text`);
      const { rows } = await db.execute<{ label: string }>(sql`select ${label} as label`);
      expect(rows[0]?.label, JSON.stringify(c)).toBe(authorLabel(c.signature, c.name, c.alias));
    }
  });

  it("labels commenters the same way in both, the piece's writer as the piece is signed", async () => {
    for (const c of cases) {
      for (const pieceAlias of ALIASES) {
        for (const isWriter of [true, false]) {
          const label = commenterLabelSql(sql`${isWriter}::boolean`, sql`${c.signature}::text`, sql`${pieceAlias}::text`, sql`${c.name}::text`, sql`${c.alias}::text`);
          const { rows } = await db.execute<{ label: string }>(sql`select ${label} as label`);
          const piece = { isWriter, signature: c.signature, alias: pieceAlias };
          expect(rows[0]?.label, JSON.stringify({ ...c, ...piece })).toBe(commenterLabel(c, piece));
        }
      }
    }
  });

  it("labels the piece's writer with the piece's stored alias, never their alias of today", () => {
    const writer = { name: "Ada Lovelace", alias: "New Alias" };
    expect(commenterLabel(writer, { isWriter: true, signature: "alias", alias: "Old Alias" })).toBe("Old Alias");
    expect(commenterLabel(writer, { isWriter: true, signature: "alias", alias: null })).toBe("Anonymous");
    expect(commenterLabel(writer, { isWriter: false, signature: "alias", alias: "Old Alias" })).toBe("New Alias");
  });

  it("never shows a registered name for an alias-signed or anonymous piece", () => {
    for (const c of cases.filter((x) => x.signature !== "name" && x.name?.trim())) {
      expect(authorLabel(c.signature, c.name, c.alias)).not.toContain(c.name!.trim());
      expect(commenterLabel(c, { isWriter: true, signature: c.signature, alias: c.alias })).not.toContain(c.name!.trim());
    }
  });
});
