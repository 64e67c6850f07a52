import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ACCOUNT_DELETION_MESSAGES } from "#shared/schemas/account-deletion.ts";
import { admins, users } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/setup/app.ts";
import { createSubmission, createUser, type TestUser } from "#tests/factories.ts";
import { ACCOUNT_DELETE_LIMIT } from "./deletion.routes.ts";

/* Who may delete (only oneself), the last admin, and the limit on password attempts (real limits: scale 1). */

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: "1" });
  admin = await createUser(t, { name: "Only Admin", admin: true, confirmed: true });
});
afterAll(async () => {
  await t?.close();
});

const exists = async (id: string) => (await t.deps.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;
const remove = (u: TestUser, password = u.password) => t.json<{ message: string; code?: string }>("/api/me/account/delete", { json: { password, publicPieces: "delete" }, cookie: u.cookie });

describe("who may delete an account", () => {
  it("a visitor gets 401 on the preview and the delete", async () => {
    expect((await t.json("/api/me/account/deletion-preview")).status).toBe(401);
    const res = await t.json<{ message: string }>("/api/me/account/delete", { json: { password: "whatever it is", publicPieces: "delete" } });
    expect(res).toMatchObject({ status: 401, body: { message: ACCOUNT_DELETION_MESSAGES.loginRequired } });
  });

  it("a writer sees their own counts and deletes only their own account (another writer's password does nothing)", async () => {
    const [writer, another] = [await createUser(t, { name: "Counted" }), await createUser(t, { name: "Bystander", password: "another room entirely" })];
    await createSubmission(t, writer);
    await createSubmission(t, writer, { isPrivate: true });
    await createSubmission(t, writer, { isPrivate: true });
    const preview = await t.json("/api/me/account/deletion-preview", { cookie: writer.cookie });
    expect(preview).toEqual({ status: 200, body: { publicPieces: 1, privatePieces: 2, comments: 0, likes: 0, lastAdmin: false } });
    expect((await remove(writer, another.password)).status).toBe(422);
    expect(await exists(writer.id)).toBe(true);
    expect((await remove(another)).status).toBe(200);
    expect([await exists(writer.id), await exists(another.id)]).toEqual([true, false]);
  });

  it("the only admin is told to make someone else an admin first, before and at the delete", async () => {
    expect((await t.json<{ lastAdmin: boolean }>("/api/me/account/deletion-preview", { cookie: admin.cookie })).body.lastAdmin).toBe(true);
    const refused = await remove(admin);
    expect(refused).toMatchObject({ status: 409, body: { message: ACCOUNT_DELETION_MESSAGES.lastAdmin } });
    expect(await exists(admin.id)).toBe(true);
    // With a second admin, the first may go; the second is then the only one.
    const second = await createUser(t, { name: "Second Admin", admin: true, confirmed: true });
    expect((await t.json<{ lastAdmin: boolean }>("/api/me/account/deletion-preview", { cookie: admin.cookie })).body.lastAdmin).toBe(false);
    expect((await remove(admin)).status).toBe(200);
    expect(await t.deps.db.select().from(admins)).toEqual([expect.objectContaining({ userId: second.id })]);
    expect((await remove(second)).status).toBe(409);
  });

  it("limits password attempts per account", async () => {
    const writer = await createUser(t, { name: "Guessed At" });
    for (let i = 0; i < ACCOUNT_DELETE_LIMIT.max; i++) expect((await remove(writer, `wrong guess ${i}`)).status).toBe(422);
    const limited = await remove(writer);
    expect(limited.status).toBe(429);
    expect(await exists(writer.id)).toBe(true);
  });
});
