import { and, asc, between, eq, sql } from "drizzle-orm";
import { MAX_CIRCLES_PER_WRITER } from "#shared/constants.ts";
import { addDays, weekStart } from "#shared/domain/dates.ts";
import { CIRCLE_MESSAGES } from "#shared/domain/circles.ts";
import { WRITING_MESSAGES } from "#shared/domain/writing-session.ts";
import type { CirclePrompt, CirclePromptWeek, TodayCirclePrompts } from "#shared/schemas/circles.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { circleMembers, circlePrompts, circles, prompts, submissions, trashedPieces } from "../../db/schema/index.ts";
import { HttpError, notFound } from "../../http/errors.ts";
import type { SessionUser } from "../../http/context.ts";
import { circleFor } from "./access.ts";
import { notifyPrompt } from "./circle-notify.service.ts";

/*
 * A circle's own prompts (issue 29 item 5). Moderators set one per day (a day without one leaves
 * the circle on the site's prompt); members read the week; /write offers each circle prompt of the
 * writer's today beside the site's. The prompt is a `prompts` row of kind "circle" (so a piece
 * answers it as any prompt, and the ten-minute rule, streaks, pages and achievements count it),
 * with its date and circle in circle_prompts. A piece on a circle's prompt is shared with that
 * circle only (the prompt's words are the circle's): create-submission asks circlePromptRule().
 */

const columns = { id: prompts.id, date: circlePrompts.date, text: prompts.text, author: prompts.author };

export async function promptWeek(db: Db, user: SessionUser, slug: string, week: string | undefined, today: string): Promise<CirclePromptWeek> {
  const circle = await circleFor(db, slug, user, "read");
  const first = weekStart(week ?? today);
  const rows = await db
    .select(columns)
    .from(circlePrompts)
    .innerJoin(prompts, eq(prompts.id, circlePrompts.promptId))
    .where(and(eq(circlePrompts.circleId, circle.id), between(circlePrompts.date, first, addDays(first, 6))))
    .orderBy(asc(circlePrompts.date));
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return { weekStart: first, days: Array.from({ length: 7 }, (_, i) => addDays(first, i)).map((date) => ({ date, prompt: byDate.get(date) ?? null })) };
}

/** Sets the circle's prompt of `date` (a new one, or new words for the one there). */
export async function setCirclePrompt(db: Db, user: SessionUser, slug: string, date: string, text: string, author: string | null, now: Date): Promise<CirclePrompt> {
  return db.transaction(async (tx) => {
    const circle = await circleFor(tx, slug, user, "moderate", true);
    const [stored] = await tx
      .select({ id: circlePrompts.promptId })
      .from(circlePrompts)
      .where(and(eq(circlePrompts.circleId, circle.id), eq(circlePrompts.date, date)));
    if (stored) {
      await tx.update(prompts).set({ text, author }).where(eq(prompts.id, stored.id));
      return { id: stored.id, date, text, author };
    }
    const [row] = await tx.insert(prompts).values({ text, author, kind: "circle", date: null }).returning({ id: prompts.id });
    await tx.insert(circlePrompts).values({ promptId: row!.id, circleId: circle.id, date, createdBy: user.id });
    await notifyPrompt(tx, circle.id, user.id, date, now);
    return { id: row!.id, date, text, author };
  });
}

/** Removes the circle's prompt of `date`, unless a piece (or one in its writer's trash) answers it. */
export async function deleteCirclePrompt(db: Db, user: SessionUser, slug: string, date: string): Promise<void> {
  await db.transaction(async (tx) => {
    const circle = await circleFor(tx, slug, user, "moderate", true);
    const [stored] = await tx
      .select({ id: circlePrompts.promptId })
      .from(circlePrompts)
      .where(and(eq(circlePrompts.circleId, circle.id), eq(circlePrompts.date, date)));
    if (!stored) throw notFound(CIRCLE_MESSAGES.promptNotFound, "prompt_not_found");
    if (await answered(tx, stored.id)) throw new HttpError(409, "prompt_answered", CIRCLE_MESSAGES.promptAnswered);
    await tx.delete(prompts).where(eq(prompts.id, stored.id));
  });
}

async function answered(q: Queryable, promptId: string): Promise<boolean> {
  const [row] = await q.select({ n: sql<boolean>`exists (select 1 from ${submissions} where ${submissions.promptId} = ${promptId}) or exists (select 1 from ${trashedPieces} where ${trashedPieces.promptId} = ${promptId})` }).from(sql`(select 1) one`);
  return Boolean(row?.n);
}

/** The circle prompts of the writer's `today`, one per circle they are in that set one. */
export async function todaysCirclePrompts(db: Db, userId: string, today: string): Promise<TodayCirclePrompts> {
  const rows = await db
    .select({ circle: { id: circles.id, slug: circles.slug, name: circles.name }, prompt: columns })
    .from(circleMembers)
    .innerJoin(circlePrompts, and(eq(circlePrompts.circleId, circleMembers.circleId), eq(circlePrompts.date, today)))
    .innerJoin(prompts, eq(prompts.id, circlePrompts.promptId))
    .innerJoin(circles, eq(circles.id, circleMembers.circleId))
    .where(eq(circleMembers.userId, userId))
    .orderBy(asc(circles.name))
    .limit(MAX_CIRCLES_PER_WRITER);
  return { items: rows };
}

/**
 * A piece answering the circle prompt `promptId`, written on the writer's `today`: they must be in
 * its circle, the prompt's day must have come for them, and a publish goes to that circle alone.
 * Returns the circle's id (the audience the piece must have), or throws the refusal.
 */
export async function circlePromptRule(q: Queryable, userId: string, promptId: string, today: string): Promise<string> {
  const [row] = await q
    .select({ circleId: circlePrompts.circleId, date: circlePrompts.date, member: circleMembers.userId })
    .from(circlePrompts)
    .leftJoin(circleMembers, and(eq(circleMembers.circleId, circlePrompts.circleId), eq(circleMembers.userId, userId)))
    .where(eq(circlePrompts.promptId, promptId));
  if (!row || row.member === null || row.date > today) throw new HttpError(422, "no_prompt", WRITING_MESSAGES.noPrompt);
  return row.circleId;
}
