import { afterAll, beforeAll, expect } from "vitest";
import { COMMUNITY_PAGE_SIZE } from "#shared/constants.ts";
import { addDays, localDate } from "#shared/domain/dates.ts";
import { countWords, pagesFor } from "#shared/domain/words.ts";
import type { CommunityFeedPage } from "#shared/schemas/community.ts";
import { withViewerMarks } from "#shared/domain/viewer-marks.ts";
import { submissions } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createUser, type TestUser } from "#tests/factories.ts";

/*
 * What the community API tests share. A test file calls useCommunityApp() once; then `t` is its
 * app (its own database) and `writer`, `other` and `admin` are signed-up users of it.
 */

export let t: TestApp;
export let writer: TestUser;
export let other: TestUser;
export let admin: TestUser;

export function useCommunityApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    [writer, other, admin] = await Promise.all([
      createUser(t, { name: "Writer One" }),
      createUser(t, { name: "Other Writer" }),
      createUser(t, { name: "Admin Editor", admin: true }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** Each test reads its own prompt's pieces, so tests never see each other's rows. */
let promptDay = 0;
export async function ownPrompt(text?: string) {
  return createPrompt(t, { date: addDays("2001-01-01", ++promptDay), text });
}

export const minutesAgo = (m: number) => new Date(t.deps.clock.now().getTime() - m * 60_000);

/** Many pieces in one insert (reading tests only); an alias-signed piece keeps its writer's alias and each is announced, as publishing does. */
export async function insertPieces(
  rows: { user: { id: string; alias?: string | null }; promptId: string; createdAt: Date; content?: string; likeCount?: number; submissionType?: "name" | "alias" | "anonymous"; title?: string | null }[],
): Promise<string[]> {
  const values = rows.map((r, i) => {
    const content = r.content ?? `Piece number ${i} with a few words`;
    const words = countWords(content);
    return {
      userId: r.user.id,
      promptId: r.promptId,
      content,
      title: r.title ?? null,
      wordCount: words,
      pagesWritten: pagesFor(words),
      submissionType: r.submissionType ?? ("name" as const),
      authorAlias: r.submissionType === "alias" ? (r.user.alias ?? null) : null,
      isPrivate: false,
      localDate: localDate(r.createdAt, "UTC"),
      likeCount: r.likeCount ?? 0,
      createdAt: r.createdAt,
      updatedAt: r.createdAt,
    };
  });
  const inserted = await t.deps.db.insert(submissions).values(values).returning({ id: submissions.id, promptId: submissions.promptId });
  // Announced as publishing does, so what caches the feed hears of them.
  for (const r of inserted) await t.deps.realtime.publish(t.deps.db, "piece:published", r);
  return inserted.map((r) => r.id);
}

export function feedUrl(params: Record<string, string | undefined>): string {
  const qs = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return `/api/community/feed?${qs}`;
}

/** A page of the feed as the reader's client sees it: their marks set on its cards. */
export async function feed(params: Record<string, string | undefined>, cookie?: string) {
  const res = await t.json<CommunityFeedPage>(feedUrl(params), { cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return withViewerMarks(res.body);
}

/** Every page of a view, following the cursor; `between` runs before each next page. */
export async function allPages(params: Record<string, string>, between?: (page: number) => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const body = await feed({ ...params, cursor });
    expect(body.items.length).toBeLessThanOrEqual(COMMUNITY_PAGE_SIZE);
    ids.push(...body.items.map((i) => i.id));
    if (!body.nextCursor) return ids;
    cursor = body.nextCursor;
    await between?.(page);
  }
  throw new Error("the feed never ended");
}
