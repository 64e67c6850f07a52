import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_ACCOUNT_DAILY_COMMENTS, NEW_ACCOUNT_DAILY_PIECES } from "#shared/domain/new-account.ts";
import { createSubmission, createUser } from "#tests/factories.ts";
import { createTestApp, SHIPPED_NEW_ACCOUNT_LIMITS, type TestApp } from "#tests/setup/app.ts";
import { submit, type ErrorBody } from "./test-helpers.ts";

/*
 * Per-account rules keep their own numbers (issue 24 item 5): a school that raises the per-client
 * limits (AUTH_RATE_LIMIT_SCALE) for a classroom behind one address keeps its spam guard on new
 * accounts: 3 public pieces and 10 comments a day, whatever the scale.
 */

let t: TestApp;
beforeAll(async () => {
  // A classroom behind one address: per-client limits fifty times larger, nothing else changed.
  t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: "50", ...SHIPPED_NEW_ACCOUNT_LIMITS });
});
afterAll(async () => {
  await t?.close();
});

describe("new accounts behind a raised per-client scale", () => {
  it("still publish at most 3 public pieces a day", async () => {
    const u = await createUser(t);
    for (let i = 0; i < NEW_ACCOUNT_DAILY_PIECES; i++) expect((await submit(t, u, { action: "publish" })).status).toBe(201);
    const refused = await submit<ErrorBody>(t, u, { action: "publish" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^New accounts can publish 3 public pieces a day /);
  });

  it("still post at most 10 comments a day", async () => {
    const [u, author] = await Promise.all([createUser(t), createUser(t)]);
    const piece = await createSubmission(t, author);
    const comment = () => t.json<ErrorBody>(`/api/community/pieces/${piece.id}/comments`, { cookie: u.cookie, json: { content: "Nice." } });
    for (let i = 0; i < NEW_ACCOUNT_DAILY_COMMENTS; i++) expect((await comment()).status).toBe(201);
    const refused = await comment();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^New accounts can post 10 comments a day /);
  });
});
