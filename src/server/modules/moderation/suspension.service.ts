import { and, eq, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { suspensionActive, suspensionMessage } from "#shared/domain/moderation.ts";
import { MODERATION_MESSAGES, type HideAllResult, type MySuspension, type SuspensionState } from "#shared/schemas/moderation.ts";
import { shownPieceSql } from "../../db/audience.ts";
import type { Queryable } from "../../db/client.ts";
import { submissions, users } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { AppEnv, SessionUser } from "../../http/context.ts";
import { badRequest, forbidden, notFound } from "../../http/errors.ts";
import { recordAudit } from "./audit.service.ts";
import { closeReports } from "./reports.service.ts";

/*
 * Suspensions (issue 13 item 3): a suspended writer cannot publish, comment, like or report
 * until the date chosen (or until an admin lifts it); saving privately and reading stay open.
 */

async function suspensionRow(q: Queryable, userId: string) {
  const [row] = await q
    .select({ suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil, reason: users.suspensionReason })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The writer's suspension if it holds at `now`, else null. */
export async function activeSuspension(q: Queryable, userId: string, now: Date): Promise<{ until: string | null; reason: string; since: string } | null> {
  const row = await suspensionRow(q, userId);
  if (!row || !suspensionActive(row, now) || !row.suspendedAt) return null;
  return { until: row.suspendedUntil ? row.suspendedUntil.toISOString() : null, reason: row.reason ?? "", since: row.suspendedAt.toISOString() };
}

/**
 * A 403 with "Your account can't publish until {date}: {reason}" when the writer is suspended:
 * from what the session read with the user row (no extra statement), else from the database.
 */
export async function refuseIfSuspended(deps: Deps, user: Pick<SessionUser, "id" | "timeZone" | "suspension">): Promise<void> {
  const now = deps.clock.now();
  const held = user.suspension;
  const s = held
    ? held.suspendedAt && suspensionActive(held, now)
      ? { until: held.suspendedUntil ? held.suspendedUntil.toISOString() : null, reason: held.reason ?? "" }
      : null
    : await activeSuspension(deps.db, user.id, now);
  if (s) throw forbidden(suspensionMessage(s, user.timeZone), "suspended");
}

/** Route guard for publishing, commenting, liking and reporting (after the signed-in check). */
export const notSuspended: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (user) await refuseIfSuspended(c.get("deps"), user);
  await next();
};

export async function mySuspension(deps: Deps, user: SessionUser): Promise<MySuspension> {
  const s = await activeSuspension(deps.db, user.id, deps.clock.now());
  return { suspension: s && { until: s.until, reason: s.reason, message: suspensionMessage(s, user.timeZone) } };
}

export async function getSuspension(deps: Deps, userId: string): Promise<SuspensionState> {
  const [exists] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!exists) throw notFound(MODERATION_MESSAGES.userNotFound);
  return { userId, suspension: await activeSuspension(deps.db, userId, deps.clock.now()) };
}

export async function suspend(deps: Deps, adminId: string, userId: string, input: { until: string | null; reason: string }): Promise<SuspensionState> {
  const now = deps.clock.now();
  const until = input.until ? new Date(input.until) : null;
  if (until && until.getTime() <= now.getTime()) throw badRequest(MODERATION_MESSAGES.suspensionUntilPast, "until_past");
  return deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ suspendedAt: now, suspendedUntil: until, suspensionReason: input.reason })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw notFound(MODERATION_MESSAGES.userNotFound);
    deps.sessions.changed(userId);
    const span = until ? `Until ${until.toISOString()}` : "Indefinitely";
    await recordAudit(tx, { adminId, action: "suspend", subjectWriterId: userId, reason: `${span}: ${input.reason}` }, now);
    return { userId, suspension: { until: until && until.toISOString(), reason: input.reason, since: now.toISOString() } };
  });
}

/** Lifts a suspension early (200 either way; only a real lift is recorded). */
export async function liftSuspension(deps: Deps, adminId: string, userId: string): Promise<SuspensionState> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await suspensionRow(tx, userId);
    if (!row) throw notFound(MODERATION_MESSAGES.userNotFound);
    if (!row.suspendedAt) return { userId, suspension: null };
    await tx.update(users).set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null }).where(eq(users.id, userId));
    deps.sessions.changed(userId);
    if (suspensionActive(row, now)) await recordAudit(tx, { adminId, action: "lift_suspension", subjectWriterId: userId }, now);
    return { userId, suspension: null };
  });
}

/** "Hide all their public pieces": every public piece of the writer not hidden yet, one event each. */
export async function hideAllPieces(deps: Deps, adminId: string, userId: string, reason: string): Promise<HideAllResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await suspensionRow(tx, userId);
    if (!row) throw notFound(MODERATION_MESSAGES.userNotFound);
    const hidden = await tx
      .update(submissions)
      .set({ hiddenAt: now, hiddenReason: reason, hiddenBy: adminId })
      .where(and(eq(submissions.userId, userId), shownPieceSql(sql`${submissions}`)))
      .returning({ id: submissions.id });
    for (const { id } of hidden) await deps.realtime.publish(tx, "piece:deleted", { id });
    await closeReports(tx, "piece", hidden.map((h) => h.id), "hidden", adminId, now);
    await recordAudit(tx, { adminId, action: "hide_all", subjectWriterId: userId, reason: `${hidden.length} pieces: ${reason}` }, now);
    await deps.realtime.publish(tx, "reports:changed", {});
    return { userId, hidden: hidden.length };
  });
}

