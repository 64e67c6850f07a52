import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "./client.ts";
import { checkContract } from "../http/respond.ts";

/**
 * The rows of a raw query (a `*.query.ts` builds it), each checked and converted by its zod row
 * schema: PGlite and node-postgres hand back timestamps, counts and dates in different types,
 * the schema says once what the code may rely on.
 */
export async function typedRows<S extends z.ZodType>(q: Queryable, query: SQL, row: S): Promise<z.output<S>[]> {
  const { rows } = (await q.execute(query)) as { rows: unknown[] };
  return checkContract(z.array(row), rows, "a feed query's rows");
}

/** A timestamptz column: a Date on PGlite, PostgreSQL's text on node-postgres. */
export const timestampColumn = z.coerce.date();
