import { pgErrorCode } from "./db/errors.ts";

/*
 * One format for failure logs: what failed, its SQLSTATE or errno, the first line of its message
 * and where it was thrown. Never a failed query's parameters — they hold writers' text and
 * session tokens: drizzle puts them on the message's second line ("params: …"), which is dropped,
 * as is anything past 160 characters of the first.
 */
export function errorLine(msg: string, err: unknown, fields: Record<string, unknown> = {}): string {
  const e = err instanceof Error ? err : new Error(String(err));
  const first = (e.message ?? "").split("\n")[0] ?? "";
  const at = (e.stack ?? "").split("\n").filter((l) => l.startsWith("    at ")).slice(0, 8).map((l) => l.trim());
  const code = pgErrorCode(e) ?? (e as { code?: unknown }).code;
  return JSON.stringify({ level: "error", msg, ...fields, name: e.name, code, err: first.slice(0, 160), at });
}

export function logError(msg: string, err: unknown, fields: Record<string, unknown> = {}): void {
  console.error(errorLine(msg, err, fields));
}

/** One warning line for an operator (what to change), never a request's body. */
export function logWarn(msg: string, fields: Record<string, unknown> = {}): void {
  console.warn(JSON.stringify({ level: "warn", msg, ...fields }));
}
