import { z } from "zod";
import { COMMENT_MAX_LENGTH, SEARCH_MAX_LENGTH } from "../constants.ts";
import type { Signature } from "../domain/author.ts";

/** Messages of the community (spec §5 "You must be logged in to ..."). */
export const COMMUNITY_MESSAGES = {
  loginToComment: "You must be logged in to comment on submissions",
  loginToDeleteComment: "You must be logged in to delete comments",
  commentRequired: "Please write a comment first",
  commentTooLong: `Comments can be at most ${COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters`,
  pieceNotFound: "This piece is not available",
  commentNotFound: "This comment no longer exists",
  notYourComment: "You can only delete your own comments",
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

/** "all", "freewrite" (the Weekly Freewrite option) or a prompt id. */
export const promptFilter = z.union([z.literal("all"), z.literal("freewrite"), z.uuid({ error: "Unknown prompt" })]);
export type PromptFilter = z.infer<typeof promptFilter>;

/** GET /api/community/feed: the view is in the URL, so a filtered feed can be shared. */
export const feedQuery = z.object({
  prompt: promptFilter.default("all"),
  filter: z.enum(COMMUNITY_FILTERS, { error: "Unknown filter" }).default("all"),
  sort: z.enum(COMMUNITY_SORTS, { error: "Unknown sort" }).default("recent"),
  q: z.string().trim().max(SEARCH_MAX_LENGTH, `Search at most ${SEARCH_MAX_LENGTH} characters`).default(""),
  cursor: z.string().max(600).optional(),
});
export type FeedQuery = z.infer<typeof feedQuery>;
export type FeedParams = Omit<FeedQuery, "cursor">;

export const DEFAULT_FEED_PARAMS: FeedParams = { prompt: "all", filter: "all", sort: "recent", q: "" };

/**
 * The author as the signature allows: a label, plus the streak the writer had when the piece
 * was published, only when it is signed with the registered name. Never a user id, email, or the name of an alias/anonymous piece.
 */
export interface PieceAuthor {
  label: string;
  signature: Signature;
  /** The writer's streak in days when the piece was published; null unless name-signed. */
  streak: number | null;
}

export interface PiecePrompt {
  id: string;
  text: string;
  kind: "daily" | "freewrite";
  date: string | null;
}

/**
 * A card of the feed. `preview` is the start of the text as plain text (markers removed), at
 * most COMMUNITY_PREVIEW_CHARS, cut at a word; `truncated` when the text goes on (show "…").
 */
export interface CommunityPiece {
  id: string;
  title: string | null;
  preview: string;
  truncated: boolean;
  prompt: PiecePrompt;
  author: PieceAuthor;
  isFeatured: boolean;
  wordCount: number;
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  createdAt: string;
}

export interface CommunityFeedPage {
  items: CommunityPiece[];
  /** Opaque; null when the view has no more pieces. */
  nextCursor: string | null;
}

/** The open piece: the card's fields plus the full text. */
export interface CommunityPieceDetail extends Omit<CommunityPiece, "preview" | "truncated"> {
  content: string;
}

export interface PromptHistoryItem {
  id: string;
  date: string;
  text: string;
  responseCount: number;
}

export interface PromptHistory {
  prompts: PromptHistoryItem[];
  /** The Freewrite Session prompt, whose pieces the "Weekly Freewrite" option shows. */
  freewritePromptId: string | null;
}

export interface LikeResult {
  liked: boolean;
  likeCount: number;
}

export const commentInput = z.object({
  content: z
    .string({ error: COMMUNITY_MESSAGES.commentRequired })
    .trim()
    .min(1, COMMUNITY_MESSAGES.commentRequired)
    .max(COMMENT_MAX_LENGTH, COMMUNITY_MESSAGES.commentTooLong),
});
export type CommentInput = z.input<typeof commentInput>;

/**
 * A comment as readers see it: the commenter's alias if they have one, else their name; the
 * piece's own writer is labelled as the piece is signed (so "Anonymous" stays anonymous).
 */
export interface PieceComment {
  id: string;
  content: string;
  createdAt: string;
  authorLabel: string;
  /** Written by the piece's writer. */
  byWriter: boolean;
  /** The caller wrote it. */
  mine: boolean;
  /** The caller may delete it (its writer, or an admin). */
  canDelete: boolean;
}

export interface CommentList {
  /** The newest COMMENTS_LIMIT comments, oldest first. */
  comments: PieceComment[];
  commentCount: number;
  /** Older comments exist that the list leaves out. */
  hasOlder: boolean;
}
