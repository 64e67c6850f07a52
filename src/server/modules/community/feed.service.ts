import { z } from "zod";
import { COMMUNITY_FEED_LIMIT, COMMUNITY_PAGE_SIZE, COMMUNITY_PREVIEW_CHARS } from "#shared/constants.ts";
import { truncateMarkup } from "#shared/domain/markup.ts";
import { COMMUNITY_MESSAGES, type CommunityFeedPage, type CommunityPiece, type FeedQuery } from "#shared/schemas/community.ts";
import type { Db } from "../../db/client.ts";
import { cursorId } from "../../db/keyset.ts";
import { cursorCodec, cursorInt, cursorTime, type CursorCodec } from "../../http/cursor.ts";
import { cardRow, feedPageQuery, type CardRow, type FeedCursor, type FeedRequest } from "./feed.query.ts";
import { pieceFields } from "./piece.service.ts";
import { typedRows } from "../../db/typed-rows.ts";

/*
 * Pages of the community feed: the cursor that links them, and the cards they hold. What a view
 * is, and how each sort reads it through an index, is told in feed.query.ts.
 */

/** A feed cursor whose sort value is `key`: a cursor of one sort is refused by the others. */
const feedCursor = <K extends z.ZodType<FeedCursor["k"][0]>>(key: K) =>
  cursorCodec(
    z.object({
      h: z.tuple([cursorTime, cursorId]),
      k: z.tuple([key, cursorTime, cursorId]),
      n: z.number().int().min(0).max(COMMUNITY_FEED_LIMIT),
    }),
    COMMUNITY_MESSAGES.badCursor,
  );

const FEED_CURSORS: Record<FeedQuery["sort"], CursorCodec<FeedCursor>> = {
  recent: feedCursor(z.null()),
  liked: feedCursor(cursorInt),
  longest: feedCursor(cursorInt),
  author: feedCursor(z.string().max(300)),
};

/*
 * A card's preview: the start of the text with its markup, at most COMMUNITY_PREVIEW_CHARS, cut
 * at a word boundary and never leaving half a `**` (truncateMarkup). `truncated` says more
 * follows (the card adds "…"). A little more than the preview is read from the database.
 */
export function previewOf(source: string, sourceCut: boolean, max = COMMUNITY_PREVIEW_CHARS): { preview: string; truncated: boolean } {
  // Markup stays (cards render **bold** and *italic*); a marker the cut would leave open is dropped.
  const { text, truncated } = truncateMarkup(source, max);
  return { preview: text, truncated: truncated || sourceCut };
}

function cardFrom(row: CardRow): CommunityPiece {
  return { ...pieceFields(row), ...previewOf(row.preview_source, row.source_cut) };
}

/** The view's head for the next cursor: on Recent its first piece; the other sorts read it from their window. */
function headOf(first: CardRow, last: CardRow): FeedCursor["h"] {
  return last.head_t !== null && last.head_id !== null ? [last.head_t, last.head_id] : [first.created_key, first.id];
}

/** A page and the oldest piece it was made from (null when none): feed-cache.ts dates "This Week" pages by it. */
export interface FeedPageRead {
  page: CommunityFeedPage;
  oldest: Date | null;
}

export async function getFeedPage(db: Db, req: FeedRequest): Promise<CommunityFeedPage> {
  return (await readFeedPage(db, req)).page;
}

export async function readFeedPage(db: Db, req: FeedRequest): Promise<FeedPageRead> {
  const codec = FEED_CURSORS[req.sort];
  const cursor = req.cursor ? codec.decode(req.cursor) : null;
  const served = cursor?.n ?? 0;
  // A page never runs past the view's 200th piece.
  const size = Math.min(COMMUNITY_PAGE_SIZE, COMMUNITY_FEED_LIMIT - served);
  const query = size > 0 ? feedPageQuery(req, cursor, size + 1) : null;
  if (!query) return { page: { items: [], nextCursor: null }, oldest: null };
  const result = await typedRows(db, query, cardRow);
  const page = result.slice(0, size);
  const first = page[0];
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (result.length > size && served + size < COMMUNITY_FEED_LIMIT && first && last) {
    const h = cursor?.h ?? headOf(first, last);
    nextCursor = codec.encode({ h, k: [last.sort_key, last.created_key, last.id], n: served + page.length });
  }
  // Every row read (the page and the one after it) decides what the page shows.
  const oldest = result.reduce<Date | null>((o, r) => (o === null || r.created_at < o ? r.created_at : o), null);
  return { page: { items: page.map(cardFrom), nextCursor }, oldest };
}

/** How much of a text a card's preview is cut from, for other modules' cards (a circle's feed). */
export { PREVIEW_SOURCE_CHARS } from "./feed.query.ts";
