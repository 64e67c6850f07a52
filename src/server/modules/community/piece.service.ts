import { authorLabel } from "#shared/domain/author.ts";
import { COMMUNITY_MESSAGES, type CommunityPiece, type CommunityPieceDetail, type PieceAuthor } from "#shared/schemas/community.ts";
import type { Viewer } from "../../db/audience.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../http/errors.ts";
import { pieceDetailRow, pieceDetailStatement, pieceMarksRow, pieceMarksStatement, type PublicPieceRow } from "./piece.query.ts";
import { fixedRows } from "../../db/typed-rows.ts";

/**
 * Only what the signature allows leaves this function: the SQL (piece.query.ts) already nulls
 * the name, alias and streak columns that the signature does not reveal.
 */
function authorFrom(row: PublicPieceRow): PieceAuthor {
  const signature = row.submission_type;
  const label = authorLabel(signature, row.author_name, row.author_alias);
  return { label, signature, streak: signature === "name" ? row.author_streak : null };
}

/** What a feed card and the open piece both show, from a piece's row. */
export function pieceFields(row: PublicPieceRow): Omit<CommunityPiece, "preview" | "truncated"> {
  return {
    id: row.id,
    title: row.title,
    prompt: { id: row.prompt_id, text: row.prompt_text, kind: row.prompt_kind, date: row.prompt_date },
    author: authorFrom(row),
    isFeatured: row.is_featured,
    wordCount: row.word_count,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    likedByMe: row.liked,
    isMine: row.mine,
    createdAt: row.created_at.toISOString(),
    commentsOff: row.comments_off,
    contentWarning: row.content_warning,
  };
}

/** A public piece with its full text, and whether a visitor may open it too; 404 for anything the viewer may not open, or gone. */
export async function readPiece(db: Db, id: string, viewer: Viewer): Promise<{ piece: CommunityPieceDetail; visitorsSee: boolean }> {
  const [row] = await fixedRows(db, ...pieceDetailStatement(id, viewer), pieceDetailRow);
  if (!row) throw notFound(COMMUNITY_MESSAGES.pieceNotFound);
  return { piece: { ...pieceFields(row), content: row.content }, visitorsSee: row.visitors_see };
}

/** A public piece with its full text; 404 for anything private or gone. */
export async function getPiece(db: Db, id: string, viewer: Viewer): Promise<CommunityPieceDetail> {
  return (await readPiece(db, id, viewer)).piece;
}

/** A reader's marks on piece `id` (whether they like it and wrote it), with its counts as they are now; null when it is gone. */
export async function pieceMarks(db: Db, id: string, viewerId: string): Promise<{ liked: boolean; mine: boolean; likeCount: number; commentCount: number } | null> {
  const [row] = await fixedRows(db, pieceMarksStatement, { id, viewerId }, pieceMarksRow);
  return row ? { liked: row.liked, mine: row.mine, likeCount: row.like_count, commentCount: row.comment_count } : null;
}

/** The card columns and their row schema, for other modules' lists of pieces (a circle's feed). */
export { pieceColumns, publicPieceRow } from "./piece.query.ts";
