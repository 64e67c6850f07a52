import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidSchema } from "#shared/schemas/common.ts";
import { TRASH_MESSAGES, TRASH_PAGE_SIZE, type TrashPage } from "#shared/schemas/trash.ts";
import type { Db } from "../../db/client.ts";
import { trashedPieces } from "../../db/schema/index.ts";
import { cursorCodec, cursorTime } from "../../http/cursor.ts";
import { TRASH_MS } from "./trash.service.ts";

const cursor = cursorCodec(z.object({ t: cursorTime, i: uuidSchema }), TRASH_MESSAGES.invalidCursor);
/** Full precision (microseconds) so the cursor never skips or repeats a row. */
const trashedText = sql<string>`${trashedPieces.trashedAt}::text`;

/** The writer's trash, most recently deleted first, keyset-paged on (user_id, trashed_at desc, id desc). */
export async function listTrash(db: Db, userId: string, rawCursor: string | undefined): Promise<TrashPage> {
  const after = rawCursor ? cursor.decode(rawCursor) : null;
  const rows = await db
    .select({
      id: trashedPieces.id,
      title: trashedPieces.title,
      excerpt: trashedPieces.excerpt,
      wordCount: trashedPieces.wordCount,
      createdAt: trashedPieces.createdAt,
      trashedAt: trashedPieces.trashedAt,
      trashedText,
      byAdmin: trashedPieces.byAdmin,
      note: trashedPieces.note,
    })
    .from(trashedPieces)
    .where(and(eq(trashedPieces.userId, userId), after ? sql`(${trashedPieces.trashedAt}, ${trashedPieces.id}) < (${after.t}::timestamptz, ${after.i}::uuid)` : undefined))
    .orderBy(desc(trashedPieces.trashedAt), desc(trashedPieces.id))
    .limit(TRASH_PAGE_SIZE + 1);
  const page = rows.slice(0, TRASH_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      title: r.title,
      excerpt: r.excerpt,
      wordCount: r.wordCount,
      createdAt: r.createdAt.toISOString(),
      trashedAt: r.trashedAt.toISOString(),
      purgeAt: new Date(r.trashedAt.getTime() + TRASH_MS).toISOString(),
      removedByAdmin: r.byAdmin,
      note: r.byAdmin ? r.note : null,
    })),
    nextCursor: rows.length > TRASH_PAGE_SIZE && last ? cursor.encode({ t: last.trashedText, i: last.id }) : null,
  };
}
