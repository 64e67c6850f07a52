import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { MAX_CIRCLES_PER_WRITER } from "#shared/constants.ts";
import { z } from "zod";
import { CIRCLE_ACCENTS, CIRCLE_MESSAGES, CIRCLE_ROLES } from "#shared/domain/circles.ts";
import type { CircleSummary, createCircleInput, MyCircles, updateCircleInput } from "#shared/schemas/circles.ts";
import { circleFeedPieceSql } from "../../db/audience.ts";
import type { Db } from "../../db/client.ts";
import { circleMembers, circles } from "../../db/schema/index.ts";
import { typedRows, timestampColumn } from "../../db/typed-rows.ts";
import { badRequest, HttpError, notFound } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";
import { circleFor, circlesOf, lockWriter, summaryOf } from "./access.ts";

/*
 * Circles themselves (issue 29 item 1): made by any confirmed writer, who becomes their owner;
 * listed for their members with what is new in each; renamed by the owner and moderators; deleted
 * by the owner alone. The 50-circle limit is counted under a lock of the writer's row, in the
 * transaction that adds the membership, so two requests on two instances cannot both pass it.
 */

/** "new pieces" stops counting here: the list shows "99+". */
const NEW_PIECES_CAP = 99;

/** A readable slug: the name's letters and digits, and a random tail (a name alone would let anyone guess circles). */
export function slugFor(name: string): string {
  const base = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  const tail = randomBytes(5).toString("hex").slice(0, 8);
  return base ? `${base}-${tail}` : `circle-${tail}`;
}

export function requireConfirmed(user: SessionUser): void {
  if (!user.emailVerified) throw new HttpError(403, "email_not_confirmed", CIRCLE_MESSAGES.confirmToJoin);
}

export async function createCircle(db: Db, user: SessionUser, input: z.output<typeof createCircleInput>, now: Date): Promise<CircleSummary> {
  requireConfirmed(user);
  return db.transaction(async (tx) => {
    await lockWriter(tx, user.id);
    if ((await circlesOf(tx, user.id)) >= MAX_CIRCLES_PER_WRITER) throw new HttpError(422, "too_many_circles", CIRCLE_MESSAGES.tooManyCircles);
    const [circle] = await tx
      .insert(circles)
      .values({ slug: slugFor(input.name), name: input.name, description: input.description, accent: input.accent, ownerId: user.id, memberCount: 1, createdAt: now })
      .returning();
    await tx.insert(circleMembers).values({ circleId: circle!.id, userId: user.id, role: "owner", joinedAt: now, seenAt: now });
    return summaryOf({ ...circle!, myRole: "owner", muted: false });
  });
}

const myCircleRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  accent: z.enum(CIRCLE_ACCENTS),
  member_count: z.number(),
  requires_approval: z.boolean(),
  created_at: timestampColumn,
  role: z.enum(CIRCLE_ROLES),
  muted: z.boolean(),
  new_pieces: z.number(),
});

/**
 * The writer's circles (at most MAX_CIRCLES_PER_WRITER rows, through circle_members_user_idx),
 * newest joined first, each with the pieces others shared since they last opened it that its feed
 * would show them (the audience rule's circleFeedPieceSql; at most 100 read per circle, through
 * piece_circles_feed_idx).
 */
export async function myCircles(db: Db, userId: string): Promise<MyCircles> {
  const rows = await typedRows(
    db,
    sql`
      select c.id, c.slug, c.name, c.description, c.accent, c.member_count, c.requires_approval, c.created_at, m.role, m.muted,
        (select count(*)::int from (
          select 1 from piece_circles pc join submissions s on s.id = pc.submission_id
          where pc.circle_id = c.id and pc.created_at > m.seen_at and s.user_id <> m.user_id
            and ${circleFeedPieceSql(userId, sql`s`, sql`pc`)}
          limit ${NEW_PIECES_CAP + 1}
        ) n) as new_pieces
      from circle_members m
      join circles c on c.id = m.circle_id
      where m.user_id = ${userId}::uuid
      order by m.joined_at desc, c.id desc
      limit ${MAX_CIRCLES_PER_WRITER}`,
    myCircleRow,
  );
  return {
    max: MAX_CIRCLES_PER_WRITER,
    circles: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      accent: r.accent,
      memberCount: r.member_count,
      requiresApproval: r.requires_approval,
      myRole: r.role,
      muted: r.muted,
      createdAt: r.created_at.toISOString(),
      newPieces: Math.min(r.new_pieces, NEW_PIECES_CAP),
      newPiecesCapped: r.new_pieces > NEW_PIECES_CAP,
    })),
  };
}

/** The circle's page: what it is, and the member has now seen what was shared in it. */
export async function openCircle(db: Db, user: SessionUser, slug: string, now: Date): Promise<CircleSummary> {
  const circle = await circleFor(db, slug, user, "read");
  if (circle.myRole !== null) {
    await db
      .update(circleMembers)
      .set({ seenAt: now })
      .where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, user.id)));
  }
  return summaryOf(circle);
}

export async function updateCircle(db: Db, user: SessionUser, slug: string, input: z.output<typeof updateCircleInput>): Promise<CircleSummary> {
  return db.transaction(async (tx) => {
    const circle = await circleFor(tx, slug, user, "moderate", true);
    const set = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.accent !== undefined ? { accent: input.accent } : {}),
      ...(input.requiresApproval !== undefined ? { requiresApproval: input.requiresApproval } : {}),
    };
    if (Object.keys(set).length === 0) return summaryOf(circle);
    const [row] = await tx.update(circles).set(set).where(eq(circles.id, circle.id)).returning();
    return summaryOf({ ...row!, myRole: circle.myRole, muted: circle.muted });
  });
}

/**
 * The owner deletes the circle: its members, invites and bans go with it, and so do its
 * `piece_circles` rows, so a piece shared only with this circle is private to its writer again.
 */
export async function deleteCircle(db: Db, user: SessionUser, slug: string, confirmName: string): Promise<void> {
  await db.transaction(async (tx) => {
    const circle = await circleFor(tx, slug, user, "own", true);
    if (confirmName.trim() !== circle.name.trim()) throw badRequest(CIRCLE_MESSAGES.confirmDelete, "confirm_name");
    // Its prompts no piece answers go too; an answered one stays with the pieces (their prompt's words).
    await tx.execute(sql`
      delete from prompts p using circle_prompts cp
      where cp.prompt_id = p.id and cp.circle_id = ${circle.id}::uuid
        and not exists (select 1 from submissions s where s.prompt_id = p.id)
        and not exists (select 1 from trashed_pieces tp where tp.prompt_id = p.id)`);
    await tx.delete(circles).where(eq(circles.id, circle.id));
  });
}

/** A member mutes or unmutes the circle for themselves. */
export async function setMuted(db: Db, user: SessionUser, slug: string, muted: boolean): Promise<CircleSummary> {
  const circle = await circleFor(db, slug, user, "read");
  if (circle.myRole === null) throw notFound(CIRCLE_MESSAGES.notFound);
  await db
    .update(circleMembers)
    .set({ muted })
    .where(and(eq(circleMembers.circleId, circle.id), eq(circleMembers.userId, user.id)));
  return summaryOf({ ...circle, muted });
}
