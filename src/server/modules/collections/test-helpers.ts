import { eq } from "drizzle-orm";
import { blocks, notificationPrefs, submissions, users } from "#server/db/schema/index.ts";
import { runScheduledNow } from "#server/jobs/registry.ts";
import type { TestApp } from "#tests/setup/app.ts";
import { createSubmission } from "#tests/factories.ts";
import { localDate } from "#shared/domain/dates.ts";

/** The minute tick at `iso` (test clock), then every job and email it caused. */
export async function tickAt(t: TestApp, iso: string): Promise<void> {
  t.deps.testClock!.set(new Date(iso));
  await runScheduledNow(t.deps);
}

export interface PieceOpts {
  at: string;
  content?: string;
  title?: string | null;
  likes?: number;
  featured?: boolean;
  hidden?: boolean;
  isPrivate?: boolean;
  signed?: "name" | "alias" | "anonymous";
  /** The writer's calendar date (default: the UTC date of `at`). */
  localDate?: string;
  contentWarning?: string;
}

/** A piece written (and, when featured, picked) at `at`. */
export async function pieceAt(t: TestApp, user: { id: string }, o: PieceOpts) {
  const row = await createSubmission(t, user, {
    createdAt: new Date(o.at),
    ...(o.content ? { content: o.content } : {}),
    title: o.title ?? null,
    likeCount: o.likes ?? 0,
    isFeatured: o.featured ?? false,
    isPrivate: o.isPrivate ?? false,
    submissionType: o.signed ?? "name",
  });
  const patch: Partial<typeof submissions.$inferInsert> = { localDate: o.localDate ?? localDate(new Date(o.at), "UTC") };
  if (o.hidden) Object.assign(patch, { hiddenAt: new Date(o.at), hiddenReason: "test" });
  if (o.contentWarning) patch.contentWarning = o.contentWarning;
  await t.deps.db.update(submissions).set(patch).where(eq(submissions.id, row.id));
  return row;
}

/** `blocker` blocks the writer of the name-signed piece `pieceId`. */
export async function blockWriter(t: TestApp, blocker: { id: string }, blocked: { id: string; name: string }, pieceId: string): Promise<void> {
  await t.deps.db.insert(blocks).values({ blockerId: blocker.id, blockedId: blocked.id, sourceId: pieceId, label: blocked.name, scope: "name" });
}

export async function setPrefs(t: TestApp, userId: string, prefs: { weeklyEmail?: boolean; monthlyEmail?: boolean }): Promise<void> {
  await t.deps.db.insert(notificationPrefs).values({ userId, ...prefs }).onConflictDoUpdate({ target: notificationPrefs.userId, set: prefs });
}

/** Makes `userId` an old account (the monthly collection skips accounts younger than its month). */
export async function backdate(t: TestApp, userId: string): Promise<void> {
  await t.deps.db.update(users).set({ createdAt: new Date("2020-01-01T00:00:00Z") }).where(eq(users.id, userId));
}
