import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { MAX_LIVE_CIRCLE_INVITES } from "#shared/constants.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleInvite, CircleInvites, CreatedInvite, InvitePreview } from "#shared/schemas/circles.ts";
import type { Db, Queryable } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { circleInviteMail } from "../../mail/templates.ts";
import { ROUTE_PATHS } from "#shared/routes.ts";
import { circleInvites, circles, users } from "../../db/schema/index.ts";
import { HttpError, notFound } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";
import { circleFor } from "./access.ts";

/*
 * Invite links (issue 29 item 2). A code is 24 random characters, shown once to the moderator who
 * made it; only its SHA-256 is stored, so a leaked database holds no working link. A link lasts 7
 * days unless its maker says otherwise, may have a use limit, can be turned off, and records every
 * use (joining.service.ts). Opening a link shows only what a stranger may learn of the circle (its
 * name, description, colour, size, and whether joins are approved).
 */

const CODE_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

export const hashCode = (code: string) => createHash("sha256").update(code, "utf8").digest("hex");

type InviteRow = typeof circleInvites.$inferSelect;

function stateOf(row: InviteRow, now: Date): CircleInvite["state"] {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt <= now) return "expired";
  if (row.maxUses !== null && row.uses >= row.maxUses) return "used_up";
  return "live";
}

function inviteOf(row: InviteRow, createdBy: string, now: Date): CircleInvite {
  return {
    id: row.id,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    maxUses: row.maxUses,
    uses: row.uses,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state: stateOf(row, now),
  };
}

const GONE: Record<Exclude<CircleInvite["state"], "live">, [string, string]> = {
  expired: ["invite_expired", CIRCLE_MESSAGES.inviteExpired],
  revoked: ["invite_revoked", CIRCLE_MESSAGES.inviteRevoked],
  used_up: ["invite_used_up", CIRCLE_MESSAGES.inviteUsedUp],
};

/** The live invite a code names (locked when joining), or the 404/410 its holder hears. */
export async function liveInvite(q: Queryable, code: string, now: Date, lock: boolean): Promise<InviteRow> {
  if (!CODE_SHAPE.test(code)) throw notFound(CIRCLE_MESSAGES.inviteNotFound, "invite_not_found");
  const query = q.select().from(circleInvites).where(eq(circleInvites.codeHash, hashCode(code))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(CIRCLE_MESSAGES.inviteNotFound, "invite_not_found");
  const state = stateOf(row, now);
  if (state !== "live") throw new HttpError(410, ...GONE[state]);
  return row;
}

/**
 * Email invitations (issue 29 item 2): one link allowing as many uses as addresses, each address
 * sent its own email through the job queue once the invite is made (a refused invite sends nothing).
 * The addresses are not stored: the job that sends each one forgets it once sent.
 */
export async function emailInvites(deps: Deps, user: SessionUser, slug: string, emails: string[], days: number): Promise<{ invite: CircleInvite; sent: number }> {
  const unique = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  const now = deps.clock.now();
  const made = await createInvite(deps.db, user, slug, days, unique.length, now);
  const circle = await circleFor(deps.db, slug, user, "moderate");
  const site = { siteName: deps.env.SITE_NAME, appUrl: deps.env.APP_URL };
  const link = `${deps.env.APP_URL}${ROUTE_PATHS.circleInvite.replace(":code", made.code)}`;
  for (const to of unique) {
    const message = await circleInviteMail(site, to, user.name, circle.name, link, days);
    await deps.outbox.queue({ message, kind: "circle-invite", forget: true });
  }
  return { invite: made.invite, sent: unique.length };
}

export async function createInvite(db: Db, user: SessionUser, slug: string, days: number, maxUses: number | null, now: Date): Promise<CreatedInvite> {
  return db.transaction(async (tx) => {
    const circle = await circleFor(tx, slug, user, "moderate", true);
    const [live] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(circleInvites)
      .where(
        and(
          eq(circleInvites.circleId, circle.id),
          isNull(circleInvites.revokedAt),
          sql`${circleInvites.expiresAt} > ${now.toISOString()}::timestamptz`,
          sql`(${circleInvites.maxUses} is null or ${circleInvites.uses} < ${circleInvites.maxUses})`,
        ),
      );
    if ((live?.n ?? 0) >= MAX_LIVE_CIRCLE_INVITES) throw new HttpError(422, "too_many_invites", CIRCLE_MESSAGES.tooManyInvites);
    const code = randomBytes(18).toString("base64url");
    const [row] = await tx
      .insert(circleInvites)
      .values({ circleId: circle.id, codeHash: hashCode(code), createdBy: user.id, createdAt: now, expiresAt: new Date(now.getTime() + days * 86_400_000), maxUses })
      .returning();
    return { invite: inviteOf(row!, user.name, now), code };
  });
}

/** A circle's invites, newest first (at most 100: live ones are capped at 20, old ones are history). */
export async function listInvites(db: Db, user: SessionUser, slug: string, now: Date): Promise<CircleInvites> {
  const circle = await circleFor(db, slug, user, "moderate");
  const rows = await db
    .select({ invite: circleInvites, by: users.name })
    .from(circleInvites)
    .leftJoin(users, eq(users.id, circleInvites.createdBy))
    .where(eq(circleInvites.circleId, circle.id))
    .orderBy(desc(circleInvites.createdAt), desc(circleInvites.id))
    .limit(100);
  return { items: rows.map((r) => inviteOf(r.invite, r.by ?? "A former member", now)) };
}

export async function revokeInvite(db: Db, user: SessionUser, slug: string, inviteId: string, now: Date): Promise<void> {
  const circle = await circleFor(db, slug, user, "moderate");
  const done = await db
    .update(circleInvites)
    .set({ revokedAt: sql`coalesce(${circleInvites.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(circleInvites.id, inviteId), eq(circleInvites.circleId, circle.id)))
    .returning({ id: circleInvites.id });
  if (done.length === 0) throw notFound(CIRCLE_MESSAGES.inviteNotFound, "invite_not_found");
}

/** What a link shows to whoever holds it. */
export async function previewInvite(db: Db, viewerId: string | null, code: string, now: Date): Promise<InvitePreview> {
  const invite = await liveInvite(db, code, now, false);
  const [row] = await db
    .select({
      name: circles.name,
      description: circles.description,
      accent: circles.accent,
      memberCount: circles.memberCount,
      requiresApproval: circles.requiresApproval,
      slug: circles.slug,
      member: viewerId
        ? sql<boolean>`exists (select 1 from circle_members m where m.circle_id = ${circles.id} and m.user_id = ${viewerId}::uuid)`
        : sql<boolean>`false`,
    })
    .from(circles)
    .where(eq(circles.id, invite.circleId));
  if (!row) throw notFound(CIRCLE_MESSAGES.inviteNotFound, "invite_not_found");
  return {
    circle: { name: row.name, description: row.description, accent: row.accent, memberCount: row.memberCount, requiresApproval: row.requiresApproval },
    expiresAt: invite.expiresAt.toISOString(),
    memberSlug: row.member ? row.slug : null,
  };
}
