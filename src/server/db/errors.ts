/*
 * What a failed query means, read from the driver's error (drizzle wraps it in `cause`).
 */

/** A driver error's own message; never drizzle's "Failed query: …" wrapper, which holds the SQL and its parameters (a writer's text). */
function ownMessage(e: object): string {
  const message = (e as { message?: unknown }).message;
  return typeof message === "string" && !message.startsWith("Failed query") ? message : "";
}

function* causes(err: unknown): Generator<object> {
  let e: unknown = err;
  for (let i = 0; i < 6 && e && typeof e === "object"; i++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/** The PostgreSQL error code (SQLSTATE) of a failed query, if the server gave one. */
export function pgErrorCode(err: unknown): string | undefined {
  for (const e of causes(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** SQLSTATE classes and codes that mean "the database is not there right now", not "your query is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3]|53300)/;
/** Socket-level codes of a connection that failed or broke. */
const UNAVAILABLE_ERRNO = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** node-postgres says these in words only. */
const UNAVAILABLE_TEXT = /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Connection ended|database system is (shutting down|starting up)/i;

/** True when a query failed because the database is unreachable (down, restarting, refusing connections). */
export function isDatabaseUnavailable(err: unknown): boolean {
  const sqlstate = pgErrorCode(err);
  if (sqlstate) return UNAVAILABLE_SQLSTATE.test(sqlstate);
  for (const e of causes(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_ERRNO.has(code)) return true;
    if (UNAVAILABLE_TEXT.test(ownMessage(e))) return true;
  }
  return false;
}

/** True when the disk under the database is full. */
export function isDiskFull(err: unknown): boolean {
  if (pgErrorCode(err) === "53100") return true; // disk_full
  for (const e of causes(err)) {
    if ((e as { code?: unknown }).code === "ENOSPC") return true;
    if (/ENOSPC|No space left on device/i.test(ownMessage(e))) return true;
  }
  return false;
}
