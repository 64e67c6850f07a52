import { eq, sql } from "drizzle-orm";
import { countWords, pagesFor } from "#shared/domain/words.ts";
import { localDate } from "#shared/domain/dates.ts";
import type { SignUpInput } from "#shared/schemas/auth.ts";
import { admins, prompts, submissions, users } from "#server/db/schema/index.ts";
import { cookieFrom, type TestApp } from "./setup/app.ts";

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface TestUser {
  id: string;
  email: string;
  name: string;
  alias: string | null;
  password: string;
  cookie: string;
}

/** Registers through the real sign-up endpoint and returns the signed-in cookie. */
export async function createUser(
  t: TestApp,
  opts: Partial<Pick<SignUpInput, "name" | "alias" | "email" | "password" | "timeZone">> & { admin?: boolean; confirmed?: boolean } = {},
): Promise<TestUser> {
  const email = opts.email ?? `writer-${unique()}@example.com`;
  const password = opts.password ?? "a quiet room to write";
  const name = opts.name ?? "Test Writer";
  const input: SignUpInput = { name, email, password, alias: opts.alias ?? null, timeZone: opts.timeZone ?? "UTC" };
  const res = await t.request("/api/auth/sign-up/email", { json: input });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  // As if the writer had followed the link in the confirmation email.
  if (opts.confirmed) await t.deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, body.user.id));
  if (opts.admin) {
    await t.deps.db.insert(admins).values({ userId: body.user.id });
    t.deps.admins.forget(body.user.id);
  }
  return { id: body.user.id, email, name, alias: opts.alias ?? null, password, cookie: cookieFrom(res) };
}

type NewPrompt = typeof prompts.$inferInsert;
type NewSubmission = typeof submissions.$inferInsert;

export async function createPrompt(t: TestApp, opts: Partial<Pick<NewPrompt, "date" | "text" | "author">> = {}) {
  const date = opts.date ?? localDate(t.deps.clock.now(), "UTC");
  const [row] = await t.deps.db
    .insert(prompts)
    .values({ text: opts.text ?? `A prompt ${unique()}`, date, kind: "daily", author: opts.author ?? null })
    .onConflictDoUpdate({ target: prompts.date, set: { text: sql`excluded.text` } })
    .returning();
  return row!;
}

export async function freewritePrompt(t: TestApp) {
  const [row] = await t.deps.db.select().from(prompts).where(eq(prompts.kind, "freewrite")).limit(1);
  return row!;
}

/** The alias an alias-signed piece keeps, as publishing stores it: the writer's alias of now. */
async function aliasToStore(t: TestApp, userId: string, submissionType: NewSubmission["submissionType"] | undefined): Promise<string | null> {
  if (submissionType !== "alias") return null;
  return (await getUserRow(t, userId)).alias?.trim() || null;
}

/** Inserts a piece directly (for tests of reading, not of writing). */
export async function createSubmission(
  t: TestApp,
  user: { id: string },
  opts: Partial<Pick<NewSubmission, "content" | "title" | "promptId" | "isPrivate" | "submissionType" | "isFeatured" | "createdAt" | "likeCount">> = {},
) {
  const promptId = opts.promptId ?? (await createPrompt(t)).id;
  const content = opts.content ?? `Some words written for a test ${unique()}`;
  const words = countWords(content);
  const createdAt = opts.createdAt ?? t.deps.clock.now();
  const [row] = await t.deps.db
    .insert(submissions)
    .values({
      userId: user.id,
      promptId,
      content,
      title: opts.title ?? null,
      wordCount: words,
      pagesWritten: pagesFor(words),
      submissionType: opts.submissionType ?? "name",
      authorAlias: await aliasToStore(t, user.id, opts.submissionType),
      isPrivate: opts.isPrivate ?? false,
      isFeatured: opts.isFeatured ?? false,
      featuredAt: opts.isFeatured ? createdAt : null,
      localDate: localDate(createdAt, "UTC"),
      likeCount: opts.likeCount ?? 0,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row!;
}

export async function getUserRow(t: TestApp, id: string) {
  const [row] = await t.deps.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row!;
}
