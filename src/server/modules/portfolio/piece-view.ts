import { authorLabel } from "#shared/domain/author.ts";
import { countWords, pagesFor } from "#shared/domain/words.ts";
import type { PieceView } from "#shared/schemas/portfolio.ts";
import type { PieceRow } from "./piece.service.ts";

/**
 * The piece as anyone but its owner sees it. A public piece shows its community copy (private
 * edits stay private). A private piece has no community copy: whoever holds its share link sees
 * the writer's current version.
 */
export function publicFace(row: PieceRow): { title: string | null; content: string; wordCount: number; pagesWritten: number } {
  if (row.isPrivate && row.privateContent !== null) {
    return {
      // Once there is a private version its title is the writer's word, even when they removed it.
      title: row.privateTitle,
      content: row.privateContent,
      wordCount: row.privateWordCount ?? countWords(row.privateContent),
      pagesWritten: row.privatePagesWritten ?? pagesFor(row.privateWordCount ?? countWords(row.privateContent)),
    };
  }
  return { title: row.title, content: row.content, wordCount: row.wordCount, pagesWritten: row.pagesWritten };
}

export function pieceAuthorLabel(row: PieceRow): string {
  return authorLabel(row.submissionType, row.authorName, row.authorAlias);
}

export function toPieceView(row: PieceRow, viewerId: string | null): PieceView {
  const isOwner = viewerId !== null && viewerId === row.userId;
  const face = isOwner ? { title: row.title, content: row.content, wordCount: row.wordCount, pagesWritten: row.pagesWritten } : publicFace(row);
  const view: PieceView = {
    id: row.id,
    ...face,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isPrivate: row.isPrivate,
    isFeatured: row.isFeatured,
    submissionType: row.submissionType,
    authorLabel: pieceAuthorLabel(row),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    prompt: row.prompt,
    isOwner,
    commentsOff: row.commentsOff,
    contentWarning: row.contentWarning,
  };
  if (isOwner) {
    const edited = row.privateContent !== null;
    view.privateTitle = row.privateTitle;
    view.privateContent = row.privateContent;
    view.privateWordCount = row.privateWordCount;
    view.privatePagesWritten = row.privatePagesWritten;
    view.edited = edited;
    view.hiddenReason = row.hiddenAt ? (row.hiddenReason ?? "") : null;
    view.imported = row.imported.at ? { prompt: row.imported.prompt } : null;
    view.privateDiffers = edited && (row.privateContent !== row.content || row.privateTitle !== row.title);
  }
  return view;
}
