import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "./client.ts";
import { checkContract } from "../http/respond.ts";

/** One array schema per row schema: zod builds a schema's parser on first use, so it is kept. */
const arrays = new WeakMap<z.ZodType, z.ZodType>();
const arrayOf = (row: z.ZodType) => {
  let array = arrays.get(row);
  if (!array) arrays.set(row, (array = z.array(row)));
  return array;
};

/*
 * A hot read whose plan does not depend on its parameters (a row by primary key, a writer's rows
 * by an index) is sent as a named prepared statement: parsed once per connection, and planned
 * with its values for its first five runs, after which PostgreSQL keeps one generic plan when
 * that costs no more, instead of planning at every request. The piece page's statement took
 * 0.5–1 ms to plan and 0.07–0.2 ms to run (issue 28 item 2). Never for a search, whose best plan depends on the word.
 * The name is the text's hash, so one name is always one text (node-postgres refuses a name
 * reused with another text); a statement text made from data (a varying list) must not come
 * here, and past PREPARED_MAX texts a read goes unnamed, so the statements a connection keeps
 * stay bounded.
 */
export const PREPARED_MAX = 200;
const names = new Map<string, string>();

function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= PREPARED_MAX) return known;
  const name = `inkwell_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
  names.set(text, name);
  return name;
}

/** A statement as Drizzle builds it: its text, its values and their types. */
type BuiltQuery = { sql: string; params: unknown[]; typings?: unknown[] };

/** What drizzle's db.execute does, with a statement name (its session and dialect are internal). */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): BuiltQuery };
  session: { prepareQuery(query: BuiltQuery, fields: undefined, name: string | undefined, arrayMode: false): { execute(): Promise<{ rows: unknown[] }> } };
}

async function executeNamed(q: Queryable, query: SQL | BuiltQuery): Promise<{ rows: unknown[] }> {
  const { dialect, session } = q as unknown as DrizzleInternals;
  const built = "sql" in query ? query : dialect.sqlToQuery(query);
  return session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
}

/**
 * A hot statement whose text never changes, built by Drizzle once (per dialect) with a stand-in
 * for each value, which every call fills in: building a statement is a tenth of a signed-in
 * reader's cached feed page (its `is()` checks and chunks, issue 28 item 2). Its values must be
 * strings (a uuid, an array literal) that `build` places as they are, each as a parameter, and
 * the statement must not change with them (a `viewerId ?` branch sees the stand-in: a non-empty
 * text). A build that does otherwise is refused at its first call: every key must come out as a
 * parameter, and no stand-in (each holds a NUL) anywhere else.
 */
export class FixedStatement<K extends string> {
  private readonly built = new WeakMap<object, { sql: string; typings?: unknown[]; slots: ({ key: K } | { value: unknown })[] }>();

  constructor(
    private readonly keys: readonly K[],
    private readonly build: (values: Record<K, string>) => SQL,
  ) {}

  /** The statement's text and its values for `values`, as Drizzle would build it from them. */
  query(q: Queryable, values: Record<K, string>): BuiltQuery {
    const { dialect } = q as unknown as DrizzleInternals;
    let built = this.built.get(dialect);
    if (!built) {
      const standIns = Object.fromEntries(this.keys.map((k) => [k, `\u0000${k}\u0000`])) as Record<K, string>;
      const byStandIn = new Map<unknown, K>(this.keys.map((k) => [standIns[k], k]));
      const { sql: text, params, typings } = dialect.sqlToQuery(this.build(standIns));
      const slots = params.map((value) => (byStandIn.has(value) ? { key: byStandIn.get(value)! } : { value }));
      // A build that wrapped, encoded or inlined a value would send its stand-in to every call: refused here, at the first.
      const unfilled = this.keys.filter((k) => !slots.some((slot) => "key" in slot && slot.key === k));
      if (unfilled.length > 0 || text.includes("\u0000") || slots.some((slot) => "value" in slot && String(slot.value).includes("\u0000"))) {
        throw new Error(`FixedStatement: ${unfilled.length > 0 ? `no parameter for ${unfilled.join(", ")}` : "a stand-in left in the statement"}`);
      }
      built = { sql: text, typings, slots };
      this.built.set(dialect, built);
    }
    return { sql: built.sql, params: built.slots.map((slot) => ("key" in slot ? valueOf(values, slot.key) : slot.value)), typings: built.typings };
  }
}

/** A call's value for `key`: a missing one (a caller's values out of step with the keys) is refused, never sent as NULL. */
function valueOf<K extends string>(values: Record<K, string>, key: K): string {
  const value = values[key];
  if (typeof value !== "string") throw new Error(`FixedStatement: no value for ${key}`);
  return value;
}

/** typedRows for a FixedStatement: sent as a named prepared statement. */
export async function fixedRows<K extends string, S extends z.ZodType>(q: Queryable, statement: FixedStatement<K>, values: Record<K, string>, row: S): Promise<z.output<S>[]> {
  const { rows } = await executeNamed(q, statement.query(q, values));
  return checkContract(arrayOf(row) as z.ZodArray<S>, rows, "a fixed statement's rows");
}

/**
 * The rows of a raw query (a `*.query.ts` builds it), each checked and converted by its zod row
 * schema: PGlite and node-postgres hand back timestamps, counts and dates in different types,
 * the schema says once what the code may rely on. `prepared`: a hot read, as above.
 */
export async function typedRows<S extends z.ZodType>(q: Queryable, query: SQL, row: S, opts?: { prepared: true }): Promise<z.output<S>[]> {
  const { rows } = opts?.prepared ? await executeNamed(q, query) : ((await q.execute(query)) as { rows: unknown[] });
  return checkContract(arrayOf(row) as z.ZodArray<S>, rows, "a feed query's rows");
}

/** A timestamptz column: a Date on PGlite, PostgreSQL's text on node-postgres. */
export const timestampColumn = z.coerce.date();
