import type { Database } from "#server/db/client.ts";

/** Where a value was found: one column of one table, and in how many rows. */
export interface Trace {
  table: string;
  column: string;
  rows: number;
}

const SEARCHED_TYPES = ["text", "character varying", "uuid", "json", "jsonb"];

/**
 * Every row of every table in the app's schema and the job queue's (public, pgboss) whose text,
 * varchar, uuid, json or jsonb column holds one of `needles` (cast to text, ILIKE, anywhere in
 * the value). Generic on purpose: a table or column added later is searched too.
 */
export async function findTraces(database: Database, needles: string[], schemas = ["public", "pgboss"]): Promise<Trace[]> {
  const { rows: columns } = (await database.sql(
    `select c.table_schema, c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = any($1::text[]) and c.data_type = any($2::text[])
      order by 1, 2, 3`,
    [schemas, SEARCHED_TYPES],
  )) as { rows: { table_schema: string; table_name: string; column_name: string }[] };
  const patterns = needles.map((n) => `%${n.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  const traces: Trace[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const table = `"${table_schema}"."${table_name}"`;
    const { rows } = (await database.sql(`select count(*)::int as n from ${table} where "${column_name}"::text ilike any($1::text[])`, [patterns])) as {
      rows: { n: number }[];
    };
    if (rows[0]!.n > 0) traces.push({ table: `${table_schema}.${table_name}`, column: column_name, rows: rows[0]!.n });
  }
  return traces;
}
