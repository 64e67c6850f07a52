import { COMMENT_MAX_LENGTH, SEARCH_MAX_LENGTH } from "../constants.ts";

/*
 * The community's words, sorts and filters, without zod: the first page's JavaScript imports
 * them (issue 26 item 3). shared/schemas/community.ts builds the API's schemas from them.
 */

/** Messages of the community (spec §5 "You must be logged in to ..."). */
export const COMMUNITY_MESSAGES = {
  loginToComment: "You must be logged in to comment on submissions",
  loginToDeleteComment: "You must be logged in to delete comments",
  commentRequired: "Please write a comment first",
  commentTooLong: `Comments can be at most ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters`,
  pieceNotFound: "This piece is not available",
  commentNotFound: "This comment no longer exists",
  notYourComment: "You can only delete your own comments",
  /** Likes count other readers: a writer cannot like their own piece (issue 11). */
  ownPieceLike: "You can't like your own piece.",
  badCursor: "That page of the feed is no longer available. Refresh to start again.",
} as const;

export const COMMUNITY_SORTS = ["recent", "liked", "longest", "author"] as const;
export type CommunitySort = (typeof COMMUNITY_SORTS)[number];
export const COMMUNITY_FILTERS = ["all", "featured", "week"] as const;
export type CommunityFilter = (typeof COMMUNITY_FILTERS)[number];

export const SORT_LABELS: Record<CommunitySort, string> = {
  recent: "Recent",
  liked: "Most Liked",
  longest: "Longest",
  author: "By Author",
};
export const FILTER_LABELS: Record<CommunityFilter, string> = {
  all: "All Responses",
  featured: "Editor's Picks",
  week: "This Week",
};

/** The feed's view as the URL and GET /api/community/feed name it (`feedQuery` without its cursor). */
export interface FeedParams {
  /** "all", "freewrite" (the Weekly Freewrite option) or a prompt id. */
  prompt: string;
  filter: CommunityFilter;
  sort: CommunitySort;
  q: string;
}

export const DEFAULT_FEED_PARAMS: FeedParams = { prompt: "all", filter: "all", sort: "recent", q: "" };

/** zod's `z.uuid()`: an RFC 9562 UUID (versions 1-8), or the nil or max UUID. */
const PROMPT_ID_RE = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** The prompt filter as `promptFilter` accepts it ("all", "freewrite" or a prompt id), or null. */
export function readPromptFilter(value: string): string | null {
  return value === "all" || value === "freewrite" || PROMPT_ID_RE.test(value) ? value : null;
}

/** A search as `feedQuery` accepts it: trimmed, at most SEARCH_MAX_LENGTH characters (code points, as zod counts); else null. */
export function readFeedSearch(value: string): string | null {
  const q = value.trim();
  return q.length <= SEARCH_MAX_LENGTH || [...q].length <= SEARCH_MAX_LENGTH ? q : null;
}
