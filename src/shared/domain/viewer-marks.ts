import type { CommunityFeedPage } from "../schemas/community.ts";

/**
 * A feed page as its reader sees it: when it came with the reader's `marks` (a page served from
 * the shared cache, schemas/community.ts), each item's likedByMe and isMine set from them and
 * the marks gone; any other page as it came.
 */
export function withViewerMarks(page: CommunityFeedPage): CommunityFeedPage {
  const { marks, ...rest } = page;
  if (!marks) return page;
  const liked = new Set(marks.likedByMe);
  const mine = new Set(marks.isMine);
  return { ...rest, items: rest.items.map((item) => ({ ...item, likedByMe: liked.has(item.id), isMine: mine.has(item.id) })) };
}
