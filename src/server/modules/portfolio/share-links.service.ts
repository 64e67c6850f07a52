import { randomInt } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { generateShareToken, isValidShareTokenFormat, shareLinkExpiry } from "#shared/domain/share-token.ts";
import { SHARE_TOKEN_ATTEMPTS } from "#shared/constants.ts";
import { PORTFOLIO_MESSAGES, SHARE_LINK_REUSE_MIN_MS, type ShareLinkResponse } from "#shared/schemas/portfolio.ts";
import type { Db } from "../../db/client.ts";
import { shareLinks } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { HttpError, badRequest, forbidden, notFound } from "../../http/errors.ts";
import { loadPiece } from "./piece.service.ts";
import { pieceAuthorLabel } from "./piece-view.ts";

/**
 * createShareLink(submissionId, hours): the owner, or an admin for a public piece (admins do not
 * read writers' private pieces, so they cannot mint a link to one either). Reuses an unexpired link of the same
 * piece while it has at least SHARE_LINK_REUSE_MIN_MS left; otherwise draws a new 8-character
 * token (crypto.randomInt), up to SHARE_TOKEN_ATTEMPTS tries on a collision.
 */
export async function createShareLink(deps: Deps, user: { id: string; isAdmin: boolean }, id: string, hours: number): Promise<{ link: ShareLinkResponse; created: boolean }> {
  const row = await loadPiece(deps.db, id);
  const isOwner = row?.userId === user.id;
  if (!row || (!isOwner && row.isPrivate)) throw notFound();
  if (!isOwner && !user.isAdmin) throw forbidden(PORTFOLIO_MESSAGES.shareNotYours);
  const now = deps.clock.now();
  const toResponse = (token: string, expiresAt: Date): ShareLinkResponse => ({
    shareUrl: `${deps.env.APP_URL}/share/${token}`,
    token,
    expiresAt: expiresAt.toISOString(),
    isPrivate: row.isPrivate,
    // The writer is told before copying how the link's readers will see the piece signed.
    authorLabel: pieceAuthorLabel(row),
  });
  const [existing] = await deps.db
    .select({ token: shareLinks.token, expiresAt: shareLinks.expiresAt })
    .from(shareLinks)
    .where(and(eq(shareLinks.submissionId, row.id), gt(shareLinks.expiresAt, new Date(now.getTime() + SHARE_LINK_REUSE_MIN_MS))))
    .orderBy(sql`${shareLinks.expiresAt} desc nulls last`)
    .limit(1);
  if (existing) return { link: toResponse(existing.token, existing.expiresAt), created: false };
  const expiresAt = shareLinkExpiry(now, hours);
  for (let attempt = 0; attempt < SHARE_TOKEN_ATTEMPTS; attempt++) {
    const token = generateShareToken((n) => randomInt(n));
    const inserted = await deps.db
      .insert(shareLinks)
      .values({ submissionId: row.id, token, expiresAt, createdBy: user.id, createdAt: now })
      .onConflictDoNothing({ target: shareLinks.token })
      .returning({ token: shareLinks.token });
    if (inserted.length > 0) return { link: toResponse(token, expiresAt), created: true };
  }
  throw new HttpError(503, "share_token_exhausted", PORTFOLIO_MESSAGES.shareGenerateFailed);
}

/** getSubmissionByShareToken: the piece a valid, unexpired token opens. */
export async function lookupShareToken(db: Db, token: string, now: Date): Promise<string> {
  if (!isValidShareTokenFormat(token)) throw badRequest(PORTFOLIO_MESSAGES.shareInvalidFormat, "invalid_share_token");
  const [row] = await db
    .select({ submissionId: shareLinks.submissionId })
    .from(shareLinks)
    .where(and(eq(shareLinks.token, token), gt(shareLinks.expiresAt, now)))
    .limit(1);
  if (!row) throw notFound(PORTFOLIO_MESSAGES.shareTokenNotFound, "share_link_expired");
  return row.submissionId;
}
