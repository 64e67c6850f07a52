import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_ACCOUNT_DAILY_COMMENTS, NEW_ACCOUNT_DAILY_PIECES } from "#shared/domain/new-account.ts";
import { submissions, users } from "#server/db/schema/index.ts";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, SHIPPED_NEW_ACCOUNT_LIMITS, type TestApp } from "#tests/setup/app.ts";
import { submit, type ErrorBody } from "./test-helpers.ts";

/*
 * New accounts (issue 13 item 7): under 24 hours old with the email unconfirmed, at most 3 public
 * pieces and 10 comments a day, counted in the database; private saving is never limited, and a
 * confirmed account is not limited at all.
 */

// The limits as production has them: this app raises neither rate limits nor new-account limits as other test apps do.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: "1", ...SHIPPED_NEW_ACCOUNT_LIMITS });
});
afterAll(async () => {
  await t?.close();
});
const clock = () => t.deps.testClock!;

const publicPieces = async (u: TestUser) =>
  (await t.deps.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.userId, u.id))).length;
const confirm = (u: TestUser) => t.deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, u.id));
const comment = (pieceId: string, u: TestUser) => t.json<ErrorBody>(`/api/community/pieces/${pieceId}/comments`, { cookie: u.cookie, json: { content: "Nice." } });

describe("a brand-new, unconfirmed account", () => {
  it("publishes 3 public pieces a day, then is told which limit applies and until when; saving privately goes on", async () => {
    const u = await createUser(t, { timeZone: "UTC" });
    for (let i = 0; i < NEW_ACCOUNT_DAILY_PIECES; i++) expect((await submit(t, u, { action: "publish" })).status).toBe(201);
    const before = await publicPieces(u);
    const refused = await submit<ErrorBody>(t, u, { action: "publish", signature: "anonymous" });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("new_account_limit");
    expect(refused.body.message).toMatch(/^New accounts can publish 3 public pieces a day until your email is confirmed or until \w+ \d+, \d{4} at \d+:\d\d [AP]M\. You can still save privately\.$/);
    expect(await publicPieces(u)).toBe(before);
    for (let i = 0; i < 2; i++) expect((await submit(t, u, { action: "save" })).status).toBe(201);

    // Once confirmed, the limit is gone.
    await confirm(u);
    expect((await submit(t, u, { action: "publish" })).status).toBe(201);
  });

  it("posts 10 comments a day, then is told so; a confirmed account goes on", async () => {
    const [u, confirmed, author] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await confirm(confirmed);
    const piece = await createSubmission(t, author);
    for (let i = 0; i < NEW_ACCOUNT_DAILY_COMMENTS; i++) expect((await comment(piece.id, u)).status).toBe(201);
    const refused = await comment(piece.id, u);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("new_account_limit");
    expect(refused.body.message).toMatch(/^New accounts can post 10 comments a day until your email is confirmed or until .+\.$/);
    // (Past the per-client limit of comments a minute, which is not what is tested here.)
    clock().advance(61_000);
    for (let i = 0; i < NEW_ACCOUNT_DAILY_COMMENTS + 1; i++) expect((await comment(piece.id, confirmed)).status).toBe(201);
  });

  it("is not limited once the account is 24 hours old", async () => {
    const u = await createUser(t);
    for (let i = 0; i < NEW_ACCOUNT_DAILY_PIECES; i++) expect((await submit(t, u, { action: "publish" })).status).toBe(201);
    expect((await submit(t, u, { action: "publish" })).status).toBe(429);
    clock().advance(24 * 60 * 60 * 1000);
    expect((await submit(t, u, { action: "publish" })).status).toBe(201);
  });
});
