import { z } from "zod";
import { MAX_ALIAS_LENGTH, MAX_CONTENT_LENGTH, MAX_NAME_LENGTH, MAX_TITLE_LENGTH, SHARE_LINK_HOURS } from "../constants.ts";
import type { AchievementType } from "../domain/achievements.ts";
import type { Signature } from "../domain/author.ts";
import { markupToPlainText } from "../domain/markup.ts";
import type { TierProgress } from "../domain/tiers.ts";

/** Portfolio, piece page, private editing and share links (issue 4): inputs, outputs, wording. */

/** Pieces per portfolio page; the server never answers more than the max. */
export const PORTFOLIO_PAGE_SIZE = 24;
export const PORTFOLIO_PAGE_MAX = 50;
/** Characters of a piece's text a portfolio card or row receives (cards clamp to 4 lines). */
export const PORTFOLIO_EXCERPT_CHARS = 600;
/** Longest search a writer can type into "Search your writing...". */
export const PORTFOLIO_SEARCH_MAX = 200;
/** Title truncation on the profile (spec §9): cards 60, list 80. */
export const CARD_TITLE_MAX = 60;
export const LIST_TITLE_MAX = 80;
/** An unexpired share link is reused only while it has at least this long left. */
export const SHARE_LINK_REUSE_MIN_MS = 60 * 60 * 1000;

/** The spec's words (§2, §5, §8) for this issue. */
export const PORTFOLIO_MESSAGES = {
  editNotFound: "Submission not found or you do not have permission to edit it",
  deleteFailed: "Delete failed or not permitted",
  deleteSuccess: "Writing deleted successfully",
  shareInvalidFormat: "Invalid share link format",
  shareInvalidOrExpired: "This share link is invalid or has expired",
  shareLoadFailed: "Failed to load shared content",
  shareGenerateFailed: "Failed to generate shareable link",
  loginToShare: "You must be logged in to share writing",
  loginToSeePortfolio: "You must be logged in to see your portfolio",
  loginToUpdateProfile: "You must be logged in to update your profile",
  shareNotYours: "Only the writer can create a share link for this piece",
  emptyContent: "Please write something before saving",
  nameRequired: "Please enter your name",
  aliasUpdated: "Alias updated successfully!",
  invalidCursor: "This page of your portfolio is out of date. Reload to start again.",
  pieceSaved: "Your changes have been saved!",
  pieceSaveFailed: "❌ Failed to save changes. Please try again.",
  editSaved: "Changes saved to your portfolio",
  editSaveDefault: "Failed to save changes",
  editTimeout: "Save timed out. Please check your connection and try again.",
} as const;

export const portfolioSort = z.enum(["recent", "title", "words"]);
export type PortfolioSort = z.infer<typeof portfolioSort>;

/** GET /api/me/submissions */
export const mySubmissionsQuery = z.object({
  q: z.string().trim().max(PORTFOLIO_SEARCH_MAX, `A search can be at most ${PORTFOLIO_SEARCH_MAX} characters`).optional(),
  sort: portfolioSort.default("recent"),
  cursor: z.string().max(4000).optional(),
  limit: z.coerce.number().int().min(1).max(PORTFOLIO_PAGE_MAX).default(PORTFOLIO_PAGE_SIZE),
});
export type MySubmissionsQuery = z.input<typeof mySubmissionsQuery>;

/** PATCH /api/me/profile: a name is required and trimmed; an empty alias removes it. */
export const updateProfileInput = z.object({
  name: z
    .string({ error: PORTFOLIO_MESSAGES.nameRequired })
    .trim()
    .min(1, PORTFOLIO_MESSAGES.nameRequired)
    .max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters`),
  alias: z
    .string()
    .trim()
    .max(MAX_ALIAS_LENGTH, `Alias must be at most ${MAX_ALIAS_LENGTH} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

/**
 * PATCH /api/submissions/:id/private: the writer's private version. Content is trimmed and
 * required; a title is trimmed (empty: no title — once a private version exists its title is the
 * writer's, even when removed); no title key: the private title stays as it is (the first private
 * save starts from the published title).
 */
export const updatePrivateInput = z.object({
  title: z
    .string()
    .trim()
    .max(MAX_TITLE_LENGTH, `A title can be at most ${MAX_TITLE_LENGTH} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  content: z
    .string({ error: PORTFOLIO_MESSAGES.emptyContent })
    .trim()
    .min(1, PORTFOLIO_MESSAGES.emptyContent)
    .max(MAX_CONTENT_LENGTH, `Your piece is too long to keep in one go (at most ${MAX_CONTENT_LENGTH.toLocaleString("en-US")} characters).`),
});
export type UpdatePrivateInput = z.input<typeof updatePrivateInput>;

/** POST /api/submissions/:id/share-links */
export const createShareLinkInput = z.object({
  hours: z.number().int().min(1).max(SHARE_LINK_HOURS, `A share link lasts at most ${SHARE_LINK_HOURS} hours`).default(SHARE_LINK_HOURS),
});

/** ?share= on the piece API, the OG image and the piece page. */
export const pieceQuery = z.object({ share: z.string().max(64).optional() });

export interface PromptRef {
  id: string;
  text: string;
  date: string | null;
  kind: "daily" | "freewrite";
}

/** One row of the portfolio: the owner's view (the private version when there is one). */
export interface PortfolioItem {
  id: string;
  /** private_title when the writer edited privately (null: they removed the title), else the title. */
  title: string | null;
  /** The start of the text (PORTFOLIO_EXCERPT_CHARS), the private version when present. */
  excerpt: string;
  wordCount: number;
  createdAt: string;
  updatedAt: string;
  isPrivate: boolean;
  isFeatured: boolean;
  submissionType: Signature;
  /** A private version exists ("Edited"). */
  edited: boolean;
  prompt: PromptRef;
}

export interface PortfolioPage {
  items: PortfolioItem[];
  /** Pass back as ?cursor= for the next page; null at the end. */
  nextCursor: string | null;
}

export interface PortfolioAchievement {
  achievementType: AchievementType;
  year: number;
}

/** GET /api/me/portfolio-stats */
export interface PortfolioStats {
  works: number;
  /** Lifetime pages written, one decimal. */
  pagesWritten: number;
  currentStreak: number;
  longestStreak: number;
  /** Featured pieces. */
  editorsSelections: number;
  /** Newest first. */
  achievements: PortfolioAchievement[];
  tier: TierProgress;
}

/**
 * A piece as one reader may see it (GET /api/submissions/:id). Never the writer's id, name or
 * email beyond the author label the signature allows. The owner also gets the private version.
 */
export interface PieceView {
  id: string;
  title: string | null;
  content: string;
  wordCount: number;
  pagesWritten: number;
  createdAt: string;
  updatedAt: string;
  isPrivate: boolean;
  isFeatured: boolean;
  submissionType: Signature;
  authorLabel: string;
  likeCount: number;
  commentCount: number;
  prompt: PromptRef;
  isOwner: boolean;
  /** Owner only. */
  privateTitle?: string | null;
  privateContent?: string | null;
  privateWordCount?: number | null;
  privatePagesWritten?: number | null;
  /** Owner only: a private version exists. */
  edited?: boolean;
  /** Owner only: the private version differs from the published text ("Portfolio Version"). */
  privateDiffers?: boolean;
}

export interface PieceResponse {
  submission: PieceView;
}

export interface ShareLinkResponse {
  shareUrl: string;
  token: string;
  expiresAt: string;
  /** The piece is private: the link shows it to people who could not otherwise read it. */
  isPrivate: boolean;
  /** How the link's readers see the piece signed (a private save is signed with the registered name). */
  authorLabel: string;
}

export interface ShareLookupResponse {
  submissionId: string;
}

export interface ProfileResponse {
  name: string;
  fullName: string;
  alias: string | null;
}

/** What a piece is called on screen: its title, else its prompt's text, else "Untitled". */
export function pieceDisplayTitle(title: string | null | undefined, prompt: Pick<PromptRef, "text" | "kind"> | null | undefined): string {
  const t = (title ?? "").trim();
  if (t) return t;
  if (prompt && prompt.kind !== "freewrite") {
    const text = markupToPlainText(prompt.text, "prompt").replace(/\s+/g, " ").trim();
    if (text) return text;
  }
  return "Untitled";
}

/** "Writing" for a prompt response, "Freewrite" for a freewrite (preview image label). */
export function pieceKindLabel(prompt: Pick<PromptRef, "kind">): "Writing" | "Freewrite" {
  return prompt.kind === "freewrite" ? "Freewrite" : "Writing";
}
