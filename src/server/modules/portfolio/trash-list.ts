import { and, eq } from "drizzle-orm";
import { TRASH_MESSAGES, TRASH_PAGE_SIZE, type TrashPage } from "#shared/schemas/trash.ts";
import type { Db } from "../../db/client.ts";
import { trashedPieces } from "../../db/schema/index.ts";
import { keyTimeSql, newestFirstPager } from "../../db/keyset.ts";
import { TRASH_MS } from "./trash.service.ts";

const pager = newestFirstPager(TRASH_PAGE_SIZE, TRASH_MESSAGES.invalidCursor);

/** The writer's trash, most recently deleted first, keyset-paged on (user_id, trashed_at desc, id desc). */
export async function listTrash(db: Db, userId: string, rawCursor: string | undefined): Promise<TrashPage> {
  const after = pager.decode(rawCursor);
  const rows = await db
    .select({
      id: trashedPieces.id,
      title: trashedPieces.title,
      excerpt: trashedPieces.excerpt,
      wordCount: trashedPieces.wordCount,
      createdAt: trashedPieces.createdAt,
      trashedAt: trashedPieces.trashedAt,
      cursorTs: keyTimeSql(trashedPieces.trashedAt),
      byAdmin: trashedPieces.byAdmin,
      note: trashedPieces.note,
    })
    .from(trashedPieces)
    .where(and(eq(trashedPieces.userId, userId), pager.olderThan(trashedPieces.trashedAt, trashedPieces.id, after)))
    .orderBy(...pager.order(trashedPieces.trashedAt, trashedPieces.id))
    .limit(pager.limit);
  const { page, nextCursor } = pager.page(rows);
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
    nextCursor,
  };
}
