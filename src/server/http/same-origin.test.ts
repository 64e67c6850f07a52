import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createPrompt, createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { NUL_MESSAGE } from "./same-origin.ts";

let t: TestApp;
let writer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  writer = await createUser(t, { name: "Origin Writer" });
});
afterAll(async () => t?.close());

const raw = (path: string, init: { method: string; origin?: string | null; type?: string; body?: string; cookie?: string }) =>
  Promise.resolve(
    t.app.request(path, {
      method: init.method,
      headers: {
        ...(init.origin === null ? {} : { origin: init.origin ?? APP_URL }),
        ...(init.type ? { "content-type": init.type } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body,
    }),
  );

describe("cross-site writes", () => {
  it("refuses a signed-in writer's browser making a share link to a private piece from another origin or as a form post", async () => {
    const secret = await createSubmission(t, writer, { isPrivate: true, promptId: (await createPrompt(t, { date: "2006-06-06" })).id });
    const path = `/api/submissions/${secret.id}/share-links`;
    for (const attempt of [
      { origin: "http://localhost:3001", type: "application/json", body: "{}" }, // same site, another port
      { origin: null, type: "application/json", body: "{}" },
      { origin: APP_URL, type: "text/plain", body: "{}" }, // a form or sendBeacon body
      { origin: APP_URL, type: "application/x-www-form-urlencoded", body: "a=1" },
    ]) {
      const res = await raw(path, { method: "POST", cookie: writer.cookie, ...attempt });
      expect(res.status, JSON.stringify(attempt)).toBe(403);
    }
    // The same request from the app itself still works.
    expect((await raw(path, { method: "POST", cookie: writer.cookie, type: "application/json", body: "{}" })).status).toBe(201);
  });

  it("lets reads through from anywhere", async () => {
    expect((await raw("/api/community/feed", { method: "GET", origin: "https://elsewhere.example" })).status).toBe(200);
  });
});

describe("NUL characters", () => {
  it("are refused with a 422 and a clear message in a body or a query, and nothing is stored", async () => {
    const piece = await createSubmission(t, writer, { promptId: (await createPrompt(t, { date: "2006-06-07" })).id });
    const comment = await t.json<{ code: string; message: string }>(`/api/community/pieces/${piece.id}/comments`, { cookie: writer.cookie, json: { content: "a\u0000b" } });
    expect(comment).toEqual({ status: 422, body: { code: "nul_character", message: NUL_MESSAGE } });
    const profile = await t.json(`/api/me/profile`, { method: "PATCH", cookie: writer.cookie, json: { name: "Na\u0000me", alias: null } });
    expect(profile.status).toBe(422);
    for (const path of ["/api/me/submissions?q=%00", "/api/community/feed?q=a%00b"]) {
      expect((await t.request(path, { cookie: writer.cookie })).status).toBe(422);
    }
    const comments = await t.json<{ comments: unknown[] }>(`/api/community/pieces/${piece.id}/comments`);
    expect(comments.body.comments).toEqual([]);
  });

  it("lets a writer type a backslash-u-zero sequence as words", async () => {
    const piece = await createSubmission(t, writer, { promptId: (await createPrompt(t, { date: "2006-06-08" })).id });
    const res = await t.json(`/api/community/pieces/${piece.id}/comments`, { cookie: writer.cookie, json: { content: "the escape \\u0000 in C" } });
    expect(res.status).toBe(201);
  });
});
