import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { DigestItem } from "../../mail/digest-mail.ts";
import { timestampColumn, typedRows } from "../community/typed-rows.ts";

/*
 * FINISH AT MERGE (issue 14 item 6): written against the agreed contract of the wp14-notif
 * branch's table, notifications(id, user_id, kind, submission_id, data jsonb, count, created_at,
 * updated_at, read_at). Check the names against its migration, and that an index such as
 * (user_id, updated_at desc) where read_at is null serves both queries; digest.test.ts creates
 * the table by the contract only when it does not exist.
 */

const unreadRow = z.object({
  kind: z.string(),
  submission_id: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  count: z.coerce.number(),
  updated_at: timestampColumn,
});

/** The writer's unread notifications changed after `since` (all unread when null), newest first, at most `limit`, and how many there are. */
export async function unreadSince(db: Db, userId: string, since: Date | null, limit: number): Promise<{ items: DigestItem[]; total: number }> {
  const after = since ? sql`and updated_at > ${since.toISOString()}::timestamptz` : sql``;
  const rows = await typedRows(
    db,
    sql`select kind, submission_id, data, count, updated_at from notifications
        where user_id = ${userId} and read_at is null ${after} order by updated_at desc, id desc limit ${limit}`,
    unreadRow,
  );
  const [counted] = await typedRows(db, sql`select count(*)::int as n from notifications where user_id = ${userId} and read_at is null ${after}`, z.object({ n: z.coerce.number() }));
  const items = rows.map((r) => ({ kind: r.kind, submissionId: r.submission_id, data: r.data ?? {}, count: r.count, updatedAt: r.updated_at }));
  return { items, total: counted?.n ?? items.length };
}
