import type { Db } from "#server/db/client.ts";

/**
 * How many statements Drizzle sends while `fn` runs, on either engine: every query (the app's and
 * better-auth's, which uses the same Drizzle database) is prepared by the database's session
 * class, transactions' sessions included. BEGIN and COMMIT are not counted (PGlite sends them
 * outside Drizzle). For tests of round trips per request; it counts whatever runs meanwhile.
 */
export async function countStatements(db: Db, fn: () => Promise<unknown>): Promise<{ count: number; sql: string[] }> {
  const proto = Object.getPrototypeOf((db as unknown as { session: object }).session) as { prepareQuery: (...args: unknown[]) => unknown };
  const original = proto.prepareQuery;
  const sql: string[] = [];
  proto.prepareQuery = function (this: unknown, ...args: unknown[]) {
    const text = (args[0] as { sql: string }).sql;
    if (!/^\s*(begin|commit|rollback)\b/i.test(text)) sql.push(text);
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.prepareQuery = original;
  }
  return { count: sql.length, sql };
}
