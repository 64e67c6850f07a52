import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_ACCOUNT_DAILY_COMMENTS } from "#shared/domain/new-account.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { createTestApp, SHIPPED_NEW_ACCOUNT_LIMITS, type TestApp } from "#tests/setup/app.ts";
import type { ErrorBody } from "./test-helpers.ts";

/*
 * A new account's day of comments (issue 13 item 7, review findings 8 and 9): counted between the
 * bounds of the writer's local day computed in JS, whatever zone they stored, and counted once
 * per writer even when comments on different pieces arrive together.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: "1", ...SHIPPED_NEW_ACCOUNT_LIMITS });
});
afterAll(async () => {
  await t?.close();
});
const comment = (pieceId: string, cookie: string) => t.json<ErrorBody>(`/api/community/pieces/${pieceId}/comments`, { cookie, json: { content: "Nice." } });

describe("a new account's comments of the day", () => {
  it("answers 201 then 429, never 500, for a zone Intl knows and PostgreSQL may not (US/Pacific-New)", async () => {
    const [u, author] = await Promise.all([createUser(t, { timeZone: "US/Pacific-New" }), createUser(t)]);
    const piece = await createSubmission(t, author);
    for (let i = 0; i < NEW_ACCOUNT_DAILY_COMMENTS; i++) expect((await comment(piece.id, u.cookie)).status).toBe(201);
    const refused = await comment(piece.id, u.cookie);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("new_account_limit");
  });

  it("holds under parallel comments on different pieces", async () => {
    t.deps.testClock!.advance(61_000);
    const [u, author] = await Promise.all([createUser(t), createUser(t)]);
    const pieces = await Promise.all(Array.from({ length: NEW_ACCOUNT_DAILY_COMMENTS + 4 }, () => createSubmission(t, author)));
    const statuses = (await Promise.all(pieces.map((p) => comment(p.id, u.cookie)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(NEW_ACCOUNT_DAILY_COMMENTS);
    expect(statuses.filter((s) => s !== 201 && s !== 429)).toEqual([]);
  });
});
