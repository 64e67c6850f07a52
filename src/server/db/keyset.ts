import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { uuidSchema } from "#shared/schemas/common.ts";
import { cursorCodec, cursorTime } from "../http/cursor.ts";

/*
 * Newest-first keyset pages (issue 25 item 2): one helper for every list read (time DESC, id DESC)
 * a page at a time — an admin's lists, the report queue, the audit log, the trash, notifications
 * and blocks. One cursor shape ({t, id}: the last row's time, to the microsecond, and its id), one
 * codec (http/cursor.ts: a cursor this server did not write is a 422 `invalid_cursor` with the
 * list's message), one id schema, one way of writing a time as text, and bounded page sizes.
 * Lists sorted by something else (the community feed, the portfolio) build their own cursor from
 * the same parts: `cursorId`, `cursorTime`, `keyTimeSql`.
 */

/** The id schema of every cursor. */
export const cursorId = uuidSchema;

/** No list pages more than this many rows at a time. */
export const PAGE_SIZE_MAX = 100;

/** A timestamp as a cursor holds it: UTC, with microseconds, whatever the session's time zone. */
export const keyTimeSql = (time: AnyColumn | SQL) => sql<string>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const afterSchema = z.object({ t: cursorTime, id: cursorId });
/** Where the next page starts: the last row's time (`keyTimeSql`) and id. */
export type After = z.output<typeof afterSchema>;

export interface NewestFirstPager {
  /** Rows to read: a page and one more, to tell whether another page follows. */
  readonly limit: number;
  /** The cursor a request sent, checked (a crafted one is a 422 `invalid_cursor`), or null for the first page. */
  decode(raw: string | undefined): After | null;
  /** `(time, id)` comes after the cursor in newest-first order (undefined on the first page, for `and(...)`). */
  olderThan(time: AnyColumn | SQL, id: AnyColumn | SQL, after: After | null): SQL | undefined;
  /** The order of the keyset: time DESC, id DESC, nulls last (the order its indexes are made in). */
  order(time: AnyColumn | SQL, id: AnyColumn | SQL): SQL[];
  /** The page of `rows` (read with `limit`), and the cursor after its last row when more follow. */
  page<R extends { id: string; cursorTs: string }>(rows: R[]): { page: R[]; nextCursor: string | null };
}

/** A newest-first pager of `size` rows a page (1..PAGE_SIZE_MAX); a bad cursor answers `badCursor`. */
export function newestFirstPager(size: number, badCursor: string): NewestFirstPager {
  if (!Number.isInteger(size) || size < 1 || size > PAGE_SIZE_MAX) throw new RangeError(`page size ${size} is not within 1..${PAGE_SIZE_MAX}`);
  const codec = cursorCodec(afterSchema, badCursor);
  return {
    limit: size + 1,
    decode: (raw) => (raw ? codec.decode(raw) : null),
    olderThan: (time, id, after) => (after ? sql`(${time}, ${id}) < (${after.t}::timestamptz, ${after.id}::uuid)` : undefined),
    order: (time, id) => [sql`${time} desc nulls last`, sql`${id} desc nulls last`],
    page(rows) {
      const page = rows.slice(0, size);
      const last = page.at(-1);
      return { page, nextCursor: rows.length > size && last ? codec.encode({ t: last.cursorTs, id: last.id }) : null };
    },
  };
}
