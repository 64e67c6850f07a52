import { z } from "zod";
import { PROMPT_KINDS } from "../domain/prompt-choice.ts";
import { COMMENT_MAX_LENGTH, SEARCH_MAX_LENGTH } from "../constants.ts";
import { COMMUNITY_FILTERS, COMMUNITY_MESSAGES, COMMUNITY_SORTS, type FeedParams } from "../domain/community.ts";
import { SIGNATURES } from "../domain/author.ts";
import { isoDate, isoTime, uuidSchema } from "./common.ts";
import { pieceControls } from "./piece-controls.ts";

export { COMMUNITY_MESSAGES, COMMUNITY_SORTS, COMMUNITY_FILTERS, SORT_LABELS, FILTER_LABELS, DEFAULT_FEED_PARAMS } from "../domain/community.ts";
export type { CommunityFilter, CommunitySort, FeedParams } from "../domain/community.ts";

/** "all", "freewrite" (the Weekly Freewrite option) or a prompt id. */
export const promptFilter = z.union([z.literal("all"), z.literal("freewrite"), z.uuid({ error: "Unknown prompt" })]);

/** GET /api/community/feed: the view is in the URL, so a filtered feed can be shared. */
export const feedQuery = z.object({
  prompt: promptFilter.default("all"),
  filter: z.enum(COMMUNITY_FILTERS, { error: "Unknown filter" }).default("all"),
  sort: z.enum(COMMUNITY_SORTS, { error: "Unknown sort" }).default("recent"),
  q: z.string().trim().max(SEARCH_MAX_LENGTH, `Search at most ${SEARCH_MAX_LENGTH} characters`).default(""),
  cursor: z.string().max(600, COMMUNITY_MESSAGES.badCursor).optional(),
});
export type FeedQuery = z.infer<typeof feedQuery>;
// The domain's FeedParams (zod-free, for the browser) is this query without its cursor: typecheck fails if they part.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const feedParamsMatch: Same<FeedParams, Omit<FeedQuery, "cursor">> = true;
void feedParamsMatch;

/**
 * The author as the signature allows: a label, plus the streak the writer had when the piece
 * was published, only when it is signed with the registered name. Never a user id, email, or the name of an alias/anonymous piece.
 */
export const pieceAuthor = z.object({
  label: z.string(),
  signature: z.enum(SIGNATURES),
  /** The writer's streak in days when the piece was published; null unless name-signed. */
  streak: z.number().int().nullable(),
});
export type PieceAuthor = z.infer<typeof pieceAuthor>;

export const piecePrompt = z.object({
  id: uuidSchema,
  text: z.string(),
  kind: z.enum(PROMPT_KINDS),
  date: isoDate.nullable(),
});
export type PiecePrompt = z.infer<typeof piecePrompt>;

/** What a card and the open piece both show (with the writer's controls: issue 13 item 6). */
const pieceFields = pieceControls.extend({
  id: uuidSchema,
  title: z.string().nullable(),
  prompt: piecePrompt,
  author: pieceAuthor,
  isFeatured: z.boolean(),
  wordCount: z.number().int(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  likedByMe: z.boolean(),
  /** The viewer wrote this piece (false for visitors): their own like button is only a count. Sent to that viewer alone. */
  isMine: z.boolean(),
  createdAt: isoTime,
});

/**
 * A card of the feed. `preview` is the start of the text with its markup, at most
 * COMMUNITY_PREVIEW_CHARS, cut at a word and never inside a marker; `truncated` when the text
 * goes on (show "…").
 */
export const communityPiece = pieceFields.extend({ preview: z.string(), truncated: z.boolean() });
export type CommunityPiece = z.infer<typeof communityPiece>;

/**
 * A signed-in reader's own marks on a page served from the shared cache: which of its pieces
 * they like and wrote. The page's items then carry the visitor's flags (false), and
 * `withViewerMarks` (shared/domain/viewer-marks.ts) sets them from these. Sent to that reader alone.
 * The cached page's bytes are then the same for every reader, compressed once (issue 28 item 2).
 */
export const feedViewerMarks = z.object({ likedByMe: z.array(uuidSchema), isMine: z.array(uuidSchema) });
export type FeedViewerMarks = z.infer<typeof feedViewerMarks>;

/** GET /api/community/feed, and a circle's feed */
export const communityFeedPage = z.object({
  marks: feedViewerMarks.optional(),
  items: z.array(communityPiece),
  /** Opaque; null when the view has no more pieces. */
  nextCursor: z.string().nullable(),
});
export type CommunityFeedPage = z.infer<typeof communityFeedPage>;

/** The open piece: the card's fields plus the full text. */
export const communityPieceDetail = pieceFields.extend({ content: z.string() });
export type CommunityPieceDetail = z.infer<typeof communityPieceDetail>;

/** GET /api/community/pieces/:id */
export const pieceDetailResponse = z.object({ piece: communityPieceDetail });

export const promptHistoryItem = z.object({
  id: uuidSchema,
  date: isoDate,
  text: z.string(),
  responseCount: z.number().int(),
});

/** GET /api/community/prompts */
export const promptHistory = z.object({
  prompts: z.array(promptHistoryItem),
  /** The Freewrite Session prompt, whose pieces the "Weekly Freewrite" option shows. */
  freewritePromptId: uuidSchema.nullable(),
});
export type PromptHistory = z.infer<typeof promptHistory>;

/** PUT and DELETE /api/community/pieces/:id/like: the state asked for and the true count. */
export const likeResult = z.object({
  liked: z.boolean(),
  likeCount: z.number().int(),
});
export type LikeResult = z.infer<typeof likeResult>;

export const commentInput = z.object({
  content: z
    .string({ error: COMMUNITY_MESSAGES.commentRequired })
    .trim()
    .min(1, COMMUNITY_MESSAGES.commentRequired)
    .max(COMMENT_MAX_LENGTH, COMMUNITY_MESSAGES.commentTooLong),
});

/**
 * A comment as readers see it: the commenter's alias if they have one, else their name; the
 * piece's own writer is labelled as the piece is signed (so "Anonymous" stays anonymous).
 */
export const pieceComment = z.object({
  id: uuidSchema,
  content: z.string(),
  createdAt: isoTime,
  authorLabel: z.string(),
  /** Written by the piece's writer. */
  byWriter: z.boolean(),
  /** The caller wrote it. */
  mine: z.boolean(),
  /** The caller may delete it (its writer, or an admin). */
  canDelete: z.boolean(),
  /** Hidden by moderators (issue 13): only its writer and admins still see it, with the reason. */
  hiddenReason: z.string().nullable().optional(),
});
export type PieceComment = z.infer<typeof pieceComment>;

/** GET /api/community/pieces/:id/comments */
export const commentList = z.object({
  /** The newest COMMENTS_LIMIT comments, oldest first. */
  comments: z.array(pieceComment),
  commentCount: z.number().int(),
  /** Older comments exist that the list leaves out. */
  hasOlder: z.boolean(),
  /** The writer turned comments off: the list is empty and new comments are refused (issue 13 item 6). */
  commentsOff: z.boolean(),
});
export type CommentList = z.infer<typeof commentList>;

/** POST /api/community/pieces/:id/comments (201): the comment and the piece's new count. */
export const addedComment = z.object({ comment: pieceComment, commentCount: z.number().int() });
export type AddedComment = z.infer<typeof addedComment>;

/** DELETE /api/community/comments/:id */
export const deletedComment = z.object({ pieceId: uuidSchema, commentCount: z.number().int() });
export type DeletedComment = z.infer<typeof deletedComment>;
