import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { Queryable } from "./client.ts";
import { FixedStatement } from "./typed-rows.ts";

/*
 * A statement built once with stand-ins (FixedStatement) sends exactly what Drizzle builds from
 * the values themselves: the same text, the same parameters in the same places.
 */

const dialect = new PgDialect();
const q = { dialect } as unknown as Queryable;

describe("FixedStatement", () => {
  const build = ({ viewer, ids }: { viewer: string; ids: string }) =>
    sql`select s.id, s.user_id = ${viewer}::uuid as mine, ${"a constant"} as c from submissions s where s.id = any(${ids}::uuid[]) and ${viewer}::uuid is not null`;
  const statement = new FixedStatement(["viewer", "ids"], build);

  it("is what Drizzle builds from the values, for any values, the same value twice included", () => {
    for (const values of [
      { viewer: "11111111-1111-4111-8111-111111111111", ids: "{22222222-2222-4222-8222-222222222222}" },
      { viewer: "33333333-3333-4333-8333-333333333333", ids: "{}" },
      { viewer: "same", ids: "same" },
    ]) {
      expect(statement.query(q, values)).toEqual(dialect.sqlToQuery(build(values)));
    }
  });

  it("keeps one text, whatever the values", () => {
    const a = statement.query(q, { viewer: "a", ids: "{}" });
    const b = statement.query(q, { viewer: "b", ids: "{x}" });
    expect(a.sql).toBe(b.sql);
    expect(a.params).toEqual(["a", "a constant", "{}", "a"]);
  });

  it("refuses a build that does not place a value as a parameter of its own", () => {
    const wrapped = new FixedStatement(["q"], ({ q: word }) => sql`select 1 where title like ${`%${word}%`}`);
    expect(() => wrapped.query(q, { q: "harbour" })).toThrow("no parameter for q");
    const inlined = new FixedStatement(["id", "other"], ({ id, other }) => sql`select ${sql.raw(`'${other}'`)} where id = ${id}`);
    expect(() => inlined.query(q, { id: "x", other: "y" })).toThrow("no parameter for other");
  });

  it("refuses a call that leaves out one of its values, rather than sending NULL", () => {
    statement.query(q, { viewer: "a", ids: "{}" });
    expect(() => statement.query(q, { viewer: "a" } as unknown as { viewer: string; ids: string })).toThrow("no value for ids");
  });
});
