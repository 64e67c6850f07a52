import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { submissions } from "../../db/schema/index.ts";

/**
 * The per-viewer fields of a feed page, for a page read from the shared cache: which of its
 * pieces (at most a page, by primary key) the viewer wrote or likes. Only those rows come back.
 */
export async function viewerMarks(db: Db, viewerId: string, ids: string[]): Promise<{ mine: Set<string>; liked: Set<string> }> {
  const mine = new Set<string>();
  const liked = new Set<string>();
  if (ids.length === 0) return { mine, liked };
  const rows = await db
    .select({
      id: submissions.id,
      mine: sql<boolean>`${submissions.userId} = ${viewerId}::uuid`,
      liked: sql<boolean>`exists (select 1 from submission_likes l where l.submission_id = ${submissions.id} and l.user_id = ${viewerId}::uuid)`,
    })
    .from(submissions)
    .where(inArray(submissions.id, ids));
  for (const r of rows) {
    if (r.mine) mine.add(r.id);
    if (r.liked) liked.add(r.id);
  }
  return { mine, liked };
}
