/*
 * Portfolio, piece page, private editing and share links (issue 4): limits and wording, without
 * zod (the piece page's first JavaScript imports them; shared/schemas/portfolio.ts has the schemas).
 */

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
  /** §8 catalogue: the API's answer when a share token finds no unexpired link (the page says shareInvalidOrExpired). */
  shareTokenNotFound: "Invalid or expired share token",
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
