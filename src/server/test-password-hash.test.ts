import { eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "#server/db/schema/index.ts";
import { cheapPasswordHash } from "#server/test-password-hash.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";

describe("the test-cost password hash", () => {
  it("checks its own hashes and better-auth's, and refuses a wrong password or a damaged hash", async () => {
    const own = await cheapPasswordHash.hash("a quiet room to write");
    expect(own).toMatch(/^cheap-scrypt\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await cheapPasswordHash.hash("a quiet room to write")).not.toBe(own);
    expect(await cheapPasswordHash.verify({ hash: own, password: "a quiet room to write" })).toBe(true);
    expect(await cheapPasswordHash.verify({ hash: own, password: "a quiet room to writE" })).toBe(false);
    expect(await cheapPasswordHash.verify({ hash: own.slice(0, -2), password: "a quiet room to write" })).toBe(false);
    expect(await cheapPasswordHash.verify({ hash: "cheap-scrypt$nokey", password: "a quiet room to write" })).toBe(false);
    const shipped = await hashPassword("a quiet room to write");
    expect(await cheapPasswordHash.verify({ hash: shipped, password: "a quiet room to write" })).toBe(true);
    expect(await cheapPasswordHash.verify({ hash: shipped, password: "another room" })).toBe(false);
  });
});

describe("an install without the test setting", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TEST_CHEAP_PASSWORD_HASH: "" });
    expect(t.deps.env.TEST_CHEAP_PASSWORD_HASH).toBe(false);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stores better-auth's own scrypt hash, and the writer signs in with it", async () => {
    const email = `shipped-hash-${Date.now()}@example.com`;
    const up = await t.json<{ user: { id: string } }>("/api/auth/sign-up/email", { json: { name: "Ada", email, password: "a quiet room to write", timeZone: "UTC" } });
    expect(up.status).toBe(200);
    const [row] = await t.deps.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, up.body.user.id));
    expect(row?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect((await t.request("/api/auth/sign-in/email", { json: { email, password: "a quiet room to write" } })).status).toBe(200);
    expect((await t.request("/api/auth/sign-in/email", { json: { email, password: "another room entirely" } })).status).toBe(401);
  });
});
