import { SOCIAL_DESCRIPTION_MAX } from "#shared/constants.ts";
import { markupToPlainText, truncateText } from "#shared/domain/markup.ts";
import { PAGE_TITLE_MAX, pieceName } from "#shared/domain/piece-name.ts";
import { isValidShareTokenFormat } from "#shared/domain/share-token.ts";
import { uuidSchema } from "#shared/schemas/common.ts";
import { contentWarningText } from "#shared/schemas/piece-controls.ts";
import { viewerById } from "../../db/audience.ts";
import type { AppContext } from "../../http/context.ts";
import { sessionOf } from "../../http/session.ts";
import type { PageMeta, PageMetaResolver } from "../../http/spa.ts";
import { readablePiece } from "./piece.service.ts";
import { pieceAuthorLabel, publicFace } from "./piece-view.ts";

/**
 * Server-written <head> for /submission/:id (and ?share=): title, description, Open Graph,
 * Twitter and Article JSON-LD, so a crawler without JavaScript sees them. Only for a piece this
 * request may read; otherwise null (the default meta, which says nothing about the piece).
 * Always the piece's public face: a writer's private edits of a published piece stay private.
 */
export async function resolvePieceMeta(c: AppContext, id: string): Promise<PageMeta | null> {
  const { db, clock, env } = c.get("deps");
  const rawShare = c.req.query("share");
  const share = isValidShareTokenFormat(rawShare) ? rawShare : undefined;
  // The page route has no session middleware (it runs for /api/* only): ask better-auth directly.
  // A page head is read as a visitor's when the session cannot be looked up: it shows less, never more.
  const viewerId = (await sessionOf(c).catch(() => null))?.user.id ?? null;
  const row = await readablePiece(db, await viewerById(db, viewerId), id, share, clock.now());
  if (!row) return null;
  const face = publicFace(row);
  const title = pieceName(face.title, row.prompt, { max: PAGE_TITLE_MAX });
  const author = pieceAuthorLabel(row);
  const text = markupToPlainText(face.content);
  // With a content warning, previews say only the warning, never the text (issue 13 item 6).
  const description = row.contentWarning
    ? contentWarningText(row.contentWarning)
    : truncateText(text, SOCIAL_DESCRIPTION_MAX) || `A piece by ${author} on ${env.SITE_NAME}.`;
  const query = row.isPrivate && share ? `?share=${encodeURIComponent(share)}` : "";
  const path = `/submission/${row.id}${query}`;
  const image = `/api/og/${row.id}.png${query}`;
  return {
    title: `${title} · ${env.SITE_NAME}`,
    description,
    path,
    image,
    type: "article",
    noIndex: row.isPrivate,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: title,
      description,
      author: { "@type": "Person", name: author },
      datePublished: row.createdAt.toISOString(),
      // The community copy of a public piece never changes; only a shared private piece's text does.
      dateModified: (row.isPrivate ? row.updatedAt : row.createdAt).toISOString(),
      wordCount: face.wordCount,
      image: env.APP_URL + image,
      url: env.APP_URL + path,
      mainEntityOfPage: env.APP_URL + path,
      isAccessibleForFree: true,
      publisher: { "@type": "Organization", name: env.SITE_NAME },
    },
  };
}

/** Server-written <head> for piece pages. */
export const portfolioPageMeta: PageMetaResolver[] = [
  {
    pattern: /^\/submission\/([0-9a-fA-F-]{36})\/?$/,
    // Not a UUID names no piece: the default meta, before any query.
    resolve: async (c, match) => (uuidSchema.safeParse(match[1]).success ? resolvePieceMeta(c, match[1]!) : null),
  },
];
