import {
  ARCHIVE_SOURCE,
  FREEWRITE_PROMPT,
  writeArchiveFile,
  type PieceFrontMatter,
  type PrivateFrontMatter,
} from "#shared/domain/piece-archive.ts";
import { countWords, pagesFor } from "#shared/domain/words.ts";
import type { ExportPiece } from "./export.query.ts";

/** One version of a piece: what a file holds. */
export interface PieceVersion {
  title: string | null;
  text: string;
  words: number;
  pages: number;
}

/**
 * A piece's versions as the archive keeps them: `main` is the published text of a public piece,
 * or the writer's current text of a private one (a private piece's text IS its private version);
 * `private` is a public piece's private version, only when it differs from what was published.
 */
export function pieceVersions(p: ExportPiece): { main: PieceVersion; private: PieceVersion | null } {
  const published: PieceVersion = { title: p.title, text: p.content, words: p.wordCount, pages: p.pages };
  if (p.privateContent === null) return { main: published, private: null };
  const words = p.privateWordCount ?? countWords(p.privateContent);
  const own: PieceVersion = { title: p.privateTitle, text: p.privateContent, words, pages: p.privatePages ?? pagesFor(words) };
  if (p.isPrivate) return { main: own, private: null };
  const differs = own.text !== published.text || own.title !== published.title;
  return { main: published, private: differs ? own : null };
}

/** The writer's current version: what they see and edit (their private version when there is one). */
export function currentVersion(p: ExportPiece): PieceVersion {
  const v = pieceVersions(p);
  return v.private ?? v.main;
}

/** The front matter of a piece's file (the archive format, shared/domain/piece-archive.ts). */
export function pieceFrontMatter(p: ExportPiece, version: PieceVersion): PieceFrontMatter {
  return {
    title: version.title?.trim() ? version.title : null,
    date: p.createdAt.toISOString(),
    local_date: p.localDate,
    updated: p.updatedAt.toISOString(),
    prompt: p.promptKind === "freewrite" ? FREEWRITE_PROMPT : p.promptText,
    prompt_date: p.promptKind === "freewrite" ? null : p.promptDate,
    words: version.words,
    pages: version.pages,
    visibility: p.isPrivate ? "private" : "public",
    signature: p.signature,
    ...(p.signature === "alias" && p.authorAlias ? { alias: p.authorAlias } : {}),
    featured: p.isFeatured,
    likes: p.likeCount,
    comments: p.commentCount,
    ...(p.contentWarning ? { content_warning: p.contentWarning } : {}),
    source: ARCHIVE_SOURCE,
    id: p.id,
  };
}

/** A piece's `.md` file: front matter and the text. */
export function pieceMarkdown(p: ExportPiece, version: PieceVersion = pieceVersions(p).main): string {
  return writeArchiveFile(pieceFrontMatter(p, version), version.text);
}

/** A piece's `.private.md` file. */
export function privateMarkdown(version: PieceVersion): string {
  const front: PrivateFrontMatter = { version: "private", title: version.title?.trim() ? version.title : null, words: version.words, pages: version.pages };
  return writeArchiveFile(front, version.text);
}

/** A piece as plain text: its title (when it has one), a blank line, the text. */
export function pieceText(version: PieceVersion): string {
  const title = version.title?.trim();
  const body = version.text.endsWith("\n") ? version.text : `${version.text}\n`;
  return title ? `${title}\n\n${body}` : body;
}
