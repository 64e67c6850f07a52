import { z } from "zod";
import { badRequest } from "./errors.ts";

/*
 * Keyset cursors, one codec for every paged list: a cursor is opaque to the client (base64url
 * JSON), and what comes back is checked against the list's own zod schema before any query
 * sees it. A cursor that is not exactly what this server would have written is a 422 with the
 * list's message, never a 500.
 */

/** A timestamptz as PostgreSQL prints it ("2026-03-01 12:00:00.123456+00") or ISO 8601. */
const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

/** True when the text names a real instant between years 1 and 9999 (no month 13, no 25:00). */
export function isRealTimestamp(text: string): boolean {
  const m = TIMESTAMP_TEXT.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
  return day <= daysInMonth;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** A cursor's timestamp field: a real instant, written with full (microsecond) precision. */
export const cursorTime = z.string().max(40).refine(isRealTimestamp);
/** A cursor's integer sort key (a count of words or likes): never 1e300. */
export const cursorInt = z.number().int().min(-2_147_483_648).max(2_147_483_647);

export interface CursorCodec<T> {
  encode(value: T): string;
  /** The cursor's value, or a 422 `invalid_cursor` with the list's message. */
  decode(raw: string): T;
}

export function cursorCodec<S extends z.ZodType>(schema: S, message: string): CursorCodec<z.output<S>> {
  return {
    encode: (value) => Buffer.from(JSON.stringify(value), "utf8").toString("base64url"),
    decode(raw) {
      try {
        return schema.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
      } catch {
        throw badRequest(message, "invalid_cursor");
      }
    },
  };
}
