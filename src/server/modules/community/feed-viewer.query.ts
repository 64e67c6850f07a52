import { inArray, sql } from "drizzle-orm";
import { pieceNotBlockedByViewer } from "../../db/blocks-sql.ts";
import type { Db } from "../../db/client.ts";
import { submissions } from "../../db/schema/index.ts";

/**
 * The per-viewer fields of a feed page, for a page read from the shared cache: which of its
 * pieces (at most a page, by primary key) the viewer wrote or likes, and whether any is by a
 * piece the viewer's blocks cover (then the page is not theirs to be served: issue 13 item 5).
 */
export async function viewerMarks(db: Db, viewerId: string, ids: string[]): Promise<{ mine: Set<string>; liked: Set<string>; anyBlocked: boolean }> {
  const mine = new Set<string>();
  const liked = new Set<string>();
  let anyBlocked = false;
  if (ids.length === 0) return { mine, liked, anyBlocked };
  const rows = await db
    .select({
      id: submissions.id,
      mine: sql<boolean>`${submissions.userId} = ${viewerId}::uuid`,
      liked: sql<boolean>`exists (select 1 from submission_likes l where l.submission_id = ${submissions.id} and l.user_id = ${viewerId}::uuid)`,
      blocked: sql<boolean>`not ${pieceNotBlockedByViewer(viewerId, sql`${submissions}`)}`,
    })
    .from(submissions)
    .where(inArray(submissions.id, ids));
  for (const r of rows) {
    if (r.mine) mine.add(r.id);
    if (r.liked) liked.add(r.id);
    if (r.blocked) anyBlocked = true;
  }
  return { mine, liked, anyBlocked };
}
