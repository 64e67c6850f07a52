import { sql } from "drizzle-orm";
import type { Database, Queryable } from "./database.ts";
import { DELETED_WRITER_ID } from "./deleted-writer.ts";

/*
 * Copies everything the app keeps from one database into another of the same migration level
 * (issue 27 item 4: moving from the embedded database to PostgreSQL). Every table of the app's
 * schema, parents before children, in one transaction on the target: a copy that fails leaves the
 * target as it was. The job queue's waiting and scheduled jobs come along (its queues are created
 * through pg-boss's own function, which makes each queue's partition). Rows travel as JSON and are
 * read back by json_populate_recordset, so every column type (timestamps, jsonb, arrays, bytea)
 * crosses as PostgreSQL itself writes and reads it; generated columns are computed again.
 */

/** Rows fetched and written at a time. */
const BATCH = 1000;
const APP_SCHEMA = "public";
const JOBS_SCHEMA = "pgboss";

/**
 * Tables the target's own triggers fill as the rows they summarise arrive: copied too, they would
 * count every piece twice (prompt_piece_counts: migration 0019).
 */
const DERIVED_TABLES: ReadonlySet<string> = new Set(["prompt_piece_counts"]);

export class CopyRefusedError extends Error {}

export interface CopiedTable {
  table: string;
  rows: number;
}

interface Column {
  name: string;
  generated: boolean;
  identityAlways: boolean;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (schema: string, table: string) => `${ident(schema)}.${ident(table)}`;

async function rows<T>(q: Queryable, text: string): Promise<T[]> {
  const result = (await q.execute(sql.raw(text))) as unknown as { rows: T[] };
  return result.rows;
}

/** The schema's ordinary tables (not partitions), each after every table it references. */
async function tablesInOrder(q: Queryable, schema: string, skip: ReadonlySet<string>): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(
      q,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = '${schema}' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    )
  ).map((r) => r.name).filter((t) => !skip.has(t));
  const refs = await rows<{ child: string; parent: string }>(
    q,
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = '${schema}' and c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter((t) => !placed.has(t) && refs.every((r) => r.child !== t || placed.has(r.parent) || !tables.includes(r.parent)));
    if (next.length === 0) throw new Error(`The tables of ${schema} reference each other in a loop; they cannot be copied in order.`);
    for (const t of next) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

async function columnsOf(q: Queryable, schema: string, table: string): Promise<Column[]> {
  const cols = await rows<{ name: string; generated: string; identity: string | null }>(
    q,
    `select column_name as name, is_generated as generated, identity_generation as identity
     from information_schema.columns where table_schema = '${schema}' and table_name = '${table.replaceAll("'", "''")}'
     order by ordinal_position`,
  );
  return cols.map((c) => ({ name: c.name, generated: c.generated === "ALWAYS", identityAlways: c.identity === "ALWAYS" }));
}

/** Copies one table's rows from `from` (inside its transaction) into `to`, a batch at a time. */
async function copyTable(from: Queryable, to: Queryable, schema: string, table: string): Promise<number> {
  const columns = (await columnsOf(to, schema, table)).filter((c) => !c.generated);
  const list = columns.map((c) => ident(c.name)).join(", ");
  const name = qualified(schema, table);
  const overriding = columns.some((c) => c.identityAlways) ? " overriding system value" : "";
  await from.execute(sql.raw(`declare copy_rows no scroll cursor for select row_to_json(t)::text as j from ${name} t`));
  let copied = 0;
  try {
    for (;;) {
      const batch = await rows<{ j: string }>(from, `fetch ${BATCH} from copy_rows`);
      if (batch.length === 0) break;
      const json = `[${batch.map((r) => r.j).join(",")}]`;
      await to.execute(sql`insert into ${sql.raw(name)} (${sql.raw(list)})${sql.raw(overriding)} select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(name)}, ${json}::json)`);
      copied += batch.length;
    }
  } finally {
    await from.execute(sql.raw("close copy_rows"));
  }
  return copied;
}

/** Sequences (bigserial and identity columns) continue after the copied rows. */
async function advanceSequences(to: Queryable, schema: string): Promise<void> {
  const owned = await rows<{ tbl: string; col: string; seq: string }>(
    to,
    `select t.relname as tbl, a.attname as col, s.relname as seq from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
       join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       join pg_namespace n on n.oid = s.relnamespace
     where s.relkind = 'S' and n.nspname = '${schema}'`,
  );
  for (const o of owned) {
    await to.execute(
      sql.raw(`select setval('${qualified(schema, o.seq).replaceAll("'", "''")}', coalesce((select max(${ident(o.col)}) from ${qualified(schema, o.tbl)}), 0) + 1, false)`),
    );
  }
}

/** The job queue's queues, made on the target by pg-boss's own create_queue (each gets its partition). */
async function copyQueues(from: Queryable, to: Queryable): Promise<number> {
  const queues = await rows<{ name: string; options: string }>(
    from,
    `select name, json_build_object('policy', policy, 'retryLimit', retry_limit, 'retryDelay', retry_delay,
       'retryBackoff', retry_backoff, 'expireInSeconds', expire_seconds, 'retentionMinutes', retention_minutes,
       'deadLetter', dead_letter)::text as options
     from ${JOBS_SCHEMA}.queue order by dead_letter is not null, name`,
  );
  for (const q of queues) await to.execute(sql`select ${sql.raw(JOBS_SCHEMA)}.create_queue(${q.name}, ${q.options}::json)`);
  return queues.length;
}

async function hasSchema(q: Queryable, schema: string): Promise<boolean> {
  return (await rows<{ n: number }>(q, `select count(*)::int as n from pg_namespace where nspname = '${schema}'`))[0]!.n > 0;
}

/**
 * Copies `source` into `target`, both migrated to the same level (openDatabase migrates them).
 * Refuses a target that already has writers (the migrations' own "deleted writer" aside); the job queue's schema must exist on the target when
 * the source has one (`jobsSchemaSql` makes it). Returns what was copied, table by table.
 */
export async function copyDatabase(source: Database, target: Database, jobsSchemaSql: string): Promise<CopiedTable[]> {
  const [{ n: writers }] = await rows<{ n: number }>(target.db, `select count(*)::int as n from ${APP_SCHEMA}.users where id <> '${DELETED_WRITER_ID}'`) as [{ n: number }];
  if (writers > 0) throw new CopyRefusedError(`The target database already has ${writers} account(s): copy into an empty database.`);
  const targetHasJobs = await hasSchema(target.db, JOBS_SCHEMA);
  if (targetHasJobs && (await rows(target.db, `select 1 from ${JOBS_SCHEMA}.queue limit 1`)).length) {
    throw new CopyRefusedError("An inkwell server has already run on the target database (its job queue is set up): copy into a new, empty database.");
  }
  const report: CopiedTable[] = [];
  await source.db.transaction(async (from) => {
    await from.execute(sql.raw("set transaction isolation level repeatable read, read only"));
    const withJobs = await hasSchema(from, JOBS_SCHEMA);
    if (withJobs && !targetHasJobs) await target.sql(jobsSchemaSql);
    await target.db.transaction(async (to) => {
      const appTables = await tablesInOrder(from, APP_SCHEMA, DERIVED_TABLES);
      // Rows the migrations themselves wrote (the deleted-writer account, defaults) are replaced by
      // the source's, children first. (Not TRUNCATE: the audit log's trigger refuses it, and it is empty here.)
      for (const table of [...appTables].reverse()) {
        const name = qualified(APP_SCHEMA, table);
        if ((await rows(to, `select 1 from ${name} limit 1`)).length) await to.execute(sql.raw(`delete from ${name}`));
      }
      for (const table of appTables) report.push({ table, rows: await copyTable(from, to, APP_SCHEMA, table) });
      await advanceSequences(to, APP_SCHEMA);
      if (withJobs) {
        report.push({ table: `${JOBS_SCHEMA}.queue`, rows: await copyQueues(from, to) });
        // version is pg-boss's own (written with the schema); queue is made above; job rows go to their partitions.
        for (const table of await tablesInOrder(from, JOBS_SCHEMA, new Set(["version", "queue"]))) {
          report.push({ table: `${JOBS_SCHEMA}.${table}`, rows: await copyTable(from, to, JOBS_SCHEMA, table) });
        }
      }
    });
  });
  return report;
}
