import { z } from "zod";
import { PROMPT_KINDS } from "../domain/prompt-choice.ts";
import { MAX_ALIAS_LENGTH, MAX_CONTENT_LENGTH, MAX_NAME_LENGTH, MAX_TITLE_LENGTH, SHARE_LINK_HOURS } from "../constants.ts";
import { ACHIEVEMENT_TYPES, PAGE_ACHIEVEMENT_TYPES } from "../domain/achievements.ts";
import { SIGNATURES } from "../domain/author.ts";
import { pieceName } from "../domain/piece-name.ts";
import { PORTFOLIO_MESSAGES, PORTFOLIO_PAGE_MAX, PORTFOLIO_PAGE_SIZE, PORTFOLIO_SEARCH_MAX } from "../domain/portfolio.ts";
import type { TierProgress } from "../domain/tiers.ts";
import { isoDate, isoTime } from "./common.ts";
import { pieceControls } from "./piece-controls.ts";

/** Portfolio, piece page, private editing and share links (issue 4): inputs, outputs, wording. */

export { PORTFOLIO_PAGE_SIZE, PORTFOLIO_PAGE_MAX, PORTFOLIO_EXCERPT_CHARS, PORTFOLIO_SEARCH_MAX, CARD_TITLE_MAX, LIST_TITLE_MAX, SHARE_LINK_REUSE_MIN_MS, PORTFOLIO_MESSAGES } from "../domain/portfolio.ts";

export const portfolioSort = z.enum(["recent", "title", "words"]);
export type PortfolioSort = z.infer<typeof portfolioSort>;

/** GET /api/me/submissions */
export const mySubmissionsQuery = z.object({
  q: z.string().trim().max(PORTFOLIO_SEARCH_MAX, `A search can be at most ${PORTFOLIO_SEARCH_MAX} characters`).optional(),
  sort: portfolioSort.default("recent"),
  cursor: z.string().max(4000).optional(),
  limit: z.coerce.number().int().min(1).max(PORTFOLIO_PAGE_MAX).default(PORTFOLIO_PAGE_SIZE),
});

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

export const promptRef = z.object({
  id: z.string(),
  text: z.string(),
  date: isoDate.nullable(),
  kind: z.enum(PROMPT_KINDS),
});
export type PromptRef = z.infer<typeof promptRef>;

/** What every view of a piece carries, the portfolio row and the piece page alike. */
const pieceBasics = z.object({
  id: z.string(),
  /** In the portfolio: private_title once the writer edited privately (null: they removed it). */
  title: z.string().nullable(),
  wordCount: z.number(),
  createdAt: isoTime,
  updatedAt: isoTime,
  isPrivate: z.boolean(),
  isFeatured: z.boolean(),
  submissionType: z.enum(SIGNATURES),
  prompt: promptRef,
});

/** One row of the portfolio: the owner's view (the private version when there is one). */
export const portfolioItem = pieceBasics.extend({
  /** The start of the text (PORTFOLIO_EXCERPT_CHARS), the private version when present. */
  excerpt: z.string(),
  /** A private version exists ("Edited"). */
  edited: z.boolean(),
  /** Hidden by moderators (issue 13): the reason they gave; null when not hidden. */
  hiddenReason: z.string().nullable(),
  /** Came in through an import (issue 15 item 2): badged "Imported". */
  imported: z.boolean(),
});
export type PortfolioItem = z.infer<typeof portfolioItem>;

/** GET /api/me/submissions */
export const portfolioPage = z.object({
  items: z.array(portfolioItem),
  /** Pass back as ?cursor= for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type PortfolioPage = z.infer<typeof portfolioPage>;

export const portfolioAchievement = z.object({ achievementType: z.enum(ACHIEVEMENT_TYPES), year: z.number() });

const tier = z.object({ key: z.enum(["new_voice", ...PAGE_ACHIEVEMENT_TYPES]), name: z.string(), minPages: z.number() });
/** TierProgress of shared/domain/tiers.ts. */
const tierProgress = z.object({
  pagesWritten: z.number(),
  current: tier,
  next: tier.nullable(),
  pagesToNext: z.number().nullable(),
  fraction: z.number(),
  isLegend: z.boolean(),
}) satisfies z.ZodType<TierProgress>;

/** GET /api/me/portfolio-stats */
export const portfolioStats = z.object({
  works: z.number(),
  /** Lifetime pages written, one decimal. */
  pagesWritten: z.number(),
  currentStreak: z.number(),
  longestStreak: z.number(),
  /** The grace day that saved the current streak (issue 16), or null: spec's forgivenessDayUsed. */
  forgivenessDayUsed: isoDate.nullable(),
  /** Featured pieces. */
  editorsSelections: z.number(),
  /** Newest first. */
  achievements: z.array(portfolioAchievement),
  /** Write-ins the writer took part in (joined and wrote) that started this year in their time zone and have ended (issue 30 item 3). */
  writeInsThisYear: z.number().int(),
  tier: tierProgress,
});
export type PortfolioStats = z.infer<typeof portfolioStats>;

/**
 * A piece as one reader may see it (GET /api/submissions/:id). Never the writer's id, name or
 * email beyond the author label the signature allows. The owner also gets the private version.
 */
export const pieceView = pieceBasics.extend({
  ...pieceControls.shape,
  content: z.string(),
  pagesWritten: z.number(),
  authorLabel: z.string(),
  likeCount: z.number(),
  commentCount: z.number(),
  isOwner: z.boolean(),
  /** Owner only. */
  privateTitle: z.string().nullable().optional(),
  privateContent: z.string().nullable().optional(),
  privateWordCount: z.number().nullable().optional(),
  privatePagesWritten: z.number().nullable().optional(),
  /** Owner only: a private version exists. */
  edited: z.boolean().optional(),
  /** Owner only: the private version differs from the published text ("Portfolio Version"). */
  privateDiffers: z.boolean().optional(),
  /** To its owner: hidden by moderators, with their reason (null: not hidden). */
  hiddenReason: z.string().nullable().optional(),
  /** Owner only: the piece came in through an import (issue 15 item 2), and the prompt text its file named (null: none, or the stored prompt). */
  imported: z.object({ prompt: z.string().nullable() }).nullable().optional(),
});
export type PieceView = z.infer<typeof pieceView>;

/** GET /api/submissions/:id, PATCH /api/submissions/:id/private */
export const pieceResponse = z.object({ submission: pieceView });
export type PieceResponse = z.infer<typeof pieceResponse>;

/** DELETE /api/submissions/:id */
export const deleteResponse = z.object({ id: z.string(), deleted: z.literal(true) });

/** POST /api/submissions/:id/share-links */
export const shareLinkResponse = z.object({
  shareUrl: z.string(),
  token: z.string(),
  expiresAt: isoTime,
  /** The piece is private: the link shows it to people who could not otherwise read it. */
  isPrivate: z.boolean(),
  /** How the link's readers see the piece signed (a private save is signed with the registered name). */
  authorLabel: z.string(),
});
export type ShareLinkResponse = z.infer<typeof shareLinkResponse>;

/** GET /api/share/:token */
export const shareLookupResponse = z.object({ submissionId: z.string() });
export type ShareLookupResponse = z.infer<typeof shareLookupResponse>;

/** PATCH /api/me/profile */
export const profileResponse = z.object({
  name: z.string(),
  fullName: z.string(),
  alias: z.string().nullable(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** What a piece is called on screen, whole: the one rule in shared/domain/piece-name.ts. */
export function pieceDisplayTitle(title: string | null | undefined, prompt: Pick<PromptRef, "text" | "kind"> | null | undefined): string {
  return pieceName(title, prompt);
}

/** "Writing" for a prompt response, "Freewrite" for a freewrite (preview image label). */
export function pieceKindLabel(prompt: Pick<PromptRef, "kind">): "Writing" | "Freewrite" {
  return prompt.kind === "freewrite" ? "Freewrite" : "Writing";
}
