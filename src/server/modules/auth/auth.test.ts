import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createUser } from "#tests/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/me", () => {
  it("answers null for a visitor", async () => {
    const res = await t.json<{ user: unknown }>("/api/me");
    expect(res.status).toBe(200);
    expect(res.body.user).toBeNull();
  });

  it("answers the client user object for a writer", async () => {
    const u = await createUser(t, { name: "Ada King Lovelace", alias: "Countess" });
    const res = await t.json<{ user: Record<string, unknown> }>("/api/me", { cookie: u.cookie });
    expect(res.body.user).toMatchObject({ id: u.id, name: "Ada", fullName: "Ada King Lovelace", alias: "Countess", isAdmin: false });
  });
});
