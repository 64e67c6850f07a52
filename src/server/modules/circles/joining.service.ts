import { and, asc, eq, sql } from "drizzle-orm";
import { MAX_CIRCLE_MEMBERS, MAX_CIRCLES_PER_WRITER } from "#shared/constants.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import type { CircleRequests, JoinedCircle } from "#shared/schemas/circles.ts";
import type { Db, Tx } from "../../db/client.ts";
import { circleBans, circleInvites, circleInviteUses, circleMembers, circleRequests, circles, users } from "../../db/schema/index.ts";
import { HttpError, notFound } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";
import { circleFor, circlesOf, lockWriter, summaryOf } from "./access.ts";
import { notifyApproved, notifyJoined, notifyRequest } from "./circle-notify.service.ts";
import { requireConfirmed } from "./circles.service.ts";
import { liveInvite } from "./invites.service.ts";

/*
 * Joining a circle (issue 29 item 2): through a live invite link, at once, or, for a circle that
 * asks to approve joins, as a request its moderators accept or decline. Every way in is admit(),
 * which checks the circle's 1,000 members and the writer's 50 circles under the circle's row lock
 * and the writer's, in the transaction that adds them, so the limits hold on every instance.
 */

type CircleRow = typeof circles.$inferSelect;

async function refuseIfInOrBanned(tx: Tx, circleId: string, userId: string): Promise<void> {
  const [row] = await tx
    .select({
      member: sql<boolean>`exists (select 1 from ${circleMembers} where ${circleMembers.circleId} = ${circleId} and ${circleMembers.userId} = ${userId})`,
      banned: sql<boolean>`exists (select 1 from ${circleBans} where ${circleBans.circleId} = ${circleId} and ${circleBans.userId} = ${userId})`,
    })
    .from(sql`(select 1) one`);
  if (row?.member) throw new HttpError(409, "already_member", CIRCLE_MESSAGES.alreadyMember);
  if (row?.banned) throw new HttpError(403, "circle_banned", CIRCLE_MESSAGES.banned);
}

/** Lets `who` into the locked `circle` (came by `inviteId`, if still there): the limits, the row, the counts, the record of the use. */
async function admit(tx: Tx, circle: CircleRow, who: { id: string; name: string }, inviteId: string | null, now: Date): Promise<CircleRow> {
  if (circle.memberCount >= MAX_CIRCLE_MEMBERS) throw new HttpError(422, "circle_full", CIRCLE_MESSAGES.circleFull);
  await lockWriter(tx, who.id);
  if ((await circlesOf(tx, who.id)) >= MAX_CIRCLES_PER_WRITER) throw new HttpError(422, "too_many_circles", CIRCLE_MESSAGES.tooManyCircles);
  await tx.insert(circleMembers).values({ circleId: circle.id, userId: who.id, role: "member", joinedAt: now, seenAt: now });
  const [updated] = await tx
    .update(circles)
    .set({ memberCount: sql`${circles.memberCount} + 1` })
    .where(eq(circles.id, circle.id))
    .returning();
  if (inviteId) {
    await tx.update(circleInvites).set({ uses: sql`${circleInvites.uses} + 1` }).where(eq(circleInvites.id, inviteId));
    await tx.insert(circleInviteUses).values({ inviteId, userId: who.id, usedAt: now }).onConflictDoNothing();
  }
  await notifyJoined(tx, circle.id, who, now);
  return updated!;
}

/** The signed-in, confirmed writer follows an invite: joins, or asks to when the circle approves joins. */
export async function acceptInvite(db: Db, user: SessionUser, code: string, now: Date): Promise<JoinedCircle> {
  requireConfirmed(user);
  return db.transaction(async (tx) => {
    const invite = await liveInvite(tx, code, now, true);
    const [circle] = await tx.select().from(circles).where(eq(circles.id, invite.circleId)).for("update");
    if (!circle) throw notFound(CIRCLE_MESSAGES.inviteNotFound, "invite_not_found");
    await refuseIfInOrBanned(tx, circle.id, user.id);
    if (circle.requiresApproval) {
      const asked = await tx
        .insert(circleRequests)
        .values({ circleId: circle.id, userId: user.id, inviteId: invite.id, createdAt: now })
        .onConflictDoNothing()
        .returning({ at: circleRequests.createdAt });
      if (asked.length > 0) await notifyRequest(tx, circle.id, user, now);
      return { circle: null, pending: true };
    }
    const updated = await admit(tx, circle, user, invite.id, now);
    return { circle: summaryOf({ ...updated, myRole: "member", muted: false }), pending: false };
  });
}

/** The circle's waiting requests, oldest first (at most 200), for its moderators. */
export async function listRequests(db: Db, user: SessionUser, slug: string): Promise<CircleRequests> {
  const circle = await circleFor(db, slug, user, "moderate");
  const rows = await db
    .select({ userId: circleRequests.userId, name: users.name, at: circleRequests.createdAt })
    .from(circleRequests)
    .innerJoin(users, eq(users.id, circleRequests.userId))
    .where(eq(circleRequests.circleId, circle.id))
    .orderBy(asc(circleRequests.createdAt), asc(circleRequests.userId))
    .limit(200);
  return { items: rows.map((r) => ({ userId: r.userId, name: r.name, requestedAt: r.at.toISOString() })) };
}

/**
 * A moderator accepts (`accept`) or declines a request; the writer hears of an acceptance. The
 * moderator's yes lets the writer in even when the link they came by has since expired, been
 * turned off or been used up: the link only brought the request (its use is still counted).
 */
export async function decideRequest(db: Db, user: SessionUser, slug: string, userId: string, accept: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // The same lock order as acceptInvite (the invite, then the circle): two of them never wait on each other.
    await tx.execute(sql`
      select 1 from circle_invites i join circle_requests r on r.invite_id = i.id join circles c on c.id = r.circle_id
      where c.slug = ${slug} and r.user_id = ${userId}::uuid for update of i`);
    const access = await circleFor(tx, slug, user, "moderate", true);
    const [request] = await tx
      .delete(circleRequests)
      .where(and(eq(circleRequests.circleId, access.id), eq(circleRequests.userId, userId)))
      .returning({ inviteId: circleRequests.inviteId });
    if (!request) throw notFound(CIRCLE_MESSAGES.requestNotFound, "request_not_found");
    if (!accept) return;
    await refuseIfInOrBanned(tx, access.id, userId);
    const [circle] = await tx.select().from(circles).where(eq(circles.id, access.id));
    const [who] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
    await admit(tx, circle!, who!, request.inviteId, now);
    await notifyApproved(tx, access.id, userId, now);
  });
}
