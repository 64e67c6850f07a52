import { and, count, eq, sql } from "drizzle-orm";
import { ADMIN_PODIUM_LIMIT, PODIUM_EXCERPT_CHARS, PUBLIC_PODIUM_LIMIT } from "#shared/constants.ts";
import { authorLabel } from "#shared/domain/author.ts";
import { markupToPlainText, truncateText } from "#shared/domain/markup.ts";
import { ADMIN_MESSAGES, type AdminPodium, type FeaturedResponse, type PodiumPick, type PublicPodium } from "#shared/schemas/admin.ts";
import { readablePieceSql, readerById } from "../../db/audience.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { pgErrorCode } from "../../db/errors.ts";
import { prompts, submissions, users } from "../../db/schema/index.ts";
import type { RealtimeBus } from "../../realtime/bus.ts";
import { badRequest, HttpError, notFound } from "../../http/errors.ts";
import { recordAudit } from "../moderation/audit.service.ts";
import { iso, PG_ERROR, promptRefColumns, signedPieceColumns, toPromptRef } from "./admin.shared.ts";
import { notifyPick } from "../notifications/notify.service.ts";

/*
 * Editor's Picks: an admin features or unfeatures a public piece; the podium shows the current
 * picks, in full to admins and as excerpts to everyone.
 */

/**
 * Sets a piece's featured flag to `isFeatured` (idempotent). Only public pieces can be featured;
 * the change is announced on the live feed ("piece:featured") when the transaction commits.
 */
export async function setFeatured(db: Db, realtime: RealtimeBus, id: string, isFeatured: boolean, now: Date, adminId: string): Promise<FeaturedResponse["submission"]> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: submissions.id, userId: submissions.userId, isPrivate: submissions.isPrivate, isFeatured: submissions.isFeatured, featuredAt: submissions.featuredAt })
        .from(submissions)
        .where(eq(submissions.id, id))
        .limit(1)
        .for("update");
      if (!row) throw notFound(ADMIN_MESSAGES.pieceNotFound);
      if (isFeatured && row.isPrivate) throw badRequest(ADMIN_MESSAGES.featureOnlyPublic, "not_public");
      if (row.isFeatured === isFeatured) return { id, isFeatured, featuredAt: row.featuredAt ? iso(row.featuredAt) : null };
      const featuredAt = isFeatured ? now : null;
      await tx.update(submissions).set({ isFeatured, featuredAt }).where(eq(submissions.id, id));
      await realtime.publish(tx, "piece:featured", { id, isFeatured });
      if (isFeatured) await notifyPick(tx, id, row.userId, now);
      // Every featuring is on the record (issue 13).
      await recordAudit(tx, { adminId, action: isFeatured ? "feature" : "unfeature", itemKind: "piece", itemId: id, subjectWriterId: row.userId }, now);
      return { id, isFeatured, featuredAt: featuredAt ? iso(featuredAt) : null };
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // The table's own rule (no featured private piece), should a piece change under us.
    if (pgErrorCode(err) === PG_ERROR.checkViolation) throw badRequest(ADMIN_MESSAGES.featureOnlyPublic, "not_public");
    throw err;
  }
}

/** The current public picks, most recently picked first. */
async function podiumRows(db: Queryable, limit: number, viewerId: string | null = null) {
  return db
    .select({ ...signedPieceColumns, ...promptRefColumns })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(prompts, eq(prompts.id, submissions.promptId))
    .where(and(eq(submissions.isFeatured, true), readablePieceSql(readerById(viewerId), sql`${submissions}`, "list")))
    .orderBy(sql`${submissions.featuredAt} desc nulls last`, sql`${submissions.id} desc nulls last`)
    .limit(limit);
}

/** A pick as both podiums show it: signed as its writer chose (the name and alias stay here). */
function toPick(r: Awaited<ReturnType<typeof podiumRows>>[number]): PodiumPick {
  return {
    id: r.id,
    title: r.title,
    authorLabel: authorLabel(r.submissionType, r.name, r.alias),
    wordCount: r.wordCount,
    featuredAt: iso(r.featuredAt ?? r.createdAt),
    createdAt: iso(r.createdAt),
    prompt: toPromptRef(r),
  };
}

/** The admin's podium: the picks in full, and how many pieces are featured. */
export async function adminPodium(db: Queryable): Promise<AdminPodium> {
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    podiumRows(db, ADMIN_PODIUM_LIMIT),
    db.select({ n: count() }).from(submissions).where(eq(submissions.isFeatured, true)),
  ]);
  return { total: n, picks: rows.map((r) => ({ ...toPick(r), content: r.content })) };
}

/** The public podium: current picks, newest first, with an excerpt instead of the whole piece. */
export async function publicPodium(db: Queryable, viewerId: string | null = null): Promise<PublicPodium> {
  // A signed-in reader's podium leaves out writers they block (issue 13 item 5).
  const rows = await podiumRows(db, PUBLIC_PODIUM_LIMIT, viewerId);
  return { picks: rows.map((r) => ({ ...toPick(r), excerpt: truncateText(markupToPlainText(r.content), PODIUM_EXCERPT_CHARS) })) };
}
