/**
 * Loaded into the benchmark's server (`--import`, after tsx) when BENCH_CAPTURE_SQL names a file:
 * while capturing is on, every statement the app sends through `pg` — its pool, better-auth's
 * queries, the job queue's — is appended to that file as one JSON line `{ text, values }`, with
 * the values as `pg` itself sends them (prepareValue: dates, arrays, JSON as text), and
 * `prepared: true` for a named statement (db/typed-rows.ts), which PostgreSQL plans once. SIGUSR2
 * switches capturing on and off, and each switch writes a `{ "capture": true|false }` line, so
 * the benchmark knows from the file itself when it took effect (floors.ts). Off, the hook costs
 * one boolean test per statement: the same server is then loaded.
 *
 * Why here and not PostgreSQL's log (log_min_duration_statement = 0): the log is the server's,
 * in a place and format a benchmark pointed at someone's server (BENCH_DATABASE_URL) may not
 * read, and interleaves other sessions' lines; the client sees exactly the statements and
 * parameters the app sent, in order, with nothing to parse.
 */
import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";
import pg from "pg";

const file = process.env.BENCH_CAPTURE_SQL;
if (file) {
  let on = false;
  process.on("SIGUSR2", () => {
    on = !on;
    appendFileSync(file, `${JSON.stringify({ capture: on })}\n`);
  });
  const { prepareValue: prepare } = createRequire(import.meta.url)("pg/lib/utils") as { prepareValue: (v: unknown) => unknown };
  const asText = (v: unknown) => {
    const p = prepare(v);
    return Buffer.isBuffer(p) ? { bytea: p.toString("hex") } : p;
  };
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (on) {
      const [first, second] = args;
      // (text, values), or a config object whose values come in it or, as Drizzle sends them, second.
      const config = typeof first === "string" ? { text: first } : ((first ?? {}) as { text?: string; values?: unknown[]; name?: string });
      const values = config.values ?? (Array.isArray(second) ? (second as unknown[]) : []);
      const prepared = "name" in config && config.name ? { prepared: true } : {};
      if (config.text) appendFileSync(file, `${JSON.stringify({ text: config.text, values: values.map(asText), ...prepared })}\n`);
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}
