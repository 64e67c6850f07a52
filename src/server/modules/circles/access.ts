import { and, eq, sql } from "drizzle-orm";
import { CIRCLE_MESSAGES, type CircleRole } from "#shared/domain/circles.ts";
import type { CircleSummary } from "#shared/schemas/circles.ts";
import type { Queryable } from "../../db/client.ts";
import { circleMembers, circles } from "../../db/schema/index.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";

/*
 * Who may do what in a circle (issue 29 item 1). A circle is private: to anyone who is not a
 * member it does not exist (404, the same answer as a slug that names nothing), so its name and
 * size leak only through an invite (invites.service.ts). A site admin may read any circle (their
 * powers over content reach circle pieces too) but acts in it only as a member would.
 *
 * - `read`: members, and site admins;
 * - `moderate`: the owner and moderators (a member hears 403);
 * - `own`: the owner alone (a moderator or member hears 403).
 */
export type CircleNeed = "read" | "moderate" | "own";

export interface CircleAccess {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  accent: CircleSummary["accent"];
  memberCount: number;
  requiresApproval: boolean;
  createdAt: Date;
  ownerId: string | null;
  /** The viewer's role, null for a site admin who is not a member. */
  myRole: CircleRole | null;
  muted: boolean | null;
}

const SLUG_SHAPE = /^[a-z0-9-]{1,80}$/;

/** The circle at `slug` as `user` may reach it for `need`, or the error they hear. `lock` locks its row for a change. */
export async function circleFor(db: Queryable, slug: string, user: SessionUser, need: CircleNeed, lock = false): Promise<CircleAccess> {
  if (!SLUG_SHAPE.test(slug)) throw notFound(CIRCLE_MESSAGES.notFound);
  const query = db
    .select({
      id: circles.id,
      slug: circles.slug,
      name: circles.name,
      description: circles.description,
      accent: circles.accent,
      memberCount: circles.memberCount,
      requiresApproval: circles.requiresApproval,
      createdAt: circles.createdAt,
      ownerId: circles.ownerId,
      myRole: circleMembers.role,
      muted: circleMembers.muted,
    })
    .from(circles)
    .leftJoin(circleMembers, and(eq(circleMembers.circleId, circles.id), eq(circleMembers.userId, user.id)))
    .where(eq(circles.slug, slug))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: circles }) : await query;
  if (!row || (row.myRole === null && !user.isAdmin)) throw notFound(CIRCLE_MESSAGES.notFound);
  if (need === "moderate" && row.myRole !== "owner" && row.myRole !== "moderator") throw forbidden(CIRCLE_MESSAGES.notModerator, "not_circle_moderator");
  if (need === "own" && row.myRole !== "owner") throw forbidden(CIRCLE_MESSAGES.notOwner, "not_circle_owner");
  return row;
}

/** A circle as its contract sends it. */
export function summaryOf(c: CircleAccess): CircleSummary {
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    accent: c.accent,
    memberCount: c.memberCount,
    myRole: c.myRole,
    muted: c.muted ?? false,
    requiresApproval: c.requiresApproval,
    createdAt: c.createdAt.toISOString(),
  };
}

/** Locks the writer's row: how many circles they are in is then counted for one change at a time, on every instance. */
export async function lockWriter(tx: Queryable, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId}::uuid for update`);
}

/** How many circles the writer is in (read under lockWriter). */
export async function circlesOf(tx: Queryable, userId: string): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(circleMembers).where(eq(circleMembers.userId, userId));
  return row?.n ?? 0;
}
