import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { CIRCLE_MEMBERS_PAGE_SIZE } from "#shared/constants.ts";
import { CIRCLE_MESSAGES, CIRCLE_ROLES } from "#shared/domain/circles.ts";
import type { CircleMembersPage } from "#shared/schemas/circles.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { cursorId } from "../../db/keyset.ts";
import { circleBans, circleMembers, circles, notifications } from "../../db/schema/index.ts";
import { typedRows, timestampColumn } from "../../db/typed-rows.ts";
import { cursorCodec, cursorTime } from "../../http/cursor.ts";
import { forbidden, HttpError, notFound } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";
import { circleFor, type CircleAccess } from "./access.ts";

/*
 * A circle's members (issue 29 item 1): listed oldest first for every member, keyset-paged through
 * circle_members_circle_joined_idx; the owner makes and unmakes moderators and hands the circle
 * over; a member leaves; a moderator removes (and may ban) a member. The owner never leaves or is
 * removed: there is always exactly one (circle_members_one_owner), who may delete the circle.
 */

const membersCursor = cursorCodec(z.object({ t: cursorTime, id: cursorId }), CIRCLE_MESSAGES.badCursor);

const memberRow = z.object({
  user_id: z.string(),
  name: z.string(),
  role: z.enum(CIRCLE_ROLES),
  joined_at: timestampColumn,
  joined_key: z.string(),
});

export async function listMembers(db: Db, user: SessionUser, slug: string, rawCursor: string | undefined): Promise<CircleMembersPage> {
  const circle = await circleFor(db, slug, user, "read");
  const after = rawCursor ? membersCursor.decode(rawCursor) : null;
  const rows = await typedRows(
    db,
    sql`
      select m.user_id, u.name, m.role, m.joined_at,
        to_char(m.joined_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as joined_key
      from circle_members m join users u on u.id = m.user_id
      where m.circle_id = ${circle.id}::uuid
        ${after ? sql`and (m.joined_at, m.user_id) > (${after.t}::timestamptz, ${after.id}::uuid)` : sql``}
      order by m.joined_at, m.user_id
      limit ${CIRCLE_MEMBERS_PAGE_SIZE + 1}`,
    memberRow,
  );
  const page = rows.slice(0, CIRCLE_MEMBERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({ userId: r.user_id, name: r.name, role: r.role, joinedAt: r.joined_at.toISOString(), isMe: r.user_id === user.id })),
    nextCursor: rows.length > CIRCLE_MEMBERS_PAGE_SIZE && last ? membersCursor.encode({ t: last.joined_key, id: last.user_id }) : null,
  };
}

/** The member's role in the circle (locked with it), or 404 when they are not in it. */
async function memberRole(tx: Queryable, circle: CircleAccess, userId: string) {
  const [row] = await tx
    .select({ role: circleMembers.role })
    .from(circleMembers)
    .where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, userId)))
    .for("update");
  if (!row) throw notFound(CIRCLE_MESSAGES.memberNotFound, "member_not_found");
  return row.role;
}

/** The owner makes a member a moderator, or a moderator a member again. */
export async function setMemberRole(db: Db, user: SessionUser, slug: string, userId: string, role: "moderator" | "member"): Promise<void> {
  await db.transaction(async (tx) => {
    const circle = await circleFor(tx, slug, user, "own", true);
    if ((await memberRole(tx, circle, userId)) === "owner") throw forbidden(CIRCLE_MESSAGES.notOwner, "owner_role_fixed");
    await tx
      .update(circleMembers)
      .set({ role })
      .where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, userId)));
  });
}

/** The owner hands the circle over to another member, and stays on as a moderator. */
export async function transferOwnership(db: Db, user: SessionUser, slug: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const circle = await circleFor(tx, slug, user, "own", true);
    if (userId === user.id) return;
    await memberRole(tx, circle, userId);
    const mine = and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, user.id));
    await tx.update(circleMembers).set({ role: "moderator" }).where(mine);
    await tx
      .update(circleMembers)
      .set({ role: "owner" })
      .where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, userId)));
    await tx.update(circles).set({ ownerId: userId }).where(eq(circles.id, circle.id));
  });
}

/**
 * A member leaves (`userId` is the caller), or a moderator removes a member (and bans them when
 * `ban`, so no invite lets them back). Moderators remove members, only the owner removes a
 * moderator, and nobody removes the owner. What they shared stays with the circle.
 */
export async function removeMember(db: Db, user: SessionUser, slug: string, userId: string, ban: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const self = userId === user.id;
    const circle = await circleFor(tx, slug, user, self ? "read" : "moderate", true);
    if (self && circle.myRole === null) throw notFound(CIRCLE_MESSAGES.memberNotFound, "member_not_found");
    const role = await memberRole(tx, circle, userId);
    if (role === "owner") {
      if (!self) throw forbidden(CIRCLE_MESSAGES.notOwner, "owner_stays");
      throw new HttpError(409, "owner_cannot_leave", CIRCLE_MESSAGES.ownerCannotLeave);
    }
    if (!self && role === "moderator" && circle.myRole !== "owner") throw forbidden(CIRCLE_MESSAGES.notOwner, "not_circle_owner");
    await tx.delete(circleMembers).where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, userId)));
    // What the circle told them goes too: its name (as renamed later) must not keep reaching an ex-member's bell.
    await tx.delete(notifications).where(and(eq(notifications.userId, userId), eq(notifications.circleId, circle.id)));
    await tx.update(circles).set({ memberCount: sql`${circles.memberCount} - 1` }).where(eq(circles.id, circle.id));
    if (ban && !self) await tx.insert(circleBans).values({ circleId: circle.id, userId, bannedBy: user.id }).onConflictDoNothing();
  });
}
